import { useQuery } from '@tanstack/react-query'
import { securityGroupQueries } from '../../../api/securityGroups'

/** The security group's name in the breadcrumb, from the cache the page loader filled. */
export function SecurityGroupCrumb({ securityGroupId }: { securityGroupId: string }) {
  const { data } = useQuery({ ...securityGroupQueries.detail(securityGroupId), select: (group) => group.metadata.name })
  return <>{data ?? securityGroupId}</>
}

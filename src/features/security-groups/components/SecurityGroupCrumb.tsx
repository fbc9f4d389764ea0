import { useQuery } from '@tanstack/react-query'
import { q } from '../../../api/endpoint'
import { securityGroupApi } from '../../../api/securityGroups'

/** The security group's name in the breadcrumb, from the cache the page loader filled. */
export function SecurityGroupCrumb({ securityGroupId }: { securityGroupId: string }) {
  const { data } = useQuery({
    ...q(securityGroupApi.detail, { securityGroupID: securityGroupId }),
    select: (group) => group.metadata.name,
  })
  return <>{data ?? securityGroupId}</>
}

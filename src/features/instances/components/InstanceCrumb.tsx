import { useQuery } from '@tanstack/react-query'
import { q } from '../../../api/endpoint'
import { instanceApi } from '../../../api/instances'

/** The instance's name in the breadcrumb, from the cache the page loader filled. */
export function InstanceCrumb({ instanceId }: { instanceId: string }) {
  const { data } = useQuery({
    ...q(instanceApi.detail, { instanceID: instanceId }),
    select: (instance) => instance.metadata.name,
  })
  return <>{data ?? instanceId}</>
}

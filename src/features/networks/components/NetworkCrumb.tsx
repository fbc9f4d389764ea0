import { useQuery } from '@tanstack/react-query'
import { q } from '../../../api/endpoint'
import { networkApi } from '../../../api/networks'

/** The network's name in the breadcrumb, from the cache the page loader filled. */
export function NetworkCrumb({ networkId }: { networkId: string }) {
  const { data } = useQuery({
    ...q(networkApi.detail, { networkID: networkId }),
    select: (network) => network.metadata.name,
  })
  return <>{data ?? networkId}</>
}

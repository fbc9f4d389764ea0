import { Anchor } from '../../../components/mantine/Anchor'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { q } from '../../../api/endpoint'
import { networkApi } from '../../../api/networks'
import { paths } from '../../../lib/paths'

/** The instance's network by name and prefix once its detail is in (its id until then), linking to it. */
export function InstanceNetworkLink({ networkId }: { networkId: string }) {
  const network = useQuery(q(networkApi.detail, { networkID: networkId }))
  return (
    <Anchor component={Link} to={paths.networks.item(networkId)} size="sm">
      {network.data ? `${network.data.metadata.name} (${network.data.status.prefix})` : networkId}
    </Anchor>
  )
}

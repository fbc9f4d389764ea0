import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { q } from '../../../api/endpoint'
import { reservationApi } from '../../../api/reservations'
import { Group } from '../../../components/mantine/Group'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { formatNumber } from '../../../lib/format'
import { paths } from '../../../lib/paths'
import { gpuCapacity } from '../../../lib/topology'
import { Panel } from './Panel'

/**
 * The organization's bare-metal GPUs, counted host by host in its topology: reserved by the reservations the caller
 * can read, of which placed (running a placement's server), and free to reserve in its allocation scope.
 */
export function GpuCapacityPanel({ organizationID, enabled }: { organizationID: string; enabled: boolean }) {
  const topology = useQuery({ ...q(reservationApi.topology, { organizationID }), enabled })
  const units = useQuery({ ...q(reservationApi.units, { organizationID }), enabled })
  return (
    <Panel
      title="GPU capacity"
      aside={<Link to={paths.topology()}>GPU topology</Link>}
      queries={[topology, units]}
      services={['reservation', 'reservation']}
      notOffered="This platform offers no bare-metal GPU reservations."
    >
      {() => {
        const perHost = (regionId: string, unit: { accelerator: string; unit: string }) => {
          const offer = units.data?.find(
            (u) => u.regionId === regionId && u.accelerator === unit.accelerator && u.unit === unit.unit,
          )
          return offer ? offer.gpusPerUnit / Math.max(offer.hostsPerUnit, 1) : 0
        }
        const { reserved, placed, free } = gpuCapacity(topology.data ?? [], perHost)
        const figures = [
          { label: 'Reserved', value: reserved, note: 'by your reservations' },
          { label: 'Placed', value: placed, note: 'running placement servers' },
          { label: 'Free', value: free, note: 'to reserve' },
        ]
        return (
          <Stack gap="xs">
            {figures.map((f) => (
              <Group key={f.label} justify="space-between" wrap="nowrap">
                <Text size="sm">
                  {f.label}{' '}
                  <Text span size="xs" c="dimmed">
                    {f.note}
                  </Text>
                </Text>
                <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatNumber(f.value)} GPUs
                </Text>
              </Group>
            ))}
          </Stack>
        )
      }}
    </Panel>
  )
}

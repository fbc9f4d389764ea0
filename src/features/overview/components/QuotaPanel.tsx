import { Group } from '../../../components/mantine/Group'
import { Progress } from '../../../components/mantine/Progress'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { useQuery } from '@tanstack/react-query'
import { formatNumber } from '../../../lib/format'
import { overviewQueries, overviewServices } from '../overview-queries'
import { Panel } from './Panel'

/** The accent below 70 %, amber to 90 %, red above: the point is to see what runs out first. */
function usageColor(share: number): string {
  if (share >= 0.9) return 'red'
  if (share >= 0.7) return 'amber.7'
  return 'iris'
}

/** The organization's quotas as the platform reports them: used of the limit, per kind of resource. */
export function QuotaPanel({ organizationID, enabled }: { organizationID: string; enabled: boolean }) {
  const query = useQuery({ ...overviewQueries.quotas(organizationID), enabled })
  return (
    <Panel
      title="Quota use"
      queries={[query]}
      services={[overviewServices.quotas]}
      notOffered="This platform does not report quotas."
    >
      {() =>
        query.data?.length ? (
          <Stack gap="sm">
            {query.data.map((quota) => {
              const share = quota.quantity > 0 ? Math.min(quota.used / quota.quantity, 1) : 1
              const name = quota.displayName ?? quota.kind
              return (
                <div key={quota.kind} title={quota.description}>
                  <Group justify="space-between" gap="xs" mb={4} wrap="nowrap">
                    <Text size="sm">{name}</Text>
                    {/* The name may wrap; the figures never break after "of". */}
                    <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                      {formatNumber(quota.used)} of {formatNumber(quota.quantity)}
                    </Text>
                  </Group>
                  <Progress
                    value={share * 100}
                    color={usageColor(share)}
                    size="md"
                    aria-label={`${name}: ${formatNumber(quota.used)} of ${formatNumber(quota.quantity)} used`}
                  />
                </div>
              )
            })}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            No quotas are set for this organization.
          </Text>
        )
      }
    </Panel>
  )
}

import { Group } from '../../../components/mantine/Group'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { useQuery } from '@tanstack/react-query'
import { formatNumber } from '../../../lib/format'
import { overviewQueries, overviewServices } from '../overview-queries'
import { Panel } from './Panel'
import classes from './QuotaPanel.module.css'

/** The accent below 70 %, amber to 90 %, red above: the point is to see what runs out first. */
function usageLevel(share: number): 'high' | 'near' | undefined {
  if (share >= 0.9) return 'high'
  if (share >= 0.7) return 'near'
  return undefined
}

/**
 * The organization's quotas as the platform reports them: used of the limit, per kind of resource. Said to be the whole
 * organization's: a caller whose roles reach some of its projects counts fewer instances in the tiles above than the
 * servers in use here.
 */
export function QuotaPanel({ organizationID, enabled }: { organizationID: string; enabled: boolean }) {
  const query = useQuery({ ...overviewQueries.quotas(organizationID), enabled })
  return (
    <Panel
      title="Quota use"
      aside={
        <Text size="xs" c="dimmed">
          Whole organization
        </Text>
      }
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
                <div key={quota.kind}>
                  <Group justify="space-between" gap="xs" mb={4} wrap="nowrap">
                    <Text size="sm">{name}</Text>
                    {/* The name may wrap; the figures never break after "of". */}
                    <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                      {formatNumber(quota.used)} of {formatNumber(quota.quantity)}
                    </Text>
                  </Group>
                  {/* What the kind counts, in view: the servers in use are more than the instances listed when
                      Kubernetes workers count too. */}
                  {quota.description && (
                    <Text size="xs" c="dimmed" mb={4}>
                      {quota.description}
                    </Text>
                  )}
                  {/* A plain bar with Mantine's Progress look: the overview's first screen renders no Mantine
                      component it can do without (each brought a chunk of its own, and its helpers'). */}
                  <div className={classes.track}>
                    <div
                      className={classes.used}
                      data-level={usageLevel(share)}
                      style={{ width: `${share * 100}%` }}
                      role="progressbar"
                      aria-valuenow={Math.round(share * 100)}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-label={`${name}: ${formatNumber(quota.used)} of ${formatNumber(quota.quantity)} used`}
                    />
                  </div>
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

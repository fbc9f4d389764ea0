import { notifications } from '@mantine/notifications'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { m } from '../../api/endpoint'
import { isApiError } from '../../api/errors'
import {
  releaseBlockersSchema,
  reservationApi,
  type ReservationOverlay,
  type TopologyProjection,
} from '../../api/reservations'
import { ConfirmAction } from '../../components/ConfirmAction'
import { alertOf, ErrorAlert } from '../../components/ErrorAlert'
import { Alert } from '../../components/mantine/Alert'
import { Button } from '../../components/mantine/Button'
import { Checkbox } from '../../components/mantine/Checkbox'
import { List } from '../../components/mantine/List'
import { Paper } from '../../components/mantine/Paper'
import { Stack } from '../../components/mantine/Stack'
import { Text } from '../../components/mantine/Text'
import { Title } from '../../components/mantine/Title'
import { formatNumber } from '../../lib/format'
import { paths } from '../../lib/paths'
import { domainNames } from '../../lib/topology'
import { ManagingPool } from './ManagingPool'
import { topologyChanges } from './topology-changes'

interface ReleaseUnitsProps {
  reservationID: string
  overlay: ReservationOverlay
  projection: TopologyProjection
  /** Reads the topology again; resolves once it is in. */
  reload: () => Promise<unknown>
  /** Whether the caller's ACL lets it change reservations (else the platform decides). */
  refusal?: string
}

/**
 * The reservation's units, each with its NVLink domain and whether a placement still runs on it; the ticked ones are
 * released with the entity tag this page read. A 412 reloads the topology and says what changed since; a 422 names
 * each blocker and links to it. The ticks stay through either.
 */
export function ReleaseUnits({ reservationID, overlay, projection, reload, refusal }: ReleaseUnitsProps) {
  const [ticked, setTicked] = useState<string[]>([])
  const [stale, setStale] = useState<string[]>()
  // Asked first: a released unit's hosts go back to the platform at once, for anyone to reserve.
  const [asking, setAsking] = useState(false)
  const release = useMutation(m(reservationApi.release))
  const names = domainNames(projection)
  const units = Object.entries(overlay.units ?? {})
  const tag = overlay.topologyEntityTag ?? ''
  const unitName = (id: string) => {
    const [first] = overlay.units?.[id]?.infrastructureRefs ?? []
    return (first && names.get(first)) ?? `unit ${id.slice(0, 8)}`
  }
  const kept = ticked.filter((id) => overlay.units?.[id])
  const heldAfter = Math.max(0, units.length - kept.length)
  const releaseLabel = kept.length > 1 ? `Release ${formatNumber(kept.length)} units` : 'Release unit'

  const send = () => {
    const sent = overlay
    setStale(undefined)
    release.mutate(
      { reservationID, entityTag: tag, body: { spec: { unitIds: kept } } },
      {
        onSuccess: (result) => {
          setTicked([])
          const n = result.releasedUnits.length
          notifications.show({ color: 'green', message: `${n} unit${n === 1 ? '' : 's'} released.` })
        },
        onError: async (error) => {
          if (isApiError(error) && error.status === 412) {
            const fresh = await reload()
            setStale(topologyChanges(sent, fresh as ReservationOverlay | undefined, unitName))
          }
        },
      },
    )
  }

  const blockers =
    isApiError(release.error) && release.error.status === 422
      ? releaseBlockersSchema.safeParse(release.error.details).data?.blockers
      : undefined

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="units-title">
      <Title order={2} size="h4" id="units-title" mb="xs">
        Units
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Release whole units the reservation no longer needs: all the ticked ones go, or none. A unit that still runs a
        placement's servers cannot go; delete or shrink the placement first, or the node pool that owns it.
      </Text>
      {units.length === 0 ? (
        <Text size="sm">The reservation holds no units.</Text>
      ) : (
        <Checkbox.Group value={kept} onChange={setTicked} label="Units to release">
          <Stack gap="xs" mt="xs">
            {units.map(([id, unit]) => (
              <Checkbox
                key={id}
                value={id}
                label={unitName(id)}
                description={`${formatNumber(unit.infrastructureRefs.length)} host${unit.infrastructureRefs.length === 1 ? '' : 's'}; ${unit.occupied ? 'runs placement servers' : 'no servers'}`}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
      {stale && (
        <Alert color="yellow" title="The topology changed since this page read it" mt="md" role="alert">
          <Text size="sm">
            The platform refused the release (412): its entity tag no longer matched. The topology has been read again
            {stale.length ? ':' : '.'}
          </Text>
          {stale.length > 0 && (
            <List size="sm" mt="xs">
              {stale.map((change) => (
                <List.Item key={change}>{change}</List.Item>
              ))}
            </List>
          )}
          <Text size="sm" mt="xs">
            Check the ticked units and release again.
          </Text>
        </Alert>
      )}
      {blockers ? (
        <Alert color="red" title="These units still run servers; none was released" mt="md" role="alert">
          <List size="sm">
            {blockers.map((blocker) => (
              <List.Item key={blocker.unitId}>
                {unitName(blocker.unitId)}:{' '}
                {blocker.consumers.length === 0
                  ? 'occupied by a placement you cannot read'
                  : blocker.consumers.map((consumer, i) => (
                      <span key={consumer.placementId}>
                        {i > 0 && '; '}
                        placement{' '}
                        <Link to={paths.placements.item(consumer.placementId)}>
                          {projection.overlays.placements[consumer.placementId]?.metadata.name ?? consumer.placementId}
                        </Link>
                        {consumer.serverIds.length > 0 &&
                          ` (${consumer.serverIds.length} server${consumer.serverIds.length === 1 ? '' : 's'})`}
                        {consumer.managedBy?.kind === 'NodePool' && <ManagingPool poolId={consumer.managedBy.id} />}
                      </span>
                    ))}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : (
        release.error &&
        !(isApiError(release.error) && release.error.status === 412) && (
          <ErrorAlert {...alertOf(release.error)} mt="md" />
        )
      )}
      <Button
        mt="md"
        variant="default"
        color="red"
        disabled={kept.length === 0 || Boolean(refusal)}
        title={refusal}
        loading={release.isPending}
        onClick={() => setAsking(true)}
      >
        {releaseLabel}
      </Button>
      <ConfirmAction
        opened={asking}
        title={`${releaseLabel}?`}
        confirmLabel={releaseLabel}
        color="red"
        loading={false}
        errorTitle="The units were not released"
        onClose={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false)
          send()
        }}
      >
        {kept.map(unitName).join(', ')} go{kept.length === 1 ? 'es' : ''} back to the platform, where any organization
        may reserve {kept.length === 1 ? 'it' : 'them'}; the reservation then holds{' '}
        {heldAfter === 1 ? '1 unit' : `${formatNumber(heldAfter)} units`}.
      </ConfirmAction>
    </Paper>
  )
}

import type { QueryClient } from '@tanstack/react-query'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { q } from '../../../api/endpoint'
import { reservationApi } from '../../../api/reservations'
import { alertOf, ErrorAlert } from '../../../components/ErrorAlert'
import { Group } from '../../../components/mantine/Group'
import { Paper } from '../../../components/mantine/Paper'
import { Select } from '../../../components/mantine/Select'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { Title } from '../../../components/mantine/Title'
import { PageHeader } from '../../../components/PageHeader'
import { StatusBadge } from '../../../components/StatusBadge'
import { paths } from '../../../lib/paths'
import { useStoredScope } from '../../../lib/scope'
import { ensureScope } from '../../../lib/scope-loader'
import { HOST_STATE_WORDS, type HostState } from '../../../lib/topology'
import { useScopeNames } from '../../../lib/use-scope-names'
import { spotsOf, TopologyGrid, TopologyLegend, type HostSpot } from '../TopologyGrid'

export function loader(queryClient: QueryClient) {
  return async () => {
    await ensureScope(queryClient)
    return null
  }
}

/** The hovered or focused host, named with links to its reservation, placement and server. */
function HostDetails({ spot }: { spot: HostSpot | undefined }) {
  return (
    <Paper withBorder p="sm" radius="md" aria-live="polite" aria-atomic>
      {!spot ? (
        <Text size="sm" c="dimmed">
          Hover or focus a host (Tab to the picture, then the arrow keys) to see its reservation, placement and server.
        </Text>
      ) : (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {spot.where}: {HOST_STATE_WORDS[spot.state]}
          </Text>
          {spot.host.reservationRef && (
            <Text size="sm">
              Reservation{' '}
              <Link to={paths.reservations.item(spot.host.reservationRef)}>
                {spot.reservation ?? spot.host.reservationRef}
              </Link>
            </Text>
          )}
          {spot.host.placementRef && (
            <Text size="sm">
              Placement{' '}
              <Link to={paths.placements.item(spot.host.placementRef)}>{spot.placement ?? spot.host.placementRef}</Link>
            </Text>
          )}
          {spot.server && (
            <Group gap={6}>
              <Text size="sm">Server {spot.server}</Text>
              <StatusBadge value={spot.powerState} label="Power state" />
              <Text size="sm">{spot.host.server?.status.privateIP ?? 'no address yet'}</Text>
            </Group>
          )}
          <Text size="xs" c="dimmed" ff="monospace">
            host {spot.host.infrastructureRef}
          </Text>
        </Stack>
      )}
    </Paper>
  )
}

export function Component() {
  const { organizationId = '' } = useStoredScope()
  const [params, setParams] = useSearchParams()
  const region = params.get('region') ?? undefined
  const accelerator = params.get('accelerator') ?? undefined
  const names = useScopeNames(organizationId)
  const units = useQuery({
    ...q(reservationApi.units, { organizationID: organizationId }),
    enabled: Boolean(organizationId),
  })
  const topology = useQuery({
    ...q(reservationApi.topology, { organizationID: organizationId, regionID: region, accelerator }),
    enabled: Boolean(organizationId),
  })
  const [active, setActive] = useState<HostSpot>()
  const setFilter = (key: string, value: string | null) => {
    const next = new URLSearchParams(params)
    if (value) next.set(key, value)
    else next.delete(key)
    setParams(next, { replace: true, preventScrollReset: true })
  }
  const accelerators = [...new Set((units.data ?? []).map((u) => u.accelerator))]
  const counts: Record<HostState, number> = { placed: 0, reserved: 0, held: 0, free: 0 }
  const regions = (topology.data ?? []).map((r) => ({
    ...r,
    projections: r.projections.map((projection) => {
      const rows = spotsOf(projection)
      for (const row of rows) for (const spot of row.hosts) counts[spot.state]++
      return { projection, rows }
    }),
  }))
  return (
    <>
      <PageHeader
        title="GPU topology"
        description="The organization's bare-metal GPU hardware, region by region down to each host: which hosts its reservations hold, which run placement servers, and which are free."
      />
      <Stack gap="md">
        <Group gap="md" align="flex-end">
          <Select
            label="Region"
            placeholder="All regions"
            clearable
            value={region ?? null}
            onChange={(value) => setFilter('region', value)}
            data={names.regionOptions}
            w={200}
          />
          <Select
            label="Accelerator"
            placeholder="All accelerators"
            clearable
            value={accelerator ?? null}
            onChange={(value) => setFilter('accelerator', value)}
            data={accelerators}
            w={200}
          />
        </Group>
        <TopologyLegend counts={counts} />
        <HostDetails spot={active} />
        {topology.error && <ErrorAlert {...alertOf(topology.error)} />}
        {topology.isPending && organizationId && <Text size="sm">Reading the topology…</Text>}
        {topology.data && regions.every((r) => r.projections.length === 0) && (
          <Text size="sm">
            No GPU hardware is allocated to this organization{region || accelerator ? ' with these filters' : ''}.
          </Text>
        )}
        {regions
          .filter((r) => r.projections.length > 0)
          .map((r) => (
            <Paper
              key={r.regionId}
              withBorder
              p="md"
              radius="md"
              component="section"
              aria-label={`Region ${names.regionName.get(r.regionId) ?? r.regionId}`}
            >
              <Title order={2} size="h4" mb="sm">
                {names.regionName.get(r.regionId) ?? r.regionId}
              </Title>
              <Stack gap="lg">
                {r.projections.map(({ projection, rows }) => {
                  const label = `${projection.reservationUnit.accelerator} ${projection.reservationUnit.unit} in ${names.regionName.get(r.regionId) ?? r.regionId}`
                  return (
                    <div key={label}>
                      <Title order={3} size="h5" mb={4}>
                        {projection.reservationUnit.accelerator} {projection.reservationUnit.unit}
                      </Title>
                      <Text size="xs" c="dimmed" mb="xs">
                        {rows.length} NVLink domains of {projection.reservationUnit.hostsPerUnit} host
                        {projection.reservationUnit.hostsPerUnit === 1 ? '' : 's'}; one domain is one reservation unit.
                      </Text>
                      <TopologyGrid
                        label={`Hosts of ${label}`}
                        rows={rows}
                        active={active?.host.infrastructureRef}
                        onActive={setActive}
                      />
                    </div>
                  )
                })}
              </Stack>
            </Paper>
          ))}
      </Stack>
    </>
  )
}

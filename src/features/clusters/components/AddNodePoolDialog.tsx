import type { Flavor } from '../../../api/schemas/regional'
import { FormShell } from '../../../components/form/FormShell'
import { FormSection, NameFields } from '../../../components/form/FormPage'
import { NumberField, SelectField } from '../../../components/form/fields'
import { RowsEditor } from '../../../components/form/RowsEditor'
import { useResourceForm } from '../../../components/form/useResourceForm'
import { Modal } from '../../../components/mantine/Modal'
import { SegmentedControl } from '../../../components/mantine/SegmentedControl'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { Unbroken } from '../../../components/Unbroken'
import type { ReactNode } from 'react'
import { useController } from 'react-hook-form'
import { useQuery } from '@tanstack/react-query'
import { nodePoolApi, type Cluster, type NodePool } from '../../../api/clusters'
import { q } from '../../../api/endpoint'
import { placementApi, type Placement, type Reservation, type ReservationUnit } from '../../../api/reservations'
import { formatNumber } from '../../../lib/format'
import { roomIn } from '../reservation-room'
import { paths } from '../../../lib/paths'
import { nodePoolCreateFor, nodePoolDefaults, TAINT_EFFECTS, TAINT_PROPAGATIONS } from '../node-pool-form'

interface AddNodePoolDialogProps {
  cluster: Cluster
  /** The cluster's region as people read it, not its id. */
  regionName: string
  flavors: readonly Flavor[]
  /** The cluster's project's reservations in its region, and that region's reservation units. */
  reservations: readonly Reservation[]
  units: readonly ReservationUnit[]
  opened: boolean
  onClose: () => void
}

/**
 * A node pool's create form, over the cluster's page: the page stays, and the new pool appears in its list. Wide, so a
 * taint's four columns keep their words beside the request preview.
 */
export function AddNodePoolDialog({ opened, onClose, ...offered }: AddNodePoolDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Add node pool"
      size="72rem"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened && <PoolForm {...offered} onClose={onClose} />}
    </Modal>
  )
}

function PoolForm({
  cluster,
  regionName,
  flavors,
  reservations,
  units,
  onClose,
}: Omit<AddNodePoolDialogProps, 'opened'>) {
  const { form, submit, values } = useResourceForm({
    ...nodePoolCreateFor(cluster.metadata.id),
    defaultValues: nodePoolDefaults,
    params: {},
    cancelTo: paths.clusters.item(cluster.metadata.id),
    savedMessage: (saved) => `Node pool ${saved.metadata.name} added; its workers are starting.`,
    onSaved: onClose,
  })
  const mode = useController({ control: form.control, name: 'provisioningMode' })
  const usage = useReservationUsage(cluster, values.provisioningMode === 'reservation')
  return (
    <FormShell {...submit} submitLabel="Add node pool" onCancel={onClose}>
      <FormSection>
        <NameFields control={form.control} />
      </FormSection>
      <FormSection>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="pool-capacity">
            Workers from
          </Text>
          <SegmentedControl
            aria-labelledby="pool-capacity"
            value={mode.field.value}
            onChange={(next) => mode.field.onChange(next)}
            data={[
              { value: 'compute', label: 'A flavor' },
              { value: 'reservation', label: 'A reservation' },
            ]}
          />
        </Stack>
        {values.provisioningMode === 'compute' ? (
          <SelectField
            control={form.control}
            name="flavorId"
            label="Flavor"
            withAsterisk
            searchable
            placeholder="Choose a flavor"
            description={
              <>
                Each worker is one server of this flavor, in <Unbroken>{regionName}</Unbroken>.
              </>
            }
            data={flavors.map((flavor) => ({ value: flavor.metadata.id, label: flavor.metadata.name }))}
          />
        ) : (
          <SelectField
            control={form.control}
            name="reservationId"
            label="Reservation"
            withAsterisk
            placeholder={reservations.length ? 'Choose a reservation' : 'No reservation here'}
            description={reservationUse(reservations, units, usage, regionName, values.reservationId, values.replicas)}
            data={reservations.map((reservation) => ({
              value: reservation.metadata.id,
              label: `${reservation.metadata.name} · ${reservation.status.claimedUnitCount} × ${reservation.spec.accelerator} ${reservation.spec.unit}`,
              // One whose units were all released has no host for a worker: shown, so it is not missed, but not chosen.
              disabled: reservation.status.claimedUnitCount === 0,
            }))}
          />
        )}
        <NumberField
          control={form.control}
          name="replicas"
          label="Workers"
          description="How many workers the pool keeps; you can scale it later."
          min={0}
          withAsterisk
        />
      </FormSection>
      <FormSection>
        <RowsEditor
          control={form.control}
          name="taints"
          label="Taints"
          description="Only pods that tolerate a taint are scheduled on the pool's workers (e.g. nvidia.com/gpu for GPU workloads)."
          empty="No taints: any pod may run on these workers."
          row="taint"
          inputs={[
            { field: 'key', heading: 'Key', label: (row) => `Taint key ${row}`, placeholder: 'e.g. nvidia.com/gpu' },
            { field: 'value', heading: 'Value', label: (row) => `Taint value ${row}`, placeholder: 'optional' },
            {
              field: 'effect',
              heading: 'Effect',
              label: (row) => `Taint effect ${row}`,
              placeholder: '',
              options: TAINT_EFFECTS,
            },
            {
              field: 'propagation',
              heading: 'Applied',
              label: (row) => `Taint propagation ${row}`,
              placeholder: '',
              options: TAINT_PROPAGATIONS,
            },
          ]}
        />
      </FormSection>
    </FormShell>
  )
}

/**
 * What the chosen reservation gives the pool: a worker is one of its hosts, so the pool's workers take whole units, as
 * many as their hosts fill; or where a reservation comes from, when none is chosen or there is none.
 */
function reservationUse(
  reservations: readonly Reservation[],
  units: readonly ReservationUnit[],
  usage: Usage | undefined,
  regionName: string,
  reservationId: string,
  replicas: number,
): ReactNode {
  const region = <Unbroken>{regionName}</Unbroken>
  if (!reservations.length)
    return <>The cluster's project holds no reservation in {region}: reserve units on the Reservations page first.</>
  const reservation = reservations.find((r) => r.metadata.id === reservationId)
  if (!reservation) return <>The reservation whose hosts the workers run on, one worker a host, in {region}.</>
  const { claimedUnitCount: held } = reservation.status
  const unit = units.find((u) => u.accelerator === reservation.spec.accelerator && u.unit === reservation.spec.unit)
  if (!unit) return `${reservation.metadata.name} holds ${held} units; one worker a host.`
  const hosts = held * unit.hostsPerUnit
  const holds = `${reservation.metadata.name} holds ${held} units of ${unit.hostsPerUnit} hosts (${hosts} hosts)`
  // Until the placements and pools are read, what the reservation holds; the platform still counts at the submit.
  if (!usage) return `${holds}; one worker a host.`
  const room = roomIn(reservationId, hosts, usage.placements, usage.pools)
  const free = `${formatNumber(room.free)} free: its placements hold ${formatNumber(room.placed)} and node pools ${formatNumber(room.pooled)}`
  const fits =
    replicas <= room.free
      ? `${replicas} workers fit.`
      : `${replicas} workers are more than its ${formatNumber(room.free)} free hosts.`
  return `${holds}, ${free}. ${fits}`
}

/** What already runs on the project's reservations: its placements and its node pools, in every cluster. */
interface Usage {
  placements: readonly Placement[]
  pools: readonly NodePool[]
}

/** Read once the form asks for a reservation, for its hint: the cluster's page needs neither. */
function useReservationUsage(cluster: Cluster, enabled: boolean): Usage | undefined {
  const filters = { organizationID: [cluster.metadata.organizationId], projectID: [cluster.metadata.projectId] }
  const placements = useQuery({ ...q(placementApi.list, filters), enabled }).data
  const pools = useQuery({ ...q(nodePoolApi.list, filters), enabled }).data
  return placements && pools ? { placements, pools } : undefined
}

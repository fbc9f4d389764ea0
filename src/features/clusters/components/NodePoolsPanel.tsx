import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { nodePoolApi, type Cluster, type NodePool } from '../../../api/clusters'
import type { Reservation } from '../../../api/reservations'
import { m } from '../../../api/endpoint'
import { readOf, readQuery } from '../../../api/read'
import { pollWhileSettling } from '../../../api/settling'
import type { Flavor } from '../../../api/schemas/regional'
import { ConfirmDelete } from '../../../components/ConfirmDelete'
import { NumberText, wholeNumberProblem } from '../../../components/form/NumberText'
import { ErrorAlert, alertOf } from '../../../components/ErrorAlert'
import { Button } from '../../../components/mantine/Button'
import { Code } from '../../../components/mantine/Code'
import { Group } from '../../../components/mantine/Group'
import { Modal } from '../../../components/mantine/Modal'
import { Paper } from '../../../components/mantine/Paper'
import { Stack } from '../../../components/mantine/Stack'
import { Table } from '../../../components/mantine/Table'
import { Text } from '../../../components/mantine/Text'
import { Title } from '../../../components/mantine/Title'
import { PermittedAction } from '../../../components/PermittedAction'
import { ResourceStatus } from '../../../components/StatusBadge'
import { TableScroll } from '../../../components/TableScroll'
import { formatNumber } from '../../../lib/format'
import { useAccess } from '../../../lib/permissions'
import { resources } from '../../../lib/resources'
import { clusterReads } from '../cluster-reads'
import { detailText, replicaCounts } from '../cluster-words'
import { scaledBody } from '../node-pool-form'
import { AddNodePoolDialog } from './AddNodePoolDialog'

/** The cluster's node pools: their workers converging, each scaled or deleted here, and new ones added. */
export function NodePoolsPanel({ cluster, regionName }: { cluster: Cluster; regionName: string }) {
  const related = clusterReads.related(cluster)
  // Polled while any pool is converging, so the counts move as the workers come and go.
  const pools = useQuery({
    ...readQuery(related.nodePools),
    refetchInterval: pollWhileSettling,
  })
  const flavors = useQuery(readQuery(related.flavors)).data ?? []
  const reservations = useQuery(readQuery(related.reservations)).data ?? []
  const units = useQuery(readQuery(related.reservationUnits)).data ?? []
  const access = useAccess()
  const [adding, setAdding] = useState(false)
  const [scaling, setScaling] = useState<NodePool>()
  const [deleting, setDeleting] = useState<NodePool>()
  const goingAway = cluster.metadata.provisioningStatus === 'deprovisioning'
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Node pools
          </Title>
          <PermittedAction
            variant="light"
            onClick={() => setAdding(true)}
            disabledReason={
              access.reason(resources.nodePools, 'create') ?? (goingAway ? 'The cluster is being deleted.' : undefined)
            }
          >
            Add node pool
          </PermittedAction>
        </Group>
        {pools.error ? (
          <ErrorAlert {...alertOf(pools.error, 'The platform did not list the node pools')} />
        ) : pools.data === undefined ? (
          <Text size="sm" c="dimmed">
            Loading node pools…
          </Text>
        ) : pools.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No node pools: the control plane runs, but no pod can be scheduled until a pool adds workers.
          </Text>
        ) : (
          <TableScroll minWidth={860}>
            <Table aria-label="Node pools" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Workers from</Table.Th>
                  <Table.Th>Desired</Table.Th>
                  <Table.Th>Current</Table.Th>
                  <Table.Th>Ready</Table.Th>
                  <Table.Th>Up to date</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th>Taints</Table.Th>
                  {/* Named for screen readers without a visually hidden child: one positioned outside the scroll box
                      would widen the page on a phone. */}
                  <Table.Th aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {pools.data.map((pool) => (
                  <PoolRow
                    key={pool.metadata.id}
                    pool={pool}
                    flavors={flavors}
                    reservations={reservations}
                    onScale={() => setScaling(pool)}
                    onDelete={() => setDeleting(pool)}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </Stack>
      <AddNodePoolDialog
        cluster={cluster}
        regionName={regionName}
        flavors={flavors}
        reservations={reservations}
        units={units}
        opened={adding}
        onClose={() => setAdding(false)}
      />
      <ScaleDialog pool={scaling} onClose={() => setScaling(undefined)} />
      <DeletePoolDialog pool={deleting} onClose={() => setDeleting(undefined)} />
    </Paper>
  )
}

function PoolRow({
  pool,
  flavors,
  reservations,
  onScale,
  onDelete,
}: {
  pool: NodePool
  flavors: readonly Flavor[]
  reservations: readonly Reservation[]
  onScale: () => void
  onDelete: () => void
}) {
  const access = useAccess()
  const going = pool.metadata.provisioningStatus === 'deprovisioning'
  const flavorId = pool.spec.compute?.flavorId
  const reservationId = pool.spec.reservation?.reservationId
  const source = flavorId
    ? (flavors.find((f) => f.metadata.id === flavorId)?.metadata.name ?? flavorId)
    : `Reservation ${reservations.find((r) => r.metadata.id === reservationId)?.metadata.name ?? reservationId ?? '—'}`
  const detail = pool.metadata.provisioningStatusDetail
  const name = pool.metadata.name
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500}>
        {name}
      </Table.Th>
      <Table.Td>{source}</Table.Td>
      {replicaCounts(pool).map(({ label, value }) => (
        <Table.Td key={label} aria-label={`${label} workers of ${name}`}>
          {value === undefined ? '—' : formatNumber(value)}
        </Table.Td>
      ))}
      <Table.Td>
        <Stack gap={2}>
          <ResourceStatus provisioning={pool.metadata.provisioningStatus} health={pool.metadata.healthStatus} />
          {detail && (
            <Text size="xs" c="dimmed">
              {detailText(pool.metadata.provisioningStatus, detail)}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        {pool.spec.taints?.length ? (
          <Stack gap={2}>
            {pool.spec.taints.map((taint) => (
              <Code key={`${taint.key}:${taint.effect}`}>
                {taint.key}
                {taint.value ? `=${taint.value}` : ''}:{taint.effect}
              </Code>
            ))}
          </Stack>
        ) : (
          '—'
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <PermittedAction
            size="xs"
            variant="default"
            onClick={onScale}
            aria-label={`Scale ${name}`}
            disabledReason={
              access.reason(resources.nodePools, 'update') ?? (going ? 'The pool is being deleted.' : undefined)
            }
          >
            Scale
          </PermittedAction>
          <PermittedAction
            size="xs"
            variant="subtle"
            color="red"
            onClick={onDelete}
            aria-label={`Delete ${name}`}
            disabledReason={
              access.reason(resources.nodePools, 'delete') ?? (going ? 'The pool is already being deleted.' : undefined)
            }
          >
            Delete
          </PermittedAction>
        </Group>
      </Table.Td>
    </Table.Tr>
  )
}

/** A new worker count for the pool: its spec goes back whole, with the count changed. */
function ScaleDialog({ pool, onClose }: { pool: NodePool | undefined; onClose: () => void }) {
  const client = useQueryClient()
  const update = useMutation({
    ...m(nodePoolApi.update),
    // The update takes the whole pool, and the dialog holds the pool as the panel read it: it is read again as the
    // scale is sent, so what someone else changed on it meanwhile (its description, tags, taints) goes back as it is
    // now, not as it was. A failed read is said in the dialog, the count kept, as a refused scale is.
    mutationFn: async ({ nodePoolID, body }: Parameters<typeof nodePoolApi.update.call>[0]) => {
      const now = await client.fetchQuery({ ...readQuery(readOf(nodePoolApi.detail, { nodePoolID })), staleTime: 0 })
      return nodePoolApi.update.call({ nodePoolID, body: scaledBody(now, body.spec.replicas) })
    },
  })
  const close = () => {
    update.reset()
    onClose()
  }
  return (
    <Modal
      opened={pool !== undefined}
      onClose={close}
      title="Scale node pool"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {pool && <ScaleForm pool={pool} update={update} onClose={close} />}
    </Modal>
  )
}

function ScaleForm({
  pool,
  update,
  onClose,
}: {
  pool: NodePool
  update: ReturnType<typeof useMutation<NodePool, Error, Parameters<typeof nodePoolApi.update.call>[0]>>
  onClose: () => void
}) {
  const [replicas, setReplicas] = useState<number | undefined>(pool.spec.replicas)
  const refuse = (value: number | undefined) =>
    wholeNumberProblem(value, { min: 0, max: 2147483647, noun: 'The number of workers' })
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        if (replicas === undefined || refuse(replicas)) return
        update.mutate(
          { nodePoolID: pool.metadata.id, body: scaledBody(pool, replicas) },
          { onSuccess: () => onClose() },
        )
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          {pool.metadata.name} asks for {formatNumber(pool.spec.replicas)} workers. The platform adds or removes them
          one at a time; the table follows them.
        </Text>
        <NumberText label="Workers" value={replicas} refuse={refuse} onChange={setReplicas} data-autofocus />
        {update.error && <ErrorAlert {...alertOf(update.error, 'The platform refused to scale the node pool')} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Scale
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

function DeletePoolDialog({ pool, onClose }: { pool: NodePool | undefined; onClose: () => void }) {
  const remove = useMutation(m(nodePoolApi.delete))
  const close = () => {
    remove.reset()
    onClose()
  }
  return (
    <ConfirmDelete
      opened={pool !== undefined}
      onClose={close}
      onConfirm={() => pool && remove.mutate({ nodePoolID: pool.metadata.id }, { onSuccess: close })}
      kind="node pool"
      name={pool?.metadata.name ?? ''}
      loading={remove.isPending}
      failure={remove.error}
      consequences={<Text size="sm">Its workers are drained and removed; pods on them are rescheduled elsewhere.</Text>}
    />
  )
}

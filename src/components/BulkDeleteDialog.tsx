import { Alert } from './mantine/Alert'
import { Button } from './mantine/Button'
import { Group } from './mantine/Group'
import { Modal } from './mantine/Modal'
import { ScrollArea } from './mantine/ScrollArea'
import { Stack } from './mantine/Stack'
import { Text } from './mantine/Text'
import { useMutation } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { acceptedOnly } from '../api/client'
import { m } from '../api/endpoint'
import { isInUse, traceIdsOf } from '../api/errors'
import { formatCount, formatNumber } from '../lib/format'
import { resources, singular, type Resource } from '../lib/resources'
import { capitalized } from '../lib/words'
import { TraceLine } from './ErrorAlert'
import { UsersList, useUsersOf } from './InUseBy'
import { alreadyGoing, rowName, type Listed, type RowDelete } from './list/row-delete'
import classes from './BulkDeleteDialog.module.css'

/** One row's outcome: sent, deleted (204), being deleted (202), refused in the platform's words, or not sent. */
type Outcome =
  | { state: 'pending' }
  | { state: 'deleted'; accepted: boolean }
  | { state: 'failed'; error: Error }
  | { state: 'skipped'; reason: string }

/** "3 networks", "network": the count the title and the button say. */
const counted = (n: number, resource: Resource) =>
  n === 1 ? singular(resource) : `${formatNumber(n)} ${resource.noun[1]}`

interface BulkDeleteDialogProps<T extends Listed> {
  resource: Resource
  remove: RowDelete<T>
  /** The rows asked about, fixed when the dialog opened: the list refreshing underneath does not change them. */
  targets: T[]
  organizationID: string
  opened: boolean
  onClose: () => void
  /** The deletes were sent and the user closed the results: the selection is done with. */
  onDone: () => void
}

/**
 * The list's bulk delete: one confirmation that names every selected row and what each deletion would break (the
 * kinds whose items use it, as the delete dialog says for one), then every delete sent on its own, and what became of
 * each, a refusal in the platform's words.
 */
export default function BulkDeleteDialog<T extends Listed>({
  resource,
  remove,
  targets,
  organizationID,
  opened,
  onClose,
  onDone,
}: BulkDeleteDialogProps<T>) {
  const mutation = useMutation(m(remove.endpoint))
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, Outcome>>()
  const kind = singular(resource)
  const sent = targets.filter((row) => !alreadyGoing(row, kind))
  const running = outcomes ? [...outcomes.values()].some((o) => o.state === 'pending') : false
  const settle = (id: string, outcome: Outcome) => setOutcomes((now) => new Map(now).set(id, outcome))

  const confirm = async () => {
    setOutcomes(
      new Map(
        targets.map((row) => {
          const reason = alreadyGoing(row, kind)
          return [row.metadata.id, reason ? { state: 'skipped', reason } : { state: 'pending' }]
        }),
      ),
    )
    // All at once, each settling on its own: one refusal does not hold back or stop the others.
    await Promise.all(
      sent.map((row) =>
        mutation
          .mutateAsync(remove.variables(row, organizationID))
          .then(
            (answer): Outcome => ({ state: 'deleted', accepted: acceptedOnly(answer) }),
            (error: Error): Outcome => ({ state: 'failed', error }),
          )
          .then((outcome) => settle(row.metadata.id, outcome)),
      ),
    )
  }
  const close = () => {
    if (running) return
    if (outcomes) onDone()
    onClose()
  }
  const all = [...(outcomes?.values() ?? [])]
  const failed = all.filter((o) => o.state === 'failed').length
  const done = all.filter((o) => o.state === 'deleted').length

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`Delete ${targets.length === 1 ? rowName(targets[0]!) : counted(targets.length, resource)}?`}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        {!outcomes ? (
          <Text size="sm">
            {remove.consequence ? `${remove.consequence} ` : ''}This cannot be undone. The platform refuses to delete
            anything still in use, and says so below for each.
          </Text>
        ) : (
          !running && (
            <Alert
              role="alert"
              color={failed ? 'amber' : 'green'}
              title={
                failed
                  ? `${formatNumber(done)} of ${formatNumber(sent.length)} deleted; ${formatNumber(failed)} refused`
                  : `All ${formatNumber(done)} deleted`
              }
            >
              {failed ? 'The platform refused some; its reasons are below.' : 'The list updates as they go.'}
            </Alert>
          )
        )}
        <ScrollArea.Autosize mah={320}>
          <ul
            className={classes.targets}
            aria-label={outcomes ? 'Results' : `${capitalized(resource.noun[1])} to delete`}
          >
            {targets.map((row) => (
              <Target
                key={row.metadata.id}
                resource={resource}
                row={row}
                remove={remove}
                outcome={outcomes?.get(row.metadata.id)}
                opened={opened}
              />
            ))}
          </ul>
        </ScrollArea.Autosize>
        <Group justify="flex-end" mt="sm">
          {!outcomes ? (
            <>
              <Button variant="default" onClick={close} data-autofocus>
                Cancel
              </Button>
              <Button color="red" onClick={() => void confirm()} disabled={sent.length === 0}>
                Delete {counted(sent.length, resource)}
              </Button>
            </>
          ) : (
            <Button onClick={close} disabled={running} data-autofocus>
              Done
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  )
}

const WORDS: Record<Outcome['state'], string> = {
  pending: 'deleting…',
  deleted: 'deleted',
  failed: 'not deleted.',
  skipped: 'left out.',
}

/** One row in the dialog: its name, what uses it, and once sent, what became of it. */
function Target<T extends Listed>({
  resource,
  row,
  remove,
  outcome,
  opened,
}: {
  resource: Resource
  row: T
  remove: RowDelete<T>
  outcome: Outcome | undefined
  opened: boolean
}) {
  const item = remove.item(row)
  const usage = useUsersOf(resource, item, opened)
  const refusedInUse = outcome?.state === 'failed' && isInUse(outcome.error)
  // Refused as in use: what uses it is looked up again, so the list names what the platform saw.
  const { refetch } = usage
  useEffect(() => {
    if (refusedInUse) refetch()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per refusal; refetch is a new function each render
  }, [refusedInUse])
  const words = !outcome
    ? undefined
    : outcome.state === 'deleted' && outcome.accepted
      ? 'being deleted'
      : WORDS[outcome.state]
  const inUse = usage.users.length > 0 && outcome?.state !== 'deleted'
  return (
    <li className={classes.target} data-state={outcome?.state}>
      <Text size="sm" fw={500} c={outcome?.state === 'failed' ? 'red' : undefined}>
        {rowName(row)}
        {words && `: ${words}`}
        {outcome?.state === 'failed' && ` ${outcome.error.message}`}
        {outcome?.state === 'skipped' && ` ${outcome.reason}`}
      </Text>
      {outcome?.state === 'failed' && <TraceLine traces={traceIdsOf(outcome.error)} />}
      {inUse && (
        <div className={classes.uses}>
          <Text size="xs" c="dimmed">
            In use by{' '}
            {usage.users.map((u) => formatCount(u.items.length, u.items.length, resources[u.kind].noun)).join(', ')}
            {outcome ? '' : `: the platform refuses this ${singular(resource)} while they use it`}
          </Text>
          <UsersList resource={resource} users={usage.users} projectId={item.projectId} />
        </div>
      )}
      {!outcome && !inUse && usage.failed && (
        <Text size="xs" c="dimmed">
          What uses it could not be looked up; the platform checks when it is deleted.
        </Text>
      )}
    </li>
  )
}

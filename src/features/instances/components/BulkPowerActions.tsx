import { Alert } from '../../../components/mantine/Alert'
import { Button } from '../../../components/mantine/Button'
import { Group } from '../../../components/mantine/Group'
import { List } from '../../../components/mantine/List'
import { Modal } from '../../../components/mantine/Modal'
import { ScrollArea } from '../../../components/mantine/ScrollArea'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { ThemeIcon } from '../../../components/mantine/ThemeIcon'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { m } from '../../../api/endpoint'
import { instanceApi } from '../../../api/instances'
import type { Instance } from '../../../api/schemas/regional'
import { BULK_VERBS, confirmTitle, runBulk, type BulkAction, type BulkResult } from '../bulk'
import { disabledReason, instanceCan, powerFailure } from '../power'
import { formatNumber } from '../../../lib/format'
import { useAccess } from '../../../lib/permissions'
import { resources } from '../../../lib/resources'
import { PermittedAction } from '../../../components/PermittedAction'

const CONSEQUENCE: Record<BulkAction, string> = {
  start: 'They boot from their disks and get their addresses back.',
  stop: 'Their guests are shut down; disks and addresses are kept.',
}

function Outcome({ result, action }: { result: BulkResult; action: BulkAction }) {
  if (result.state === 'pending') return <Text size="sm">{result.name}: sending…</Text>
  if (result.state === 'accepted')
    return (
      <Text size="sm">
        {result.name}: {BULK_VERBS[action].doing.toLowerCase()}
      </Text>
    )
  return (
    <Text size="sm" c="red">
      {result.name}: not {action === 'stop' ? 'stopped' : 'started'}. {result.reason}
    </Text>
  )
}

/** Why none of the ticked instances can take the action, when none can; undefined when one or more can. */
function noneCan(selected: Instance[], action: BulkAction): string | undefined {
  if (selected.length === 0 || selected.some((instance) => instanceCan(instance, action))) return undefined
  return selected.length === 1
    ? disabledReason(selected[0]!, action)
    : `None of the ${formatNumber(selected.length)} selected instances can be ${action === 'stop' ? 'stopped' : 'started'} now.`
}

/** An instance left out of the action, and why, as the console last read it. */
const leftOutLine = (instance: Instance, action: BulkAction): string => {
  const reason = disabledReason(instance, action) ?? ''
  return `${instance.metadata.name}: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`
}

/**
 * The instance list's power actions in its bulk bar: start or stop the ticked instances after one confirmation that
 * names them (deleting them is every list's bulk delete). Those whose state, as the list shows it, does not allow the
 * action are left out and named with the reason: the platform has no state check of its own and fails each of them
 * as a server error. Each instance is sent on its own, and the dialog then shows what happened to each, refusals with
 * the platform's reason.
 */
export function BulkPowerActions({ selected, onClear }: { selected: Instance[]; onClear: () => void }) {
  const [action, setAction] = useState<BulkAction>()
  // The instances asked about, fixed when the dialog opens: the list refreshing underneath must not change them.
  const [targets, setTargets] = useState<Instance[]>([])
  const [leftOut, setLeftOut] = useState<Instance[]>([])
  const refused = useAccess().reason(resources.instances, 'update')
  const [results, setResults] = useState<BulkResult[]>()
  const power = useMutation(m(instanceApi.power))
  const running = results?.some((r) => r.state === 'pending') ?? false

  const open = (next: BulkAction) => {
    setTargets(selected.filter((instance) => instanceCan(instance, next)))
    setLeftOut(selected.filter((instance) => !instanceCan(instance, next)))
    setResults(undefined)
    setAction(next)
  }
  const close = () => {
    if (running) return
    if (results) onClear()
    setAction(undefined)
  }
  const confirm = async () => {
    if (!action) return
    setResults(targets.map((t) => ({ id: t.metadata.id, name: t.metadata.name, state: 'pending' })))
    await runBulk(
      targets,
      (instanceID) =>
        power.mutateAsync({ instanceID, action }).catch((error: Error) => {
          // The list the user chose from is the state the console holds.
          throw new Error(
            powerFailure(
              error,
              action,
              targets.find((t) => t.metadata.id === instanceID),
            ),
          )
        }),
      (result) => setResults((now) => now?.map((r) => (r.id === result.id ? result : r))),
    )
  }
  const none = selected.length === 0
  const failed = results?.filter((r) => r.state === 'failed').length ?? 0

  return (
    <>
      {(['start', 'stop'] as const).map((each) => (
        <PermittedAction
          key={each}
          size="xs"
          variant="light"
          onClick={() => open(each)}
          disabled={none}
          disabledReason={refused ?? noneCan(selected, each)}
        >
          {BULK_VERBS[each].verb}
        </PermittedAction>
      ))}
      <Modal
        opened={action !== undefined}
        onClose={close}
        title={action ? confirmTitle(action, targets) : ''}
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {action && !results && (
          <Stack gap="sm">
            <Text size="sm">{CONSEQUENCE[action]}</Text>
            <ScrollArea.Autosize mah={240}>
              <List size="sm" aria-label="Instances to act on">
                {targets.map((t) => (
                  <List.Item key={t.metadata.id}>{t.metadata.name}</List.Item>
                ))}
              </List>
            </ScrollArea.Autosize>
            {leftOut.length > 0 && (
              <>
                <Text size="sm">Left out, as the list shows them:</Text>
                <List size="sm" aria-label="Instances left out">
                  {leftOut.map((instance) => (
                    <List.Item key={instance.metadata.id}>{leftOutLine(instance, action)}</List.Item>
                  ))}
                </List>
              </>
            )}
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={close} data-autofocus>
                Cancel
              </Button>
              <Button onClick={() => void confirm()}>
                {BULK_VERBS[action].verb}{' '}
                {targets.length === 1 ? 'instance' : `${formatNumber(targets.length)} instances`}
              </Button>
            </Group>
          </Stack>
        )}
        {action && results && (
          <Stack gap="sm">
            {!running && (
              <Alert
                role="alert"
                color={failed ? 'amber' : 'green'}
                title={
                  failed
                    ? `${formatNumber(results.length - failed)} of ${formatNumber(results.length)} accepted; ${formatNumber(failed)} refused`
                    : `All ${formatNumber(results.length)} accepted`
                }
              >
                {failed ? 'The platform refused some; the reasons are below.' : 'The list updates as they settle.'}
              </Alert>
            )}
            <ScrollArea.Autosize mah={300}>
              <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Results">
                {results.map((result) => (
                  <Group key={result.id} component="li" gap="xs" wrap="nowrap" align="flex-start">
                    <ThemeIcon
                      size="xs"
                      radius="xl"
                      mt={4}
                      color={result.state === 'failed' ? 'red' : result.state === 'accepted' ? 'green' : 'gray'}
                      aria-hidden
                    >
                      {null}
                    </ThemeIcon>
                    <Outcome result={result} action={action} />
                  </Group>
                ))}
              </Stack>
            </ScrollArea.Autosize>
            <Group justify="flex-end">
              <Button onClick={close} disabled={running} data-autofocus>
                Done
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  )
}

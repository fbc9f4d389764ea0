import { Alert } from '../../../components/mantine/Alert'
import { Button } from '../../../components/mantine/Button'
import { Code } from '../../../components/mantine/Code'
import { Group } from '../../../components/mantine/Group'
import { Modal } from '../../../components/mantine/Modal'
import { Radio } from '../../../components/mantine/Radio'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { useState } from 'react'
import { instanceApi } from '../../../api/instances'
import type { Instance } from '../../../api/schemas/regional'
import { useRequestPreview } from '../../../components/form/useRequestPreview'
import { disabledReason, powerFailureCause } from '../power'
import { ActionError } from './ActionError'

export type ConfirmedAction = 'stop' | 'reboot'

interface PowerConfirmDialogProps {
  instance: Instance
  /** The action asked about; kept while the dialog closes so its words do not change mid-transition. */
  action: ConfirmedAction | undefined
  opened: boolean
  loading: boolean
  /** The platform's refusal, shown where the user is looking. */
  error: Error | null
  onConfirm: (hard: boolean) => void
  onClose: () => void
}

const TITLES: Record<ConfirmedAction, string> = { stop: 'Stop instance', reboot: 'Reboot instance' }

/**
 * Stop and reboot interrupt the guest, so they ask first: what will happen to it, and for a reboot whether to ask the
 * guest (ACPI) or cut its power. Keyboard first: focus starts on the safe choice, Escape cancels.
 */
export function PowerConfirmDialog({ opened, ...body }: PowerConfirmDialogProps) {
  const { action, onClose } = body
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={action ? TITLES[action] : ''}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {action && <DialogBody {...body} action={action} />}
    </Modal>
  )
}

/** Mounted while the dialog is open, so the reboot kind starts as soft every time. */
function DialogBody({
  instance,
  action,
  loading,
  error,
  onConfirm,
  onClose,
}: Omit<PowerConfirmDialogProps, 'opened' | 'action'> & { action: ConfirmedAction }) {
  const [kind, setKind] = useState<'soft' | 'hard'>('soft')
  const hard = action === 'reboot' && kind === 'hard'
  const request = useRequestPreview(instanceApi.power.request({ instanceID: instance.metadata.id, action, hard }))
  // The page keeps polling: a state that changed while the dialog was open is said here, not discovered as a 409.
  const reason = disabledReason(instance, action)
  const name = instance.metadata.name
  const shown = [instance.status.privateIP, instance.status.publicIP].filter(Boolean)
  const addresses = shown.length ? `its addresses (${shown.join(', ')})` : 'its addresses'

  return (
    <Stack gap="md">
      {action === 'stop' ? (
        <>
          <Text size="sm">
            This shuts down the guest operating system of <b>{name}</b>, the way its power button would.
          </Text>
          <Text size="sm">
            It keeps its disk, {addresses} and its security groups, and you can start it again at any time. A stopped
            instance still holds its resources, so the platform's pricing for stopped instances applies; delete it to
            release them.
          </Text>
        </>
      ) : (
        <>
          <Text size="sm">
            This restarts <b>{name}</b>. It keeps its disk and {addresses}, and is unavailable until it is Running
            again.
          </Text>
          <Radio.Group
            label="Kind of reboot"
            value={kind}
            onChange={(value) => setKind(value === 'hard' ? 'hard' : 'soft')}
          >
            <Stack gap="sm" mt="xs">
              <Radio
                value="soft"
                label="Soft reboot (ACPI)"
                description="Asks the guest operating system to restart cleanly: programs are closed and data is written to disk first."
                data-autofocus
              />
              <Radio
                value="hard"
                label="Hard reboot (power cycle)"
                description="For a guest that no longer responds or ignores a soft reboot: its power is cut and turned back on at once."
              />
            </Stack>
          </Radio.Group>
          {hard && (
            <Alert color="red" title="Unsaved data in the guest is lost">
              The guest is not shut down first: anything it has not written to disk (open files, memory, running jobs)
              is lost, and its file systems may need checking when it boots.
            </Alert>
          )}
        </>
      )}
      {request && (
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
          Sends <Code>{`${request.method} ${request.url}`}</Code>
        </Text>
      )}
      {/* After a refusal the page reads the instance again: its state is given as the cause only if it forbids this. */}
      {error ? (
        <ActionError
          error={error}
          refused={`The platform refused to ${hard ? 'hard reboot' : action} the instance`}
          explanation={powerFailureCause(action, instance)}
        />
      ) : (
        reason && (
          <Text size="sm" c="red" role="status">
            {reason}
          </Text>
        )
      )}
      <Group justify="flex-end">
        <Button
          variant="default"
          onClick={onClose}
          disabled={loading}
          data-autofocus={action === 'stop' ? true : undefined}
        >
          Cancel
        </Button>
        <Button
          color={action === 'stop' || hard ? 'red' : undefined}
          onClick={() => onConfirm(hard)}
          loading={loading}
          disabled={Boolean(reason)}
        >
          {action === 'stop' ? 'Stop instance' : hard ? 'Hard reboot' : 'Reboot'}
        </Button>
      </Group>
    </Stack>
  )
}

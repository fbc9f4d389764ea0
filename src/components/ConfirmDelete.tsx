import { Button } from './mantine/Button'
import { Group } from './mantine/Group'
import { Modal } from './mantine/Modal'
import { Stack } from './mantine/Stack'
import { Text } from './mantine/Text'
import { TextInput } from './mantine/TextInput'
import { useState, type ReactNode } from 'react'
import { traceIdsOf } from '../api/errors'
import { ErrorAlert } from './ErrorAlert'

interface ConfirmDeleteProps {
  opened: boolean
  onClose: () => void
  onConfirm: () => void
  /** "network", "security group"… */
  kind: string
  name: string
  loading: boolean
  /**
   * The refused delete, shown inside the dialog where the user is looking: in the platform's words, with the trace
   * ids to quote to support.
   */
  failure?: Error | null
  /** The refusal in other words than its message alone (the words, then what uses the resource). */
  failureWords?: ReactNode
  consequences?: ReactNode
}

/** Deleting asks for the resource's name, so a slip of the mouse never deletes anything. */
export function ConfirmDelete({
  opened,
  onClose,
  onConfirm,
  kind,
  name,
  loading,
  failure,
  failureWords,
  consequences,
}: ConfirmDeleteProps) {
  const [typed, setTyped] = useState('')
  const close = () => {
    setTyped('')
    onClose()
  }
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`Delete ${kind}`}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text size="sm">
          This deletes the {kind} <b>{name}</b>. It cannot be undone.
        </Text>
        {consequences}
        {failure && (
          <ErrorAlert
            title={`The ${kind} was not deleted`}
            message={failureWords ?? failure.message}
            traces={traceIdsOf(failure)}
          />
        )}
        <TextInput
          label={`Type ${name} to confirm`}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          autoComplete="off"
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={loading}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={loading} disabled={typed !== name}>
            Delete {kind}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}

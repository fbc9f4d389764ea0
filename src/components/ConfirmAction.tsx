import { Button } from './mantine/Button'
import { Group } from './mantine/Group'
import { Modal } from './mantine/Modal'
import { Stack } from './mantine/Stack'
import { Text } from './mantine/Text'
import type { ReactNode } from 'react'
import { alertOf, ErrorAlert } from './ErrorAlert'

interface ConfirmActionProps {
  opened: boolean
  title: string
  /** What the action does, and what it leaves as it was. */
  children: ReactNode
  confirmLabel: string
  /** The confirm button's colour, where the action needs care (amber for a suspension). */
  color?: string
  loading: boolean
  /** The platform's refusal, shown in the dialog where the user is looking. */
  error?: Error | null
  /** The refusal's title: "The user was not suspended". */
  errorTitle: string
  onConfirm: () => void
  onClose: () => void
}

/** An action that cannot be taken back on a click (a suspension, a token rotation): asked for, with Cancel first. */
export function ConfirmAction({
  opened,
  title,
  children,
  confirmLabel,
  color,
  loading,
  error,
  errorTitle,
  onConfirm,
  onClose,
}: ConfirmActionProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="md">
        <Text size="sm">{children}</Text>
        {error && <ErrorAlert {...alertOf(error)} title={errorTitle} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={loading}>
            Cancel
          </Button>
          <Button color={color} onClick={onConfirm} loading={loading} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}

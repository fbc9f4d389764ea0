import { Button } from './mantine/Button'
import { Group } from './mantine/Group'
import { Modal } from './mantine/Modal'
import { Stack } from './mantine/Stack'
import { Text } from './mantine/Text'

interface LeaveUnsavedDialogProps {
  opened: boolean
  /** What leaving loses, in a sentence: "The network is not created, and what you typed in this form is lost." */
  lost: string
  onStay: () => void
  onLeave: () => void
}

/** LeaveGuard's question, loaded the first time a form has something to lose. Staying is the default. */
export default function LeaveUnsavedDialog({ opened, lost, onStay, onLeave }: LeaveUnsavedDialogProps) {
  return (
    <Modal opened={opened} onClose={onStay} title="Leave without saving?" centered>
      <Stack gap="md">
        <Text size="sm">{lost}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onLeave}>
            Leave
          </Button>
          <Button onClick={onStay} data-autofocus>
            Stay on the form
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}

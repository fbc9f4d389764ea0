import { Button } from '../../../components/mantine/Button'
import { Group } from '../../../components/mantine/Group'
import { Modal } from '../../../components/mantine/Modal'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { alertOf, ErrorAlert } from '../../../components/ErrorAlert'

interface ConfirmSuspendProps {
  opened: boolean
  subject: string
  loading: boolean
  error?: Error | null
  onConfirm: () => void
  onClose: () => void
}

/** Suspending signs a person out of everything at once, so it is asked for, not done on a click. */
export function ConfirmSuspend({ opened, subject, loading, error, onConfirm, onClose }: ConfirmSuspendProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Suspend user" centered>
      <Stack gap="md">
        <Text size="sm">
          <b>{subject}</b> will no longer be able to sign in or use the API. Their groups are kept, so reactivating them
          later restores their access.
        </Text>
        {error && <ErrorAlert {...alertOf(error)} title="The user was not suspended" />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={loading}>
            Cancel
          </Button>
          <Button color="amber.9" onClick={onConfirm} loading={loading} data-autofocus>
            Suspend user
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}

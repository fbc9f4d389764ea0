import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core'

interface ConfirmSuspendProps {
  opened: boolean
  subject: string
  loading: boolean
  error?: string
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
        {error && (
          <Alert color="red" title="The user was not suspended" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={loading}>
            Cancel
          </Button>
          <Button color="orange.9" onClick={onConfirm} loading={loading} data-autofocus>
            Suspend user
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}

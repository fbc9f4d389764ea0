import { Button } from '../../../components/mantine/Button'
import { Group } from '../../../components/mantine/Group'
import { Modal } from '../../../components/mantine/Modal'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { alertOf, ErrorAlert } from '../../../components/ErrorAlert'

interface ConfirmRotateProps {
  opened: boolean
  name: string
  loading: boolean
  error?: Error | null
  onConfirm: () => void
  onClose: () => void
}

/** Rotating stops the current token at once, so it is asked for, not done on a click. */
export function ConfirmRotate({ opened, name, loading, error, onConfirm, onClose }: ConfirmRotateProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Rotate token" centered>
      <Stack gap="md">
        <Text size="sm">
          A new token is issued for <b>{name}</b> and the current one <b>stops working at once</b>. Whatever uses it
          needs the new token, which is shown only once.
        </Text>
        {error && <ErrorAlert {...alertOf(error)} title="The token was not rotated" />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={loading}>
            Cancel
          </Button>
          <Button onClick={onConfirm} loading={loading} data-autofocus>
            Rotate token
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}

import { Alert } from '../../../components/mantine/Alert'
import { Button } from '../../../components/mantine/Button'
import { Group } from '../../../components/mantine/Group'
import { Modal } from '../../../components/mantine/Modal'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import type { ChangeNames, InstanceChanges } from '../instance-edit-form'

interface ConfirmResizeRebuildProps {
  opened: boolean
  onClose: () => void
  onConfirm: () => void
  name: string
  changes: InstanceChanges
  names: ChangeNames
  /** A stopped instance stays stopped through a resize or rebuild; any other restarts. */
  stopped: boolean
}

/** A new flavor restarts the instance and a new image erases its disk: saving either says so and asks first. */
export function ConfirmResizeRebuild({
  opened,
  onClose,
  onConfirm,
  name,
  changes,
  names,
  stopped,
}: ConfirmResizeRebuildProps) {
  const { resize, rebuild } = changes
  const title = resize && rebuild ? 'Resize and rebuild instance' : resize ? 'Resize instance' : 'Rebuild instance'
  const label = resize && rebuild ? 'Save, resize and rebuild' : resize ? 'Save and resize' : 'Save and rebuild'
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        {resize && (
          <Text size="sm">
            <b>{name}</b> is resized from {names.flavor(resize.from)} to {names.flavor(resize.to)}.{' '}
            {stopped
              ? 'It stays stopped and starts on the new flavor.'
              : 'It is restarted on the new flavor and is unavailable until it is Running again.'}{' '}
            {rebuild ? '' : 'Its disk, addresses and data are kept.'}
          </Text>
        )}
        {rebuild && (
          <Alert color="red" title="Its disk is erased">
            <b>{name}</b> is rebuilt from {names.image(rebuild.to)}: everything on its disk (files, installed software,
            data) is lost and cannot be recovered. Its addresses are kept.
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button color={rebuild ? 'red' : undefined} onClick={onConfirm}>
            {label}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}

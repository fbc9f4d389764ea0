import { CopyButton } from '@mantine/core'
import { Alert } from '../../../components/mantine/Alert'
import { Button } from '../../../components/mantine/Button'
import { Code } from '../../../components/mantine/Code'
import { Group } from '../../../components/mantine/Group'
import { Modal } from '../../../components/mantine/Modal'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { useMutation } from '@tanstack/react-query'
import { instanceApi } from '../../../api/instances'
import { resumeAfterSignIn } from '../../../api/resume-after-sign-in'
import type { Image, Instance } from '../../../api/schemas/regional'
import { keyFileName, loginUserOf, sshCommand } from '../access'
import { ActionError } from './ActionError'
import { SendsRequest } from './SendsRequest'

interface SshKeyDialogProps {
  instance: Instance
  image: Image | undefined
  opened: boolean
  onClose: () => void
}

/** Saves `text` as a file the browser downloads, without keeping it anywhere the page can read again. */
function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/x-pem-file' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.click()
  URL.revokeObjectURL(url)
}

/**
 * The instance's SSH private key, fetched only when the user asks in the dialog: a mutation, not a query, kept by
 * nothing once it closes (no cache time, reset on close), never in the URL, the session or a log.
 */
export function SshKeyDialog({ instance, image, opened, onClose }: SshKeyDialogProps) {
  const key = useMutation(
    resumeAfterSignIn({ mutationFn: (vars: { instanceID: string }) => instanceApi.sshKey.call(vars), gcTime: 0 }),
  )
  const close = () => {
    key.reset()
    onClose()
  }
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="SSH key"
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened && <DialogBody instance={instance} image={image} keyState={key} />}
    </Modal>
  )
}

function DialogBody({
  instance,
  image,
  keyState: key,
}: {
  instance: Instance
  image: Image | undefined
  keyState: ReturnType<typeof useMutation<{ privateKey: string }, Error, { instanceID: string }>>
}) {
  const name = instance.metadata.name
  const fileName = keyFileName(name)
  const user = loginUserOf(image)
  const command = sshCommand(name, user, instance.status.publicIP)
  const privateKey = key.data?.privateKey
  const vars = { instanceID: instance.metadata.id }

  return (
    <Stack gap="md">
      <Text size="sm">
        The platform made this key for <b>{name}</b> and installed its public half for the image's default user. Anyone
        with the private key can log in: keep it to yourself. The console does not keep it: once this dialog closes it
        is gone from the page, and you can get it here again.
      </Text>
      {!privateKey && (
        <>
          <SendsRequest request={instanceApi.sshKey.request(vars)} />
          {key.error && <ActionError error={key.error} refused="The platform refused to give the SSH key" />}
          <Group justify="flex-end">
            <Button onClick={() => key.mutate(vars)} loading={key.isPending} data-autofocus>
              Show SSH key
            </Button>
          </Group>
        </>
      )}
      {privateKey && (
        <>
          <Code block aria-label={`SSH private key of ${name}`} style={{ maxHeight: 180, overflow: 'auto' }}>
            {privateKey}
          </Code>
          <Group gap="xs">
            <Button onClick={() => download(privateKey, fileName)} data-autofocus>
              Download {fileName}
            </Button>
            <CopyButton value={privateKey}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? 'Copied' : 'Copy key'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Stack gap={4}>
            <Text size="sm">
              Save it, make it readable by you alone (ssh refuses a key others can read), then log in:
            </Text>
            <Code block>{`chmod 600 ${fileName}`}</Code>
            {command ? (
              <Code block aria-label="SSH command">
                {command}
              </Code>
            ) : (
              <Alert color="gray" title="No public address">
                {name} has no public IP, so it is reached from inside its network only: from there,{' '}
                <Code>{`ssh -i ${fileName} ${user}@${instance.status.privateIP ?? '<private IP>'}`}</Code>.
              </Alert>
            )}
            {user === '<user>' && (
              <Text size="xs" c="dimmed">
                The image does not say its default user; its documentation names it.
              </Text>
            )}
          </Stack>
        </>
      )}
    </Stack>
  )
}

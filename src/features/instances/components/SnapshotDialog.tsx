import { Anchor } from '../../../components/mantine/Anchor'
import { Button } from '../../../components/mantine/Button'
import { Group } from '../../../components/mantine/Group'
import { Loader } from '../../../components/mantine/Loader'
import { Modal } from '../../../components/mantine/Modal'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { TextInput } from '../../../components/mantine/TextInput'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { imageApi } from '../../../api/catalogs'
import { m, q } from '../../../api/endpoint'
import { isApiError } from '../../../api/errors'
import { instanceApi } from '../../../api/instances'
import { resumeAfterSignIn } from '../../../api/resume-after-sign-in'
import type { Image, Instance } from '../../../api/schemas/regional'
import { sourceInstanceTag } from '../../../lib/image-source'
import { paths } from '../../../lib/paths'
import { resources } from '../../../lib/resources'
import { resourceName } from '../../../lib/validation'
import { ActionError } from './ActionError'
import { SendsRequest } from './SendsRequest'

interface SnapshotDialogProps {
  instance: Instance
  opened: boolean
  onClose: () => void
}

/** What a new image is doing, in words. */
const STATE_WORDS: Record<string, string> = {
  pending: 'Waiting for the platform to start copying the disk',
  creating: 'Copying the disk into the image',
}

/** A first name to start from: the instance's, and the day. */
function suggestedName(instance: Instance): string {
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '')
  return `${instance.metadata.name}-${day}`.slice(0, 63)
}

/**
 * Asks for the image's name, takes the snapshot, then follows the new image in the region's images list until it
 * is ready, and links to it there.
 */
export function SnapshotDialog({ instance, opened, onClose }: SnapshotDialogProps) {
  const snapshot = useMutation(resumeAfterSignIn(m(instanceApi.snapshot)))
  const close = () => {
    snapshot.reset()
    onClose()
  }
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Snapshot"
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened && <DialogBody instance={instance} snapshot={snapshot} onClose={close} />}
    </Modal>
  )
}

function DialogBody({
  instance,
  snapshot,
  onClose,
}: {
  instance: Instance
  snapshot: ReturnType<typeof useMutation<Image, Error, Parameters<typeof instanceApi.snapshot.call>[0]>>
  onClose: () => void
}) {
  const [name, setName] = useState(() => suggestedName(instance))
  const [touched, setTouched] = useState(false)
  // The name the region's images already hold, found before sending: the platform would make a second image of it.
  const [takenName, setTakenName] = useState<string>()
  // Reading the region's images for the name takes a round trip; the button says so rather than look idle.
  const [checking, setChecking] = useState(false)
  const client = useQueryClient()
  const checked = resourceName.safeParse(name)
  const nameError = touched && !checked.success ? checked.error.issues[0]?.message : undefined
  const vars = {
    instanceID: instance.metadata.id,
    body: { metadata: { name: name.trim(), tags: [sourceInstanceTag(instance.metadata.id)] } },
  }
  // A name taken is said at the name (the console's own check, or a platform's 409); any other refusal under the form.
  const taken =
    takenName !== undefined && takenName === name.trim()
      ? resources.images.nameTaken
      : isApiError(snapshot.error) && snapshot.error.status === 409
        ? snapshot.error.message
        : undefined
  const scope = { organizationID: instance.metadata.organizationId, regionID: instance.status.regionId }
  // A list that cannot be read lets the snapshot go: the platform decides then.
  const nameIsTaken = async (wanted: string) => {
    const images = await client.fetchQuery(q(imageApi.list, scope)).catch(() => [])
    return images.some((image) => image.metadata.name === wanted)
  }

  if (snapshot.data) return <Progress instance={instance} image={snapshot.data} onClose={onClose} />

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        setTouched(true)
        if (!checked.success || checking) return
        const wanted = vars.body.metadata.name
        setChecking(true)
        void nameIsTaken(wanted).then((isTaken) => {
          setChecking(false)
          setTakenName(isTaken ? wanted : undefined)
          if (!isTaken) snapshot.mutate(vars)
        })
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          Copies the disk of <b>{instance.metadata.name}</b> into a new image in its region. New instances can then boot
          from it: the create and edit forms offer it beside the platform's images. The instance keeps running; write
          out what is in memory first (stop it, or sync its file systems) for a consistent copy.
        </Text>
        <TextInput
          label="Image name"
          description="Unique among the region's images; letters, digits, '-', '_' and '.'"
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value)
            if (taken) snapshot.reset()
          }}
          onBlur={() => setTouched(true)}
          error={nameError ?? taken}
          required
          data-autofocus
        />
        <SendsRequest request={instanceApi.snapshot.request(vars)} />
        {snapshot.error && !taken && (
          <ActionError error={snapshot.error} refused="The platform refused to snapshot the instance" />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={snapshot.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={checking || snapshot.isPending}>
            Take snapshot
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/** The new image's state from the region's images list, polled until it is ready (or failed). */
function Progress({ instance, image, onClose }: { instance: Instance; image: Image; onClose: () => void }) {
  const scope = { organizationID: instance.metadata.organizationId, regionID: instance.status.regionId }
  const images = useQuery({
    ...q(imageApi.list, scope),
    refetchInterval: (query) => {
      const state = query.state.data?.find((i) => i.metadata.id === image.metadata.id)?.status?.state
      return state === 'ready' || state === 'failed' ? false : 1000
    },
  })
  const listed = images.data?.find((i) => i.metadata.id === image.metadata.id)
  const state = listed?.status?.state ?? image.status?.state ?? 'pending'
  const link = (
    <Anchor component={Link} to={paths.image(image.metadata.id, { region: scope.regionID })} onClick={onClose}>
      {image.metadata.name}
    </Anchor>
  )
  return (
    <Stack gap="md">
      {state === 'ready' ? (
        <Text size="sm" role="status">
          The image {link} is ready: new instances in this region can boot from it.
        </Text>
      ) : state === 'failed' ? (
        <Text size="sm" c="red" role="alert">
          The platform could not create the image {link}. Delete it and take the snapshot again.
        </Text>
      ) : (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text size="sm">
            {STATE_WORDS[state] ?? `The image is ${state}`}: {link}. You can close this dialog; the image keeps being
            made.
          </Text>
        </Group>
      )}
      <Group justify="flex-end">
        <Button onClick={onClose}>Close</Button>
      </Group>
    </Stack>
  )
}

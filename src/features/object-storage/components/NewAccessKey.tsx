import { useCallback, useState } from 'react'
import { useBeforeUnload } from 'react-router'
import type { CreatedAccessKey } from '../../../api/objectStorage'
import { CodeTabs } from '../../../components/CodeTabs'
import { DetailList } from '../../../components/DetailList'
import { Alert } from '../../../components/mantine/Alert'
import { Button } from '../../../components/mantine/Button'
import { Checkbox } from '../../../components/mantine/Checkbox'
import { Code } from '../../../components/mantine/Code'
import { Group } from '../../../components/mantine/Group'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { endpointUrl, s3ClientSamples } from '../s3-client-example'

/**
 * A key just created, with its secret: the platform answers it this once, and no read returns it. It is shown with a
 * copy button and an S3 client's settings; until it is copied (or the user says they stored it) closing the tab asks
 * first, and Done asks again.
 */
export function NewAccessKey({
  created,
  dnsName,
  onDone,
}: {
  created: CreatedAccessKey
  dnsName: string | undefined
  onDone: () => void
}) {
  const { accessKeyId, secret } = created.spec
  const [stored, setStored] = useState(false)
  const [copyFailed, setCopyFailed] = useState(false)
  const [askingDone, setAskingDone] = useState(false)
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (!stored) event.preventDefault()
      },
      [stored],
    ),
  )
  const copy = () =>
    navigator.clipboard.writeText(secret).then(
      () => {
        setCopyFailed(false)
        setStored(true)
      },
      () => setCopyFailed(true),
    )
  return (
    <Stack gap="md">
      <Alert color="amber" variant="light" title="Copy the secret now: it cannot be shown again" role="status">
        <Text size="sm">
          The platform returns an access key's secret only when the key is created. If it is lost, delete the key and
          create another.
        </Text>
      </Alert>
      <DetailList
        cols={1}
        items={[
          { label: 'Endpoint', value: <Code>{endpointUrl(dnsName)}</Code> },
          { label: 'Access key id', value: <Code>{accessKeyId}</Code> },
          { label: 'Identity policy', value: created.spec.identityPolicy },
        ]}
      />
      <div>
        <Text size="sm" fw="var(--mantine-font-weight-medium)" id="secret-label">
          Secret access key
        </Text>
        <Code block aria-labelledby="secret-label" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {secret}
        </Code>
      </div>
      {copyFailed && (
        <Text size="sm" c="red.8" role="alert">
          The browser did not allow copying. Select the secret above and copy it by hand, then tick the box below.
        </Text>
      )}
      <Group gap="md">
        <Button onClick={() => void copy()} color={stored ? 'teal.9' : undefined}>
          {stored ? 'Copied' : 'Copy secret'}
        </Button>
        <Checkbox
          label="I have stored this secret"
          checked={stored}
          onChange={(e) => setStored(e.currentTarget.checked)}
        />
      </Group>
      <Text size="sm" fw="var(--mantine-font-weight-medium)">
        Use it from an S3 client
      </Text>
      <CodeTabs
        samples={s3ClientSamples({ dnsName, accessKeyId, secret })}
        label="S3 client example"
        maxHeight={220}
        note="These hold the secret: keep them out of shared files and history."
      />
      {askingDone && !stored ? (
        <Alert color="red" variant="light" title="Close without storing the secret?">
          <Text size="sm" mb="sm">
            It has not been copied. Once closed it cannot be shown again.
          </Text>
          <Group>
            <Button variant="default" onClick={onDone}>
              Close without it
            </Button>
            <Button onClick={() => setAskingDone(false)}>Stay</Button>
          </Group>
        </Alert>
      ) : (
        <Group justify="flex-end">
          <Button variant="default" onClick={() => (stored ? onDone() : setAskingDone(true))}>
            Done
          </Button>
        </Group>
      )}
    </Stack>
  )
}

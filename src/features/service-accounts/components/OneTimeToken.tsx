import { Alert } from '../../../components/mantine/Alert'
import { Button } from '../../../components/mantine/Button'
import { Checkbox } from '../../../components/mantine/Checkbox'
import { Code } from '../../../components/mantine/Code'
import { Group } from '../../../components/mantine/Group'
import { Modal } from '../../../components/mantine/Modal'
import { Paper } from '../../../components/mantine/Paper'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { Title } from '../../../components/mantine/Title'
import { useCallback, useRef, useState } from 'react'
import { useBeforeUnload, useBlocker } from 'react-router'

interface OneTimeTokenProps {
  token: string
  /** "created" or "rotated": what just happened, for the heading. */
  event: string
  name: string
  doneLabel: string
  /** Called when the user is done with the token (after copying it, or after confirming they do not need to). */
  onDone: () => void
}

/**
 * A token the platform returns once. It is shown with a copy button and a plain warning, and until it is copied
 * (or the user says they stored it) leaving the page — a link, the back button, closing the tab — asks first.
 */
export function OneTimeToken({ token, event, name, doneLabel, onDone }: OneTimeTokenProps) {
  const [saved, setSaved] = useState(false)
  const [copyFailed, setCopyFailed] = useState(false)
  const [confirmingDone, setConfirmingDone] = useState(false)
  // Read when a navigation starts, so "leave anyway" can let the very next navigation through.
  const leaving = useRef(false)
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !leaving.current && !saved && currentLocation.pathname !== nextLocation.pathname,
  )
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (!saved) event.preventDefault()
      },
      [saved],
    ),
  )

  const copy = () =>
    navigator.clipboard.writeText(token).then(
      () => {
        setCopyFailed(false)
        setSaved(true)
      },
      () => setCopyFailed(true),
    )
  const done = () => {
    leaving.current = true
    onDone()
  }
  const asking = blocker.state === 'blocked' || confirmingDone
  const stay = () => {
    setConfirmingDone(false)
    if (blocker.state === 'blocked') blocker.reset()
  }
  const leave = () => {
    setConfirmingDone(false)
    leaving.current = true
    if (blocker.state === 'blocked') blocker.proceed()
    else onDone()
  }

  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="md">
        <Title order={2} size="h4">
          Access token for {name} ({event})
        </Title>
        <Alert color="amber" variant="light" title="Copy this token now: it cannot be shown again" role="status">
          <Text size="sm">
            The platform returns a service account's token only once. Store it where your pipeline or tool reads its
            secrets. If it is lost, rotate the token to get a new one.
          </Text>
        </Alert>
        <Code block aria-label="Access token" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {token}
        </Code>
        {copyFailed && (
          <Text size="sm" c="red.8" role="alert">
            The browser did not allow copying. Select the token above and copy it by hand, then tick the box below.
          </Text>
        )}
        <Group justify="space-between" wrap="wrap">
          <Group gap="md">
            <Button onClick={() => void copy()} color={saved ? 'teal.9' : undefined}>
              {saved ? 'Copied' : 'Copy token'}
            </Button>
            <Checkbox
              label="I have stored this token"
              checked={saved}
              onChange={(e) => setSaved(e.currentTarget.checked)}
            />
          </Group>
          <Button variant="default" onClick={() => (saved ? done() : setConfirmingDone(true))}>
            {doneLabel}
          </Button>
        </Group>
      </Stack>
      <Modal opened={asking} onClose={stay} title="Leave without copying the token?" centered>
        <Stack gap="md">
          <Text size="sm">
            The token has not been copied. Once you leave it cannot be shown again; you would have to rotate it to get a
            new one.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={leave}>
              Leave without copying
            </Button>
            <Button onClick={stay} data-autofocus>
              Stay and copy
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  )
}

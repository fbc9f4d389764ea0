import { Fragment, useId, useState } from 'react'
import { CopyButton } from '@mantine/core'
import { Badge } from './mantine/Badge'
import { Code } from './mantine/Code'
import { Button } from './mantine/Button'
import { Group } from './mantine/Group'
import { Paper } from './mantine/Paper'
import { Stack } from './mantine/Stack'
import { Tabs } from './mantine/Tabs'
import { Text } from './mantine/Text'
import type { RequestDescription } from '../api/describeRequest'
import { HIDDEN } from '../api/sensitive'
import { useFromBreakpoint } from '../lib/use-breakpoint'
import { keepFocus } from './form/keep-focus'
import scroll from './ScrollBox.module.css'

/** A read is neutral, a write the accent, a change amber and a delete red: what the request does, at a glance. */
const METHOD_COLORS: Record<string, string> = { GET: 'gray', POST: 'iris', PUT: 'amber', PATCH: 'amber', DELETE: 'red' }

/**
 * The exact request a form will send to the platform: method, upstream URL, JSON body, and a curl to copy. On a phone
 * it stands below the whole form, and its body and curl, a screen or more of code scrolled sideways, fold behind a
 * button until asked for: opening a form does not render what stands below its Create button.
 */
export function RequestPreview({
  request,
  title = 'Request',
}: {
  request: RequestDescription | undefined
  title?: string
}) {
  const folded = !useFromBreakpoint('sm')
  const [open, setOpen] = useState(false)
  const bodyId = useId()
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Request preview">
      <Stack gap="sm">
        <Text fw={600} size="sm">
          {title}
        </Text>
        {!request ? (
          <Text size="sm" c="dimmed">
            Loading the service addresses…
          </Text>
        ) : (
          <>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Badge
                color={METHOD_COLORS[request.method] ?? 'iris'}
                variant="filled"
                radius="sm"
                style={{ flexShrink: 0 }}
              >
                {request.method}
              </Badge>
              <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }} data-request-url>
                <BreakableUrl url={request.url} />
              </Text>
            </Group>
            {folded && (
              <Button
                size="compact-sm"
                variant="default"
                w="fit-content"
                aria-expanded={open}
                aria-controls={bodyId}
                // Pressed just after a field above is edited: that field's error must not push it from the pointer.
                {...keepFocus}
                onClick={() => setOpen((now) => !now)}
              >
                {open ? 'Hide the body and curl' : 'Show the body and curl'}
              </Button>
            )}
            {(!folded || open) && (
              <div id={bodyId}>
                <RequestBody request={request} />
              </div>
            )}
          </>
        )}
      </Stack>
    </Paper>
  )
}

function RequestBody({ request }: { request: RequestDescription }) {
  return (
    <Tabs defaultValue="body" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="body">JSON body</Tabs.Tab>
        <Tabs.Tab value="curl">curl</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="body" pt="xs">
        <PreviewCode text={request.body ?? '(no body)'} label="Copy JSON" />
      </Tabs.Panel>
      <Tabs.Panel value="curl" pt="xs">
        <PreviewCode text={request.curl} label="Copy curl" />
        <Text size="xs" c="dimmed" mt={4}>
          Set <Code>TOKEN</Code> to your bearer token first.
        </Text>
      </Tabs.Panel>
      {request.hidden.length > 0 && (
        <Text size="xs" c="dimmed" mt={4}>
          {request.hidden.map((path) => (
            <Code key={path}>{path.split('.').at(-1)}</Code>
          ))}{' '}
          is a secret: it is sent as typed, and shown here as <Code>{HIDDEN}</Code>.
        </Text>
      )}
    </Tabs>
  )
}

/**
 * A URL that wraps after its separators (`/`, `?`, `&`), never inside a path segment or an id, however narrow the
 * column. Only a segment longer than a whole line still breaks inside (`overflow-wrap: anywhere`).
 */
function BreakableUrl({ url }: { url: string }) {
  const parts = url.split(/(?<=[/?&])/)
  return parts.map((part, i) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 && <wbr />}
    </Fragment>
  ))
}

function PreviewCode({ text, label }: { text: string; label: string }) {
  return (
    <Stack gap={6}>
      {/* Scrolled natively, as the navigation is (ScrollBox.module.css): a ScrollArea measured itself in script as
          every form's first screen rendered. Focusable, so a long body can be scrolled from the keyboard. */}
      <Code block className={scroll.y} tabIndex={0} style={{ whiteSpace: 'pre', fontSize: 12, maxHeight: 360 }}>
        {text}
      </Code>
      <CopyButton value={text}>
        {({ copied, copy }) => (
          <Button size="compact-xs" variant="light" onClick={copy} w="fit-content">
            {copied ? 'Copied' : label}
          </Button>
        )}
      </CopyButton>
    </Stack>
  )
}

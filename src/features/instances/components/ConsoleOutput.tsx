import { Box } from '@mantine/core'
import { Button } from '../../../components/mantine/Button'
import { Group } from '../../../components/mantine/Group'
import { Loader } from '../../../components/mantine/Loader'
import { Text } from '../../../components/mantine/Text'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual'
import { useLayoutEffect, useMemo, useRef, useState } from 'react'
import { q } from '../../../api/endpoint'
import { isNotOffered } from '../../../api/errors'
import { instanceApi } from '../../../api/instances'
import type { Instance } from '../../../api/schemas/regional'
import { consoleLines } from '../console-text'
import { ActionError } from './ActionError'
import { SendsRequest } from './SendsRequest'
import { formatNumber } from '../../../lib/format'

/** How many of the last lines are asked for first, and how many more each "Load earlier lines" adds. */
const PAGE_LINES = 10_000
const LINE_HEIGHT = 20
const UNMEASURED = { width: 800, height: 560 }
/** Within this many pixels of the end counts as at the end. */
const END_SLACK = 4

/** Whether the boot log still grows by itself: while the instance is being provisioned or is starting. */
const starting = (instance: Instance) =>
  ['Pending', 'Queued', 'Building', 'Rebuilding'].includes(instance.status.powerState ?? '') ||
  ['unknown', 'provisioning'].includes(instance.metadata.provisioningStatus ?? 'unknown')

/**
 * The instance's serial console log in a monospace viewer. Only the lines in view are rendered, so a megabyte of
 * log scrolls as fast as a page of it. The viewer follows the end while the user is at the end, and stays where the
 * user scrolled to otherwise, through refreshes and earlier lines being loaded.
 */
export function ConsoleOutput({ instance }: { instance: Instance }) {
  const [length, setLength] = useState(PAGE_LINES)
  const vars = { instanceID: instance.metadata.id, length }
  const output = useQuery({
    ...q(instanceApi.consoleOutput, vars),
    refetchInterval: (query) => (starting(instance) && !isNotOffered(query.state.error) ? 2000 : false),
    placeholderData: keepPreviousData,
    // A failure is said at once, with Try again, rather than retried behind the spinner.
    retry: false,
  })
  const lines = useMemo(() => consoleLines(output.data?.contents ?? ''), [output.data])
  const complete = lines.length < length
  const offered = !isNotOffered(output.error)

  return (
    <Box>
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Text size="sm" c="dimmed">
          {output.data
            ? `${complete ? 'The whole log' : `The last ${formatNumber(lines.length)} lines`}${starting(instance) ? ', refreshing while the instance starts' : ''}.`
            : 'The serial console of the instance as it boots.'}
        </Text>
        <Group gap="xs" display={offered ? undefined : 'none'}>
          {!complete && (
            <Button
              variant="default"
              size="xs"
              onClick={() => setLength((n) => n + PAGE_LINES)}
              loading={output.isFetching}
            >
              Load earlier lines
            </Button>
          )}
          <Button
            variant="default"
            size="xs"
            onClick={() => void output.refetch()}
            loading={output.isFetching && complete}
          >
            Refresh
          </Button>
        </Group>
      </Group>
      {output.isPending ? (
        <Loader size="sm" aria-label="Loading the console output" />
      ) : !offered ? (
        <Text size="sm" role="status">
          This platform does not offer the console output. It said: {output.error?.message}
        </Text>
      ) : (
        <>
          {output.error && (
            <ActionError error={output.error} refused="The platform refused the console output">
              <Button size="xs" mt="xs" onClick={() => void output.refetch()} loading={output.isFetching}>
                Try again
              </Button>
            </ActionError>
          )}
          {/* A refresh that failed keeps the log it had; a first read that failed has none to show. */}
          {output.data && <LogViewer lines={lines} label={`Console output of ${instance.metadata.name}`} />}
        </>
      )}
      <Box mt="xs">
        <SendsRequest request={instanceApi.consoleOutput.request(vars)} />
      </Box>
    </Box>
  )
}

function LogViewer({ lines, label }: { lines: string[]; label: string }) {
  const scroller = useRef<HTMLDivElement>(null)
  const atEnd = useRef(true)
  const shown = useRef<{ count: number; first: string | undefined }>({ count: 0, first: undefined })
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => LINE_HEIGHT,
    overscan: 20,
    // A box not laid out yet (the first frame, a hidden tab) shows a box's worth of lines rather than none.
    initialRect: UNMEASURED,
    observeElementRect: (instance, report) =>
      observeElementRect(instance, (rect) => report(rect.height > 0 ? rect : UNMEASURED)),
  })

  // After new lines: at the end, follow it; lines added at the top (earlier lines loaded, or a longer window of a
  // log that scrolled on) keep the user's lines where they were.
  useLayoutEffect(() => {
    const element = scroller.current
    const before = shown.current
    shown.current = { count: lines.length, first: lines[0] }
    if (!element || lines.length === 0) return
    if (atEnd.current) {
      element.scrollTop = element.scrollHeight
      return
    }
    if (before.first !== undefined && before.first !== lines[0]) {
      const added = lines.length - before.count
      if (added > 0) element.scrollTop += added * LINE_HEIGHT
    }
  }, [lines])

  if (lines.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nothing printed yet.
      </Text>
    )

  return (
    <Box
      ref={scroller}
      role="log"
      aria-label={label}
      tabIndex={0}
      onScroll={(event) => {
        const element = event.currentTarget
        atEnd.current = element.scrollTop + element.clientHeight >= element.scrollHeight - END_SLACK
      }}
      style={{
        height: 'min(60vh, 560px)',
        overflow: 'auto',
        borderRadius: 'var(--mantine-radius-md)',
        background: 'light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))',
        border: '1px solid var(--mantine-color-default-border)',
        fontFamily: 'var(--mantine-font-family-monospace)',
        fontSize: 13,
      }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', minWidth: 'max-content' }}>
        {virtualizer.getVirtualItems().map((row) => (
          <div
            key={row.index}
            style={{
              position: 'absolute',
              top: 0,
              transform: `translateY(${row.start}px)`,
              height: LINE_HEIGHT,
              lineHeight: `${LINE_HEIGHT}px`,
              padding: '0 12px',
              whiteSpace: 'pre',
            }}
          >
            {lines[row.index]}
          </div>
        ))}
      </div>
    </Box>
  )
}

import { Anchor } from '../../../components/mantine/Anchor'
import { Badge } from '../../../components/mantine/Badge'
import { Button } from '../../../components/mantine/Button'
import { Code } from '../../../components/mantine/Code'
import { Group } from '../../../components/mantine/Group'
import { DeferredSelect } from '../../../components/DeferredSelect'
import { LoadingRows } from '../../../components/LoadingRows'
import { Stack } from '../../../components/mantine/Stack'
import { Table } from '../../../components/mantine/Table'
import { Text } from '../../../components/mantine/Text'
import { keepPreviousData, useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { Link, useSearchParams } from 'react-router'
import { activityQuery, type ActivityEntry, type ActivityFilter } from '../../../api/activity'
import { consoleConfigQuery } from '../../../api/session'
import { EmptyState } from '../../../components/EmptyState'
import { PageHeader } from '../../../components/PageHeader'
import { RelativeTime } from '../../../components/RelativeTime'
import { FilterSelect } from '../../../components/list/FilterSelect'
import { withParam } from '../../../lib/list-filters'
import { plural, singular } from '../../../lib/resources'
import { describeChange, kindWord, OUTCOMES } from '../../../lib/activity-entry'
import { useStoredScope } from '../../../lib/scope'
import { ensureScope } from '../../../lib/scope-loader'
import { TableScroll } from '../../../components/TableScroll'
import { formatNumber } from '../../../lib/format'
import { droppedNote, unlistedNote } from '../log-notes'
import { PAGE_ICONS } from '../../../lib/page-icons'

const TIMES = [
  { value: 'hour', label: 'Last hour', ms: 3_600_000 },
  { value: 'day', label: 'Last 24 hours', ms: 86_400_000 },
  { value: 'week', label: 'Last 7 days', ms: 7 * 86_400_000 },
]

export function loader(queryClient: QueryClient) {
  return async () => {
    await ensureScope(queryClient)
    return null
  }
}

export function Component() {
  const { organizationId = '' } = useStoredScope()
  const [params, setParams] = useSearchParams()
  const update = (next: URLSearchParams) => setParams(next, { replace: true, preventScrollReset: true })
  const time = TIMES.find((t) => t.value === params.get('time'))
  // The window starts at the minute, so the query's key holds still while the page is open.
  const since = useMemo(
    () => (time ? new Date(Math.floor((Date.now() - time.ms) / 60_000) * 60_000).toISOString() : undefined),
    [time],
  )
  const filter: ActivityFilter = {
    person: params.getAll('person'),
    kind: params.getAll('kind'),
    outcome: params.getAll('outcome'),
    ...(since ? { since } : {}),
  }
  const activity = useInfiniteQuery({
    ...activityQuery(organizationId, filter),
    enabled: Boolean(organizationId),
    placeholderData: keepPreviousData,
  })
  const upstreams = useQuery(consoleConfigQuery()).data?.upstreams
  const setAll = (name: string, values: string[]) => {
    const next = withParam(params, name, null)
    for (const value of values) next.append(name, value)
    update(next)
  }
  // The first page carries what is said of the whole log (its filters' choices, what it leaves out); the page asked
  // for last, the newest answer, its count, which grows as changes are made while older pages are read.
  const pages = activity.data?.pages
  const data = pages?.[0] && {
    ...pages[0],
    total: pages.at(-1)!.total,
    entries: pages.flatMap((page) => page.entries),
  }
  const notes = [
    unlistedNote(data?.unreadable, (kind) => kindWord(kind, plural)),
    droppedNote(data?.dropped, since),
  ].filter(Boolean)
  const filtered = filter.person.length + filter.kind.length + filter.outcome.length > 0 || Boolean(time)

  return (
    <>
      <PageHeader
        title="Activity"
        icon={PAGE_ICONS.activity}
        description="Changes made through this console in this organization: who made them, when, and how they ended. Changes made with other clients (the API, the CLI, Terraform) are not listed here."
      />
      {!organizationId ? (
        <EmptyState title="Choose an organization" description="The activity is kept per organization." />
      ) : activity.isError && !data ? (
        <EmptyState kind="error" title="The activity could not be loaded" description={activity.error.message} />
      ) : !data ? (
        <LoadingRows label="Loading activity" />
      ) : (
        <Stack gap="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            {(
              [
                {
                  name: 'person',
                  label: 'Person',
                  placeholder: 'Everyone',
                  width: 220,
                  data: data.people.map((p) => ({ value: p.subject, label: p.displayName })),
                },
                {
                  name: 'kind',
                  label: 'Resource kind',
                  placeholder: 'All kinds',
                  width: 220,
                  data: data.kinds.map((kind) => ({ value: kind, label: kindWord(kind, singular) })),
                },
                {
                  name: 'outcome',
                  label: 'Outcome',
                  placeholder: 'Any outcome',
                  width: 180,
                  data: OUTCOMES.map(({ value, label }) => ({ value, label })),
                },
              ] as const
            ).map(({ name, ...select }) => (
              <FilterSelect key={name} {...select} value={filter[name]} onChange={(values) => setAll(name, values)} />
            ))}
            <DeferredSelect
              label="Time"
              placeholder="Any time"
              clearable
              data={TIMES.map(({ value, label }) => ({ value, label }))}
              value={time?.value ?? null}
              onChange={(value) => update(withParam(params, 'time', value))}
              w={{ base: '100%', sm: 180 }}
            />
          </Group>
          <Text size="sm" c="dimmed" aria-live="polite">
            {data.total === 1 ? '1 change' : `${formatNumber(data.total)} changes`}
            {data.total > data.entries.length ? `, the newest ${formatNumber(data.entries.length)} shown` : ''}
          </Text>
          {activity.isRefetchError && (
            <Text size="sm" c="red" role="alert">
              The activity could not be refreshed, so what is listed may be out of date: {activity.error.message}
            </Text>
          )}
          {notes.map((note) => (
            <Text key={note} size="sm" c="dimmed">
              {note}
            </Text>
          ))}
          {data.entries.length === 0 ? (
            <EmptyState
              title={
                filtered
                  ? 'No changes match'
                  : data.unreadable?.length
                    ? 'No changes you can see yet'
                    : 'No changes yet'
              }
              description={
                filtered
                  ? 'Nothing matches these filters.'
                  : 'Creating, changing or deleting a resource through this console lists it here.'
              }
            />
          ) : (
            <TableScroll minWidth={720}>
              <Table verticalSpacing="sm" aria-label="Changes made through this console, newest first">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={110}>When</Table.Th>
                    <Table.Th w={140}>Who</Table.Th>
                    <Table.Th>Change</Table.Th>
                    <Table.Th w={290}>Outcome and trace id</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.entries.map((entry, i) => (
                    <EntryRow
                      key={`${entry.at}-${entry.traceId}-${i}`}
                      entry={entry}
                      base={upstreams?.[entry.service]}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          )}
          {activity.hasNextPage && (
            <Group>
              <Button
                variant="default"
                loading={activity.isFetchingNextPage}
                onClick={() => void activity.fetchNextPage()}
              >
                Show older changes
              </Button>
            </Group>
          )}
          {/* Beside the button that asked for them. */}
          {activity.isFetchNextPageError && (
            <Text size="sm" c="red" role="alert">
              Older changes could not be loaded: {activity.error.message}
            </Text>
          )}
        </Stack>
      )}
    </>
  )
}

function EntryRow({ entry, base }: { entry: ActivityEntry; base: string | undefined }) {
  const { verb, kind, label, href, outcome } = describeChange(entry)
  return (
    <Table.Tr>
      <Table.Td>
        <RelativeTime value={entry.at} size="sm" />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{entry.displayName}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          {verb} {kind}{' '}
          {label &&
            (href ? (
              // Underlined: inside a sentence, colour alone does not set a link apart in both schemes (link-in-text-block).
              <Anchor component={Link} to={href} underline="always">
                {label}
              </Anchor>
            ) : (
              <Text span fw={500}>
                {label}
              </Text>
            ))}
          {/* A name says which to people; the id, which to the platform, where no link carries it. */}
          {entry.resourceName && entry.resourceId && !href && (
            <Text span size="xs" c="dimmed">
              {' '}
              ({entry.resourceId})
            </Text>
          )}
        </Text>
        <Code style={{ wordBreak: 'break-all' }} aria-label="The equivalent request">
          {entry.method} {base ?? ''}
          {entry.path}
        </Code>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Badge color={outcome.color} variant="light" style={{ flexShrink: 0 }}>
            {outcome.label}
          </Badge>
          <Text size="xs" c="dimmed">
            {entry.status ?? ''}
            {entry.errorCode ? ` ${entry.errorCode}` : ''}
          </Text>
        </Group>
        {outcome.value === 'unknown' && (
          <Text size="xs" c="dimmed">
            {entry.status === undefined
              ? 'Sent to the platform; the console has no record of its answer (the write may still be under way, or the console stopped first). It may have been carried out: check the resource.'
              : 'The console did not get the platform’s answer: it may have been carried out. Check the resource.'}
          </Text>
        )}
        <Code aria-label="Trace id">{entry.traceId}</Code>
      </Table.Td>
    </Table.Tr>
  )
}

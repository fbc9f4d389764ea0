import { Badge } from '../../../components/mantine/Badge'
import { Button } from '../../../components/mantine/Button'
import { Group } from '../../../components/mantine/Group'
import { Text } from '../../../components/mantine/Text'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useEffect, useRef, type ReactNode } from 'react'
import { Link } from 'react-router'
import { activityQuery, OVERVIEW_SHOWN, type ActivityFilter } from '../../../api/activity'
import { isNotOffered } from '../../../api/errors'
import { RelativeTime } from '../../../components/RelativeTime'
import { cellLink, cellText } from '../../../components/cell-text'
import { describeChange } from '../../../lib/activity-entry'
import { paths } from '../../../lib/paths'
import classes from './RecentChanges.module.css'

/** A change the platform recorded on a resource (`recentlyRecorded`), worded for the line: "Created instance …". */
export interface RecordedLine {
  id: string
  verb: string
  kind: string
  name: string
  href: string
  at: string
  by?: string
}

const EVERY_CHANGE: ActivityFilter = { person: [], kind: [], outcome: [] }

/**
 * How often the log is read again while the page is visible, so a change made in another tab or by someone else
 * shows without reopening the page. Slower than the lists' poll while something settles: each read asks the identity
 * API for the caller's ACL and reads the organization's whole log (bench/activity-log.bench.ts times one), and every
 * admin's tab left open on the overview asks it, where the lists poll only for as long as something settles.
 */
const POLL_MS = 30_000

/**
 * The last changes made through this console in the organization, newest first: what was done to which resource
 * (linked while it has a page), by whom, when, and how it ended. Read again as `settling` changes (what is under way
 * right now, from the lists that poll), since a resource that starts or stops settling is usually someone's change,
 * and every POLL_MS while the page is visible (a hidden tab asks nothing, and reads it again when shown).
 */
export function RecentChanges({
  organizationID,
  enabled,
  settling,
  recorded,
  waiting,
}: {
  organizationID: string
  enabled: boolean
  settling: string
  /** What the platform's records say changed lately, whoever changed it: listed under the console's own log. */
  recorded: readonly RecordedLine[]
  /** Shown until the log answers. */
  waiting: ReactNode
}) {
  // Asked again each time the overview is opened: a change made elsewhere in the console is then listed.
  const activity = useInfiniteQuery({
    ...activityQuery(organizationID, EVERY_CHANGE, 'overview'),
    enabled,
    refetchOnMount: 'always',
    // Not once the console server said this platform cannot show it (no ACL to read): every ask would be refused.
    refetchInterval: (query) => (isNotOffered(query.state.error) ? false : POLL_MS),
    refetchIntervalInBackground: false,
  })
  const { refetch } = activity
  const seen = useRef(settling)
  const offered = !isNotOffered(activity.error)
  useEffect(() => {
    if (seen.current === settling) return
    seen.current = settling
    if (offered) void refetch()
  }, [settling, refetch, offered])

  const first = activity.data?.pages[0]
  let body
  if (!first && !offered) {
    // Said once, in the console server's words (what cannot be shown, and why), with nothing to try again.
    body = (
      <Text size="sm" c="dimmed">
        {activity.error?.message}
      </Text>
    )
  } else if (!first && activity.isError) {
    body = (
      <Group gap="xs" wrap="wrap">
        <Text size="sm">Could not load the recent changes: {activity.error.message}</Text>
        <Button variant="light" size="compact-xs" onClick={() => void refetch()}>
          Try again
        </Button>
      </Group>
    )
  } else if (!first) {
    body = waiting
  } else if (first.entries.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        {first.unreadable?.length
          ? 'No changes you can see yet.'
          : recorded.length
            ? 'None made through this console yet.'
            : 'No changes made through this console yet: creating, changing or deleting a resource lists it here.'}
      </Text>
    )
  } else {
    body = (
      <ol className={classes.changes} aria-labelledby="changed-lately">
        {/* Sliced too: a console server from before `limit`, still serving during a rolling deploy, sends 200. */}
        {first.entries.slice(0, OVERVIEW_SHOWN).map((entry) => {
          const { verb, kind, label, href, outcome } = describeChange(entry)
          return (
            <li key={`${entry.at}-${entry.traceId}`} className={classes.change}>
              <span className={classes.line}>
                <span className={`${cellText('sm')} ${classes.what}`} data-truncate="end">
                  {verb} {kind}{' '}
                  {label &&
                    (href ? (
                      <Link to={href} className={cellLink('sm')} data-underline="always">
                        {label}
                      </Link>
                    ) : (
                      <span className={cellText('sm', 'strong')}>{label}</span>
                    ))}
                </span>
                <Badge color={outcome.color} variant="light" size="sm" className={classes.outcome}>
                  {outcome.label}
                </Badge>
              </span>
              <span className={cellText('xs', 'dimmed')}>
                {entry.displayName} · <RelativeTime value={entry.at} span size="xs" c="dimmed" />
              </span>
            </li>
          )
        })}
      </ol>
    )
  }
  // The platform's records fill what the log leaves of the column, less what the log lists already.
  const logged = new Set(first?.entries.slice(0, OVERVIEW_SHOWN).map((entry) => describeChange(entry).href))
  const room = OVERVIEW_SHOWN - Math.min(OVERVIEW_SHOWN, first?.entries.length ?? OVERVIEW_SHOWN)
  const fromRecords = recorded.filter((change) => !logged.has(change.href)).slice(0, room)
  return (
    <>
      {body}
      {fromRecords.length > 0 && (
        <>
          <h4 id="changed-recorded" className={`${cellText('xs', 'dimmed')} ${classes.recordsHeading}`}>
            In the platform’s records, from any client
          </h4>
          <ol className={classes.changes} aria-labelledby="changed-recorded">
            {fromRecords.map((change) => (
              <li key={change.href} className={classes.change}>
                <span className={`${cellText('sm')} ${classes.what}`} data-truncate="end">
                  {change.verb} {change.kind}{' '}
                  <Link to={change.href} className={cellLink('sm')} data-underline="always">
                    {change.name}
                  </Link>
                </span>
                <span className={cellText('xs', 'dimmed')}>
                  {change.by && <>{change.by} · </>}
                  <RelativeTime value={change.at} span size="xs" c="dimmed" />
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
      <p className={`${cellText('xs', 'dimmed')} ${classes.more}`}>
        Every change, who made it and its trace id:{' '}
        <Link to={paths.activity()} className={cellLink('xs')} data-underline="always">
          Activity
        </Link>
      </p>
    </>
  )
}

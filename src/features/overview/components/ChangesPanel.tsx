import { Badge } from '../../../components/mantine/Badge'
import { Button } from '../../../components/mantine/Button'
import { Group } from '../../../components/mantine/Group'
import { Text } from '../../../components/mantine/Text'
import { useQueries } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { Link } from 'react-router'
import { isNotOffered } from '../../../api/errors'
import type { Service } from '../../../api/request'
import { SERVICE_NAMES } from '../../../api/services'
import { StatusBadge } from '../../../components/StatusBadge'
import { cellLink, cellText } from '../../../components/cell-text'
import { paths } from '../../../lib/paths'
import { needsAttention, recentlyRecorded, type RegionalKind } from '../overview-data'
import { overviewQueries, overviewServices } from '../overview-queries'
import { useSlowServices } from '../../../lib/use-slow-services'
import { Panel } from './Panel'
import { Placeholder } from './Placeholder'
import lines from './Lines.module.css'
import classes from './ChangesPanel.module.css'

// The log is read after the page's first paint, and its code with it: the first screen waits for neither. It shares
// no module with the page's chunk beyond the shell's, or the bundler would split those into a script of their own.
const RecentChanges = lazy(() => import('./RecentChanges').then((m) => ({ default: m.RecentChanges })))

const KIND: Record<RegionalKind, { label: string; to: (id: string) => string }> = {
  network: { label: 'Network', to: paths.networks.item },
  securityGroup: { label: 'Security group', to: paths.securityGroups.item },
  fileStorage: { label: 'File storage', to: paths.fileStorage.item },
  instance: { label: 'Instance', to: paths.instances.item },
  loadBalancer: { label: 'Load balancer', to: paths.loadBalancers.item },
}

/** The lists the panel reads, in the order it reads them. */
const LISTS = ['instances', 'networks', 'securityGroups', 'fileStorage', 'loadBalancers'] as const
type Listed = (typeof LISTS)[number]

const KIND_OF: Record<Listed, RegionalKind> = {
  instances: 'instance',
  networks: 'network',
  securityGroups: 'securityGroup',
  fileStorage: 'fileStorage',
  loadBalancers: 'loadBalancer',
}

const PLURAL: Record<Listed, string> = {
  instances: 'Instances',
  networks: 'Networks',
  securityGroups: 'Security groups',
  fileStorage: 'File storage',
  loadBalancers: 'Load balancers',
}

/** How many rows the panel lists before it says how many more there are. */
const SHOWN = 8

/** Placeholder lines while a column's reads are out. */
const placeholders = (count: number) =>
  Array.from({ length: count }, (_, i) => (
    <Placeholder key={i} style={{ height: 18, width: i % 2 ? '70%' : '90%' }} aria-hidden />
  ))

/**
 * What is changing: on one side what is provisioning, starting, stopping or deleting right now, and what failed or is
 * unhealthy, from the lists the page has read already; on the other the last changes made through this console, from
 * the activity log. The lists poll while anything in them settles, so rows leave as they finish, and the log is read
 * again whenever what settles changes, which is when someone has changed something, and on a slower poll while the
 * page is visible (RecentChanges).
 */
export function ChangesPanel({ organizationID, enabled }: { organizationID: string; enabled: boolean }) {
  const slow = useSlowServices()
  const { items, recorded, queries, lists } = useQueries({
    queries: LISTS.map((list) => ({ ...overviewQueries[list](organizationID), enabled })),
    combine: (results) => ({
      items: needsAttention(LISTS.map((list, i) => ({ kind: KIND_OF[list], items: results[i]!.data ?? [] }))),
      // Read when the lists change, which is when the panel renders anew: "lately" is then as of that answer.
      recorded: recentlyRecorded(
        LISTS.map((list, i) => ({ kind: KIND_OF[list], items: results[i]!.data ?? [] })),
        Date.now(),
      ).map((change) => ({
        ...change,
        kind: KIND[change.kind].label.toLowerCase(),
        href: KIND[change.kind].to(change.id),
      })),
      queries: results,
      // Each list's own state, so one that has not answered (or failed) says so in its line and the rest show.
      lists: LISTS.map((list, i) => ({ list, state: listState(results[i]!) })),
    }),
  })
  const settling = items.filter((item) => item.settling)
  const live = settling.length ? (
    <Badge color="iris" variant="dot" title="Refreshing every second while something settles">
      Live
    </Badge>
  ) : undefined
  const missing = lists.flatMap(({ list, state }) => (state === 'answered' ? [] : [{ list, state }]))
  const noneYet = missing.length === lists.length && missing.every(({ state }) => state === 'waiting')
  return (
    <Panel title="What is changing" aside={live} queries={[]} services={[]} notOffered="">
      {() => (
        <div className={classes.columns}>
          <div className={classes.column}>
            <h3 id="changing-now" className={`${cellText('sm', 'strong')} ${classes.heading}`}>
              Right now
            </h3>
            {noneYet ? (
              placeholders(3)
            ) : items.length === 0 ? (
              <Text size="sm" c="dimmed">
                {missing.length
                  ? 'Nothing is under way or failing in the lists that have answered.'
                  : 'Nothing is provisioning, starting, stopping or being deleted, and every resource is healthy.'}
              </Text>
            ) : (
              <ul className={lines.list} aria-labelledby="changing-now">
                {items.slice(0, SHOWN).map((item) => (
                  <li key={`${item.kind}/${item.id}`} className={lines.line}>
                    <span className={lines.start}>
                      <span className={`${cellText('xs', 'dimmed')} ${lines.kind}`}>{KIND[item.kind].label}</span>
                      <Link
                        to={KIND[item.kind].to(item.id)}
                        className={cellLink('sm')}
                        data-underline="hover"
                        data-truncate="end"
                      >
                        {item.name}
                      </Link>
                    </span>
                    <StatusBadge value={item.state} settling={item.settling} />
                  </li>
                ))}
                {items.length > SHOWN && <li className={cellText('xs', 'dimmed')}>and {items.length - SHOWN} more</li>}
              </ul>
            )}
            {!noneYet &&
              missing.map(({ list, state }) => (
                <MissingList
                  key={list}
                  label={PLURAL[list]}
                  state={state}
                  slow={slow.includes(overviewServices[list])}
                  service={overviewServices[list]}
                  retry={() => void queries[LISTS.indexOf(list)]!.refetch()}
                />
              ))}
          </div>
          <div className={classes.column}>
            <h3 id="changed-lately" className={`${cellText('sm', 'strong')} ${classes.heading}`}>
              Lately
            </h3>
            <Suspense fallback={placeholders(3)}>
              <RecentChanges
                organizationID={organizationID}
                enabled={enabled}
                settling={settling.map((item) => `${item.kind}/${item.id}/${item.state}`).join(' ')}
                recorded={recorded}
                waiting={placeholders(3)}
              />
            </Suspense>
          </div>
        </div>
      )}
    </Panel>
  )
}

type ListState = 'answered' | 'waiting' | { error: Error }

function listState(query: { data?: unknown; error: Error | null }): ListState {
  if (query.data !== undefined) return 'answered'
  return query.error ? { error: query.error } : 'waiting'
}

/** One list the panel could not read yet: what it waits on, or why it failed and a way to try again. */
function MissingList({
  label,
  state,
  slow,
  service,
  retry,
}: {
  label: string
  state: Exclude<ListState, 'answered'>
  slow: boolean
  service: Service
  retry: () => void
}) {
  if (state === 'waiting')
    return (
      <Text size="sm" c="dimmed" mt="xs">
        {label}: {slow ? `waiting on the ${SERVICE_NAMES[service]}` : 'loading…'}
      </Text>
    )
  return (
    <Group gap="xs" mt="xs" wrap="wrap">
      <Text size="sm">
        {label}:{' '}
        {isNotOffered(state.error) ? 'this platform does not list them' : `could not load (${state.error.message})`}
      </Text>
      {!isNotOffered(state.error) && (
        <Button variant="light" size="compact-xs" onClick={retry}>
          Try again
        </Button>
      )}
    </Group>
  )
}

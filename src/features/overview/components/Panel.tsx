import { Button } from '../../../components/mantine/Button'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { Title } from '../../../components/mantine/Title'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { isNotOffered } from '../../../api/errors'
import type { Service } from '../../../api/request'
import { SERVICE_NAMES } from '../../../api/services'
import { useSlowServices } from '../../../lib/use-slow-services'
import { Placeholder } from './Placeholder'
import classes from './Panel.module.css'

interface PanelProps {
  title: string
  /** Beside the title: a live marker, a total. */
  aside?: ReactNode
  /** The reads the panel shows: until all have answered it holds placeholders of about its final height. */
  queries: Pick<UseQueryResult, 'isPending' | 'error' | 'refetch'>[]
  /** Still waiting for reads the panel shows but does not fail on (each region's flavors, which only name things). */
  waiting?: boolean
  /** The service of each read, in the order of `queries`: a read still pending on a slow one names it. */
  services: readonly Service[]
  /** The service of the reads `waiting` stands for. */
  waitingOn?: Service
  /** What to say when the platform does not offer the read at all. */
  notOffered: string
  /** Lines of placeholder while pending. */
  lines?: number
  children: () => ReactNode
}

/** One panel of the overview: its reads' loading, failure and "not offered" states handled once. */
export function Panel({
  title,
  aside,
  queries,
  waiting = false,
  services,
  waitingOn,
  notOffered,
  lines = 4,
  children,
}: PanelProps) {
  const pendingOn = new Set(services.filter((_, i) => queries[i]?.isPending))
  if (waiting && waitingOn) pendingOn.add(waitingOn)
  const slow = useSlowServices().filter((service): service is Service => pendingOn.has(service as Service))
  const failed = queries.find((query) => query.error)
  let body: ReactNode
  if (failed && isNotOffered(failed.error)) {
    body = (
      <Text size="sm" c="dimmed">
        {notOffered}
      </Text>
    )
  } else if (failed) {
    body = (
      <Stack gap="xs" align="flex-start">
        <Text size="sm">Could not load this: {failed.error?.message}</Text>
        <Button variant="light" size="xs" onClick={() => void failed.refetch()}>
          Try again
        </Button>
      </Stack>
    )
  } else if (waiting || queries.some((query) => query.isPending)) {
    body = (
      <Stack gap={10}>
        {slow.length > 0 && (
          <Text size="sm" c="dimmed">
            Waiting on the {slow.map((service) => SERVICE_NAMES[service]).join(' and the ')}
          </Text>
        )}
        {Array.from({ length: lines }, (_, i) => (
          <Placeholder key={i} style={{ height: 18, width: i % 2 ? '70%' : '90%' }} aria-hidden />
        ))}
      </Stack>
    )
  } else {
    body = children()
  }
  return (
    <section className={classes.panel} aria-label={title}>
      <div className={classes.heading}>
        <h2 className={`${Title.classes.root} ${classes.title}`}>{title}</h2>
        {aside}
      </div>
      {body}
    </section>
  )
}

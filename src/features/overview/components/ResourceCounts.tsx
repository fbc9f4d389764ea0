import { Paper, SimpleGrid, Skeleton, Text, UnstyledButton } from '@mantine/core'
import type { UseQueryResult } from '@tanstack/react-query'
import { Link } from 'react-router'
import { isNotOffered } from '../../../api/errors'
import classes from './ResourceCounts.module.css'

export interface ResourceCount {
  label: string
  to: string
  query: Pick<UseQueryResult<readonly unknown[]>, 'data' | 'isPending' | 'error'>
  /** A second line under the number ("9 running · 2 stopped"). */
  detail?: string
}

function countText(query: ResourceCount['query']): string | undefined {
  if (query.data) return query.data.length.toLocaleString('en-US')
  if (query.error) return '—'
  return undefined
}

/** One tile per resource: how many there are in the organization, linking to the list that shows them. */
export function ResourceCounts({ counts }: { counts: ResourceCount[] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, xl: 8 }} spacing="sm" mb="md">
      {counts.map(({ label, to, query, detail }) => {
        const count = countText(query)
        const note = query.error ? (isNotOffered(query.error) ? 'Not offered' : 'Could not load') : detail
        return (
          <Paper key={label} withBorder className={classes.tile}>
            <UnstyledButton component={Link} to={to} className={classes.link} p="sm">
              <Text size="sm" c="dimmed" fw={500}>
                {label}
              </Text>
              {count === undefined ? (
                <Skeleton height={32} width={48} my={2} aria-label={`${label}: loading`} />
              ) : (
                <Text fz={28} fw={650} lh={1.3}>
                  {count}
                </Text>
              )}
              {/* Two lines at most: at 1440 px the eight tiles are too narrow for "14 running · 4 stopped". */}
              <Text size="xs" c="dimmed" lineClamp={2} mih={18}>
                {note ?? '\u00a0'}
              </Text>
            </UnstyledButton>
          </Paper>
        )
      })}
    </SimpleGrid>
  )
}

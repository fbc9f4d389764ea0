import { Anchor } from '../mantine/Anchor'
import { Group } from '../mantine/Group'
import { Paper } from '../mantine/Paper'
import { Stack } from '../mantine/Stack'
import { Text } from '../mantine/Text'
import { Title } from '../mantine/Title'
import { useId, type ReactNode } from 'react'
import { Link } from 'react-router'
import { ResourceStatus } from '../StatusBadge'
import { formatNumber } from '../../lib/format'

interface Related {
  id: string
  name: string
  to: string
  state: ReactNode
}

/**
 * One listed item as a related list shows it: by name, linking to its page, with its state: its provisioning and
 * health unless `state` says otherwise (an instance's power state).
 */
export function relatedItem(
  item: { metadata: { id: string; name: string; provisioningStatus?: string; healthStatus?: string } },
  pageOf: (id: string) => string,
  state: ReactNode = (
    <ResourceStatus provisioning={item.metadata.provisioningStatus} health={item.metadata.healthStatus} />
  ),
): Related {
  return { id: item.metadata.id, name: item.metadata.name, to: pageOf(item.metadata.id), state }
}

// Enough to see what is there; the title's link has them all.
const SHOWN = 8

interface RelatedGroup {
  /** What they are, plural: "Instances". */
  title: string
  /** Undefined while loading. */
  items: Related[] | undefined
  /** The whole filtered list, which the title links to. */
  listTo: string
  /** Why there are none, when there are none. */
  none: string
}

/**
 * What lives in a resource ("In this network"): each kind a titled list of its members by name with their state,
 * its title a link to the filtered list.
 */
export function RelatedList({ title, groups }: { title: string; groups: RelatedGroup[] }) {
  const id = useId()
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={id}>
      <Title id={id} order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Group align="flex-start" gap="xl" wrap="wrap">
        {groups.map((group) => (
          <RelatedKind key={group.title} group={group} />
        ))}
      </Group>
    </Paper>
  )
}

function RelatedKind({ group }: { group: RelatedGroup }) {
  const id = useId()
  const { items } = group
  return (
    <Stack gap={6} miw={240}>
      {/* The title is the link to the whole filtered list, for more than this shows. */}
      <Title id={id} order={3} size="h6">
        <Anchor component={Link} to={group.listTo} inherit>
          {group.title}
        </Anchor>
        {items ? ` · ${formatNumber(items.length)}` : ''}
      </Title>
      {items === undefined ? (
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {group.none}
        </Text>
      ) : (
        <Stack component="ul" aria-labelledby={id} gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
          {items.slice(0, SHOWN).map((item) => (
            <Group component="li" key={item.id} gap="sm" justify="space-between" wrap="nowrap">
              <Anchor component={Link} to={item.to} size="sm" truncate="end">
                {item.name}
              </Anchor>
              {item.state}
            </Group>
          ))}
        </Stack>
      )}
      {items && items.length > SHOWN && (
        <Text size="sm" c="dimmed">
          and {items.length - SHOWN} more in the list
        </Text>
      )}
    </Stack>
  )
}

import { Anchor, Badge, Group, Stack, Text } from '@mantine/core'
import { useQueries } from '@tanstack/react-query'
import { Link } from 'react-router'
import { StatusBadge } from '../../../components/StatusBadge'
import { paths } from '../../../lib/paths'
import { needsAttention, type RegionalKind } from '../overview-data'
import { overviewQueries } from '../overview-queries'
import { Panel } from './Panel'

const KIND: Record<RegionalKind, { label: string; to: (id: string) => string }> = {
  network: { label: 'Network', to: paths.networks.item },
  securityGroup: { label: 'Security group', to: paths.securityGroups.item },
  fileStorage: { label: 'File storage', to: paths.fileStorage.item },
  instance: { label: 'Instance', to: paths.instances.item },
}

/** How many rows the panel lists before it says how many more there are. */
const SHOWN = 8

/**
 * What is provisioning, starting, stopping or deleting right now, and what failed or is unhealthy. The lists it
 * reads poll while anything in them settles, so rows leave the panel as they finish.
 */
export function AttentionPanel({ organizationID, enabled }: { organizationID: string; enabled: boolean }) {
  const { items, queries } = useQueries({
    queries: [
      { ...overviewQueries.instances(organizationID), enabled },
      { ...overviewQueries.networks(organizationID), enabled },
      { ...overviewQueries.securityGroups(organizationID), enabled },
      { ...overviewQueries.fileStorage(organizationID), enabled },
    ],
    combine: ([instances, networks, securityGroups, fileStorage]) => ({
      items: needsAttention([
        { kind: 'instance', items: instances.data ?? [] },
        { kind: 'network', items: networks.data ?? [] },
        { kind: 'securityGroup', items: securityGroups.data ?? [] },
        { kind: 'fileStorage', items: fileStorage.data ?? [] },
      ]),
      queries: [instances, networks, securityGroups, fileStorage],
    }),
  })
  const settling = items.some((item) => item.settling)
  const live = settling ? (
    <Badge color="blue" variant="dot" title="Refreshing every second while something settles">
      Live
    </Badge>
  ) : undefined
  return (
    <Panel title="Needs attention" aside={live} queries={queries} notOffered="This platform does not list resources.">
      {() =>
        items.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing is provisioning, and every resource is healthy.
          </Text>
        ) : (
          <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {items.slice(0, SHOWN).map((item) => (
              <Group key={`${item.kind}/${item.id}`} component="li" justify="space-between" wrap="nowrap" gap="xs">
                <Group gap="xs" wrap="nowrap" miw={0}>
                  <Text size="xs" c="dimmed" w={92} style={{ flexShrink: 0 }}>
                    {KIND[item.kind].label}
                  </Text>
                  <Anchor component={Link} to={KIND[item.kind].to(item.id)} size="sm" truncate="end">
                    {item.name}
                  </Anchor>
                </Group>
                <StatusBadge value={item.state} settling={item.settling} />
              </Group>
            ))}
            {items.length > SHOWN && (
              <Text size="xs" c="dimmed" component="li">
                and {items.length - SHOWN} more
              </Text>
            )}
          </Stack>
        )
      }
    </Panel>
  )
}

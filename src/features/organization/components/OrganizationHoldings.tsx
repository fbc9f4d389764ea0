import { Anchor } from '../../../components/mantine/Anchor'
import { Group } from '../../../components/mantine/Group'
import { Paper } from '../../../components/mantine/Paper'
import { SimpleGrid } from '../../../components/mantine/SimpleGrid'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { Title } from '../../../components/mantine/Title'
import { useQuery } from '@tanstack/react-query'
import { useId, type ReactNode } from 'react'
import { Link } from 'react-router'
import { regionApi } from '../../../api/regions'
import { q } from '../../../api/endpoint'
import { projectApi } from '../../../api/identity'
import { formatNumber } from '../../../lib/format'
import { paths } from '../../../lib/paths'

/** Names shown per card; the rest are counted and linked to their list. */
const SHOWN = 6

/**
 * What the organization holds, from what the page's scope check has read already (its projects and regions): each
 * project by name, linked; each region it can place resources in; and where its people and access are managed.
 */
export function OrganizationHoldings({ organizationID }: { organizationID: string }) {
  const headingId = useId()
  const projects = useQuery(q(projectApi.list, { organizationID })).data ?? []
  const regions = useQuery(q(regionApi.list, { organizationID })).data ?? []
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={headingId}>
      <Title id={headingId} order={2} size="h4" mb={4}>
        What it holds
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Its people, service accounts and groups, and its projects with the infrastructure in them. Groups grant roles to
        their members, in the projects that list them.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        <Holding title="Projects" count={projects.length} to={paths.projects.list()}>
          {projects.slice(0, SHOWN).map((project) => (
            <Anchor key={project.metadata.id} component={Link} to={paths.projects.item(project.metadata.id)} size="sm">
              {project.metadata.name}
            </Anchor>
          ))}
        </Holding>
        <Holding title="Regions" count={regions.length}>
          {regions.slice(0, SHOWN).map((region) => (
            <Text key={region.metadata.id} size="sm">
              {region.metadata.name}
              {region.spec?.type && (
                <Text span size="xs" c="dimmed">
                  {' '}
                  · {region.spec.type}
                </Text>
              )}
            </Text>
          ))}
        </Holding>
        <Holding title="People and access">
          <Anchor component={Link} to={paths.users.list()} size="sm">
            Users
          </Anchor>
          <Anchor component={Link} to={paths.serviceAccounts.list()} size="sm">
            Service accounts
          </Anchor>
          <Anchor component={Link} to={paths.groups.list()} size="sm">
            Groups
          </Anchor>
        </Holding>
      </SimpleGrid>
    </Paper>
  )
}

function Holding({
  title,
  count,
  to,
  children,
}: {
  title: string
  count?: number
  /** The whole list, when more are held than shown. */
  to?: string
  children: ReactNode
}) {
  return (
    <Stack gap={6} miw={0}>
      <Group gap={6} align="baseline">
        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          {title}
        </Text>
        {count !== undefined && (
          <Text size="xs" c="dimmed">
            {formatNumber(count)}
          </Text>
        )}
      </Group>
      {children}
      {to && count !== undefined && count > SHOWN && (
        <Anchor component={Link} to={to} size="xs">
          All {formatNumber(count)}
        </Anchor>
      )}
    </Stack>
  )
}

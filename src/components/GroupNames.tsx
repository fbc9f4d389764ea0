import { Anchor, Badge, Group, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { paths } from '../lib/paths'
import { q } from '../api/endpoint'
import { groupApi } from '../api/identity'

interface GroupNamesProps {
  ids: string[]
  organizationID: string
  /** Each name links to its group's page (detail pages); tables show plain badges. */
  links?: boolean
  max?: number
}

/** Group ids shown by name from the organization's groups list; an id the list does not know (or cannot give) stays an id. */
export function GroupNames({ ids, organizationID, links = false, max }: GroupNamesProps) {
  const groups = useQuery({ ...q(groupApi.list, { organizationID }), enabled: Boolean(organizationID) })
  if (!ids.length)
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    )
  const nameOf = (id: string) => groups.data?.find((group) => group.metadata.id === id)?.metadata.name ?? id
  const shown = max ? ids.slice(0, max) : ids
  return (
    <Group gap={4} wrap={links ? 'wrap' : 'nowrap'} style={links ? undefined : { overflow: 'hidden' }} component="span">
      {shown.map((id) =>
        links ? (
          <Anchor key={id} component={Link} to={paths.group(id)} size="sm" mr={6}>
            {nameOf(id)}
          </Anchor>
        ) : (
          <Badge key={id} variant="light" color="gray" radius="sm" tt="none" fw={500}>
            {nameOf(id)}
          </Badge>
        ),
      )}
      {max && ids.length > max && (
        <Text size="xs" c="dimmed" title={ids.slice(max).map(nameOf).join(', ')}>
          +{ids.length - max}
        </Text>
      )}
    </Group>
  )
}

import { Anchor } from './mantine/Anchor'
import { Badge } from './mantine/Badge'
import { Group } from './mantine/Group'
import { Text } from './mantine/Text'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { paths } from '../lib/paths'
import { q } from '../api/endpoint'
import { groupApi } from '../api/identity'
import { FittedChips } from './FittedChips'
import { useNamesOf } from '../lib/use-scope-names'

interface GroupNamesProps {
  ids: string[]
  organizationID: string
  /** Each name links to its group's page (detail pages); tables show one line of badges, "+N" past what fits. */
  links?: boolean
}

/** Group ids shown by name from the organization's groups list; an id the list does not know (or cannot give) stays an id. */
export function GroupNames({ ids, organizationID, links = false }: GroupNamesProps) {
  const groups = useQuery({ ...q(groupApi.list, { organizationID }), enabled: Boolean(organizationID) })
  const names = useNamesOf(groups.data)
  if (!ids.length)
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    )
  const nameOf = (id: string) => names.get(id) ?? id
  if (!links)
    return (
      <FittedChips
        chips={ids.map((id) => ({
          key: `${id}=${nameOf(id)}`,
          text: nameOf(id),
          node: (
            <Badge variant="light" color="gray" radius="sm" tt="none" fw={500} title={nameOf(id)}>
              {nameOf(id)}
            </Badge>
          ),
        }))}
      />
    )
  return (
    <Group gap={4} wrap="wrap" component="span">
      {ids.map((id) => (
        <Anchor key={id} component={Link} to={paths.groups.item(id)} size="sm" mr={6}>
          {nameOf(id)}
        </Anchor>
      ))}
    </Group>
  )
}

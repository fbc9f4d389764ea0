import { Button } from '../../components/mantine/Button'
import { Stack } from '../../components/mantine/Stack'
import { Text } from '../../components/mantine/Text'
import { Title } from '../../components/mantine/Title'
import { Link, useLocation } from 'react-router'
import { paths, pathsOf } from '../../lib/paths'
import { useAccess } from '../../lib/permissions'
import { plural, resources, singular, type Resource } from '../../lib/resources'

/** The resource whose pages the path is under: `/networks/…` is a network's. */
function resourceAt(pathname: string): Resource | undefined {
  return Object.values(resources).find((r: Resource) => {
    const list = pathsOf(r).list()
    return pathname === list || pathname.startsWith(`${list}/`)
  })
}

/**
 * The platform refused to show the page (403): the caller's roles do not cover it, which no retry changes. Said
 * plainly, with the way back to what the caller may see.
 */
export function ForbiddenPage({ message }: { message: string }) {
  const { pathname } = useLocation()
  const access = useAccess()
  const resource = resourceAt(pathname)
  // One the caller's roles let them read elsewhere (in their own projects): this one lies outside those projects, and
  // its list is the way back. Otherwise their roles do not include the kind at all.
  const item = resource && pathname !== pathsOf(resource).list() && access.may(resource, 'read') ? resource : undefined
  return (
    <Stack align="flex-start" gap="sm" py="xl" maw={560}>
      <Text c="dimmed" fw={700}>
        403
      </Text>
      <Title order={1}>{item ? `You cannot see this ${singular(item)}` : 'You cannot see this page'}</Title>
      <Text>
        {item
          ? `Your roles in this organization do not cover ${item === resources.projects ? 'this project' : `the project this ${singular(item)} belongs to`}. An administrator can add you to a group linked to it.`
          : `Your roles in this organization do not include ${resource ? plural(resource) : 'what this page shows'}. An administrator can give you a role that does.`}
      </Text>
      <Text size="sm" c="dimmed">
        The platform said: {message}
      </Text>
      {item ? (
        <Button component={Link} to={pathsOf(item).list()} variant="light">
          Back to {plural(item)}
        </Button>
      ) : (
        <Button component={Link} to={paths.home()} variant="light">
          Go to the overview
        </Button>
      )}
    </Stack>
  )
}

import { Button, Stack, Text, Title } from '@mantine/core'
import { Link, useLocation } from 'react-router'
import { paths } from '../../lib/paths'
import { plural, resources, singular, type Resource } from '../../lib/resources'

/** The resource whose pages the path is under: `/networks/…` is a network's. */
function resourceAt(pathname: string): Resource | undefined {
  return Object.values(resources).find((r: Resource) => pathname === r.list() || pathname.startsWith(`${r.list()}/`))
}

/**
 * The platform refused to show the page (403): the caller's roles do not cover it, which no retry changes. Said
 * plainly, with the way back to what the caller may see.
 */
export function ForbiddenPage({ message }: { message: string }) {
  const { pathname } = useLocation()
  const resource = resourceAt(pathname)
  const isItem = resource !== undefined && pathname !== resource.list()
  return (
    <Stack align="flex-start" gap="sm" py="xl" maw={560}>
      <Text c="dimmed" fw={700}>
        403
      </Text>
      <Title order={1}>
        {resource ? `You cannot see this ${isItem ? singular(resource) : 'page'}` : 'You cannot see this page'}
      </Title>
      <Text>
        {resource && isItem
          ? `Your roles in this organization do not cover the project this ${singular(resource)} belongs to. An administrator can add you to a group linked to that project.`
          : `Your roles in this organization do not include ${resource ? plural(resource) : 'what this page shows'}. An administrator can give you a role that does.`}
      </Text>
      <Text size="sm" c="dimmed">
        The platform said: {message}
      </Text>
      {resource && isItem ? (
        <Button component={Link} to={resource.list()} variant="light">
          Back to {plural(resource)}
        </Button>
      ) : (
        <Button component={Link} to={paths.home()} variant="light">
          Go to the overview
        </Button>
      )}
    </Stack>
  )
}

import { Alert } from './mantine/Alert'
import { Anchor } from './mantine/Anchor'
import { List } from './mantine/List'
import { Stack } from './mantine/Stack'
import { Text } from './mantine/Text'
import { useQueries } from '@tanstack/react-query'
import { Link } from 'react-router'
import { q } from '../api/endpoint'
import { usingLists, type UsingList } from '../api/users-of'
import { formatCount } from '../lib/format'
import { pathsOf } from '../lib/paths'
import { kindLabel, plural, resources, singular, type Resource, type ResourceName } from '../lib/resources'
import { useStoredScope } from '../lib/scope'

/**
 * The item a delete dialog is about: its id, and the project its users live in (a project's is its own; none for
 * what only the organization uses).
 */
export interface UsedItem {
  id: string
  projectId?: string
}

interface Users {
  kind: ResourceName
  /** Each one, and where it is seen when its kind has no page of its own. */
  items: { id: string; name: string; to?: string }[]
  /** What a user at the organization's level does with the item ("signs in through"). */
  says?: string
}

type Use = Resource['usedBy'][number]

/** The organization's settings, when they name the item through `through`: the organization as its one user. */
function organizationQuery({ through, says }: Use, item: UsedItem | undefined, organizationID: string) {
  const { read, names } = usingLists.organizations
  return {
    ...q(read, { organizationID }),
    select: (organization: Awaited<ReturnType<typeof read.call>>): Users => ({
      kind: 'organizations',
      says,
      items: names[through as keyof typeof names](organization).includes(item?.id ?? '') ? [organization.metadata] : [],
    }),
  }
}

/**
 * What uses `item`, as its row declares (`Resource.usedBy`): each using kind's list in the item's project, kept to
 * the items that name it, and the organization's own settings for a use at its level. Asked only while `enabled`
 * (the dialog is open); `refetch` asks again after a refusal.
 */
export function useUsersOf(resource: Resource, item: UsedItem | undefined, enabled: boolean) {
  const organizationID = useStoredScope().organizationId ?? ''
  const results = useQueries({
    queries: resource.usedBy.map((use) => {
      const { kind, through } = use
      if (kind === 'organizations')
        return { ...organizationQuery(use, item, organizationID), enabled: enabled && item !== undefined }
      // One kind's list among all of them: read as what every such list is.
      const { list, names, pageOf } = usingLists[kind as keyof typeof usingLists] as unknown as UsingList<
        unknown,
        string
      >
      return {
        ...q(list, { projectID: [item?.projectId ?? ''] }),
        enabled: enabled && item !== undefined,
        select: (items: unknown[]): Users => ({
          kind: kind as ResourceName,
          items: items
            .filter((used) => names[through]?.(used).includes(item?.id ?? ''))
            .map((used) => {
              const { id, name } = (used as { metadata: { id: string; name: string } }).metadata
              return pageOf ? { id, name, to: pageOf(used) } : { id, name }
            }),
        }),
      }
    }),
  })
  return {
    users: results.flatMap((result) => (result.data && result.data.items.length > 0 ? [result.data] : [])),
    failed: results.some((result) => result.isError),
    refetch: () => results.forEach((result) => void result.refetch()),
  }
}

const countOf = ({ kind, items }: Users) => formatCount(items.length, items.length, resources[kind].noun)

// Past this many of one kind, the rest are counted and linked as the kind's list in the item's project.
const NAMED_PER_KIND = 5

/** What uses the item, each named by its kind and linked to its page. */
export function UsersList({ resource, users, projectId }: { resource: Resource; users: Users[]; projectId?: string }) {
  return (
    <List size="sm" spacing={2} aria-label={`What uses this ${singular(resource)}`}>
      {users.flatMap(({ kind, items, says }) => [
        ...items.slice(0, NAMED_PER_KIND).map((used) => (
          <List.Item key={`${kind}/${used.id}`}>
            {kindLabel(resources[kind])}{' '}
            {says ? (
              // The organization has one page, its settings, where what it uses is changed.
              <>
                <UsedLink to={pathsOf(resources[kind]).list()}>{used.name}</UsedLink> {says} this {singular(resource)}
              </>
            ) : (
              <UsedLink to={used.to ?? pathsOf(resources[kind]).item(used.id)}>{used.name}</UsedLink>
            )}
          </List.Item>
        )),
        ...(items.length > NAMED_PER_KIND
          ? [
              <List.Item key={`${kind}/more`}>
                <UsedLink to={pathsOf(resources[kind]).list({ project: projectId })}>
                  {`${items.length - NAMED_PER_KIND} more ${plural(resources[kind])}`}
                </UsedLink>
              </List.Item>,
            ]
          : []),
      ])}
    </List>
  )
}

// Underlined in the text's own colour: it sits inside an alert.
function UsedLink({ to, children }: { to: string; children: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" c="inherit" fw={600} underline="always">
      {children}
    </Anchor>
  )
}

/** The delete dialog's warning before the user confirms: what uses the item, or that it could not be looked up. */
export function InUseBy({
  resource,
  users,
  failed,
  projectId,
}: { resource: Resource; projectId?: string } & ReturnType<typeof useUsersOf>) {
  if (users.length === 0)
    return failed ? (
      <Text size="sm" c="dimmed">
        What uses this {singular(resource)} could not be looked up; the platform checks when you delete it.
      </Text>
    ) : null
  return (
    <Alert color="amber" variant="light" title={`In use by ${users.map(countOf).join(', ')}`}>
      <Stack gap={6}>
        <Text size="sm">
          The platform refuses to delete this {singular(resource)} while anything uses it.{' '}
          {users.some((used) => used.says) ? 'Change what uses it first:' : 'Delete these first, or move them off it:'}
        </Text>
        <UsersList resource={resource} users={users} projectId={projectId} />
      </Stack>
    </Alert>
  )
}

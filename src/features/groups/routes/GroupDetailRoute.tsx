import { Anchor } from '../../../components/mantine/Anchor'
import { BreakableAddress } from '../../../components/BreakableAddress'
import { readQuery } from '../../../api/read'
import { groupReads } from '../group-reads'
import { Group } from '../../../components/mantine/Group'
import { Paper } from '../../../components/mantine/Paper'
import { SimpleGrid } from '../../../components/mantine/SimpleGrid'
import { Table } from '../../../components/mantine/Table'
import { Text } from '../../../components/mantine/Text'
import { Title } from '../../../components/mantine/Title'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { CopyableId } from '../../../components/CopyableId'
import { DeleteResourceButton } from '../../../components/DeleteResourceButton'
import { DetailPage } from '../../../components/DetailPage'
import { stateItems } from '../../../components/detail/state-items'
import { statusHeading } from '../../../components/detail/status-heading'
import { RelativeTime } from '../../../components/RelativeTime'
import { StatusBadge } from '../../../components/StatusBadge'
import { paths } from '../../../lib/paths'
import { scopedRoute } from '../../../lib/route-module'
import { useStoredScope } from '../../../lib/scope'
import { AddMembers } from '../components/AddMembers'
import { nameCrumb } from '../../../components/NameCrumb'
import { GroupLossList } from '../components/GroupLossList'
import { DELETED, lossesOf, otherGroupsOf } from '../group-losses'
import { membersOf } from '../group-members'
import { m } from '../../../api/endpoint'
import { groupApi } from '../../../api/identity'
import { resources } from '../../../lib/resources'
import { formatNumber } from '../../../lib/format'

export const { loader } = scopedRoute((queryClient, { params, organizationID }) =>
  queryClient.ensureQueryData(readQuery(groupReads(params.groupId!, organizationID).group)),
)

export const handle = nameCrumb(groupApi.detail, 'groupId', (groupID, organizationID) => ({ organizationID, groupID }))

function Section({
  title,
  count,
  hint,
  children,
}: {
  title: string
  count: number
  hint: string
  children: ReactNode
}) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Group gap="xs" mb={4}>
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          ({count})
        </Text>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {hint}
      </Text>
      {children}
    </Paper>
  )
}

const none = (text: string) => (
  <Text size="sm" c="dimmed">
    {text}
  </Text>
)

export function Component() {
  const groupId = useParams().groupId!
  const organizationID = useStoredScope().organizationId ?? ''
  const reads = groupReads(groupId, organizationID)
  const { data: group } = useSuspenseQuery(readQuery(reads.group))
  const users = useQuery(readQuery(reads.users))
  const serviceAccounts = useQuery(readQuery(reads.serviceAccounts))
  const roles = useQuery(readQuery(reads.roles))
  const projects = useQuery(readQuery(reads.projects))
  const groups = useQuery(readQuery(reads.groups))

  const members = membersOf(group, {
    users: users.data,
    serviceAccounts: serviceAccounts.data,
    roles: roles.data,
    projects: projects.data,
  })

  return (
    <DetailPage
      {...statusHeading(group.metadata)}
      governs={resources.groups}
      lead={<AddMembers group={group} members={members} organizationID={organizationID} />}
      edit={{ to: paths.groups.edit(groupId) }}
      actions={
        <DeleteResourceButton
          resource={resources.groups}
          name={group.metadata.name}
          mutation={m(groupApi.delete)}
          variables={{ organizationID, groupID: groupId }}
          consequences={
            <GroupLossList
              losses={lossesOf(
                members,
                DELETED,
                otherGroupsOf(groupId, {
                  groups: groups.data,
                  projects: projects.data,
                  users: users.data,
                  serviceAccounts: serviceAccounts.data,
                }),
              )}
              deleting
              reading={groups.isPending}
            />
          }
        />
      }
      details={[
        { label: 'ID', value: <CopyableId value={group.metadata.id} label="group id" /> },
        ...stateItems(group.metadata),
        { label: 'Created', value: <RelativeTime value={group.metadata.creationTime} size="sm" span /> },
        {
          label: 'Members',
          value: `${formatNumber(members.users.length)} user${members.users.length === 1 ? '' : 's'}, ${formatNumber(members.serviceAccounts.length)} service account${members.serviceAccounts.length === 1 ? '' : 's'}`,
        },
      ]}
    >
      <Section title="Roles" count={members.roles.length} hint="What members of this group may do.">
        {members.roles.length ? (
          <Table aria-label="Roles">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="30%">Role</Table.Th>
                <Table.Th>What it grants</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.roles.map((role) => (
                <Table.Tr key={role.id}>
                  <Table.Td fw={600}>{role.name ?? role.id}</Table.Td>
                  <Table.Td>{role.description ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          none('This group grants no roles.')
        )}
      </Section>

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Section title="Users" count={members.users.length} hint="People who get this group's roles.">
          {members.users.length ? (
            <Table aria-label="Users">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>User</Table.Th>
                  <Table.Th w={120}>State</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {members.users.map((user) => (
                  <Table.Tr key={user.id}>
                    <Table.Td>
                      {user.bySubject && user.state === undefined ? (
                        // Named by an identity provider, not a user of this organization: no user page to open.
                        <Text size="sm" title={`Subject ${user.id}`}>
                          {user.subject ?? user.id}{' '}
                          <Text span size="xs" c="dimmed">
                            (subject)
                          </Text>
                        </Text>
                      ) : (
                        // The address wraps after its @ on a phone, rather than squeezing the state beside it to "Su…".
                        <Anchor component={Link} to={paths.users.item(user.id)} size="sm">
                          {user.subject ? <BreakableAddress address={user.subject} /> : user.id}
                        </Anchor>
                      )}
                    </Table.Td>
                    <Table.Td>{user.state ? <StatusBadge value={user.state} settling={false} /> : '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            none('No users.')
          )}
        </Section>
        <Section
          title="Service accounts"
          count={members.serviceAccounts.length}
          hint="Tokens that get this group's roles."
        >
          {members.serviceAccounts.length ? (
            <Table aria-label="Service accounts">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Service account</Table.Th>
                  <Table.Th w={160}>Token expires</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {members.serviceAccounts.map((account) => (
                  <Table.Tr key={account.id}>
                    <Table.Td>
                      <Anchor component={Link} to={paths.serviceAccounts.item(account.id)} size="sm">
                        {account.name ?? account.id}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <RelativeTime value={account.expiry} size="sm" />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            none('No service accounts.')
          )}
        </Section>
      </SimpleGrid>

      <Section
        title="Projects"
        count={members.projects.length}
        hint="Projects where this group's members have its roles."
      >
        {members.projects.length ? (
          <Group gap="lg">
            {members.projects.map((project) => (
              <Anchor key={project.id} component={Link} to={paths.projects.item(project.id)} size="sm">
                {project.name}
              </Anchor>
            ))}
          </Group>
        ) : (
          none(projects.isPending ? 'Loading…' : 'No project lists this group.')
        )}
      </Section>
    </DetailPage>
  )
}

import { Button } from '../../../components/mantine/Button'
import { Group as Row } from '../../../components/mantine/Group'
import { List } from '../../../components/mantine/List'
import { Modal } from '../../../components/mantine/Modal'
import { MultiSelect } from '../../../components/mantine/MultiSelect'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { m, q } from '../../../api/endpoint'
import { serviceAccountApi, userApi } from '../../../api/identity'
import type { Group } from '../../../api/schemas/identity'
import { PermittedAction } from '../../../components/PermittedAction'
import { ErrorAlert, TraceLine } from '../../../components/ErrorAlert'
import { traceIdsOf } from '../../../api/errors'
import { errorTitle } from '../../../components/error-title'
import { useAccess } from '../../../lib/permissions'
import { resources } from '../../../lib/resources'
import { useSelectA11y } from '../../../lib/use-select-a11y'
import { accountJoining, userJoining, type GroupMembers } from '../group-members'
import { formatNumber } from '../../../lib/format'

interface AddMembersProps {
  group: Group
  members: GroupMembers
  organizationID: string
}

/** One member the platform refused to add, named as the pickers name it, with the platform's words. */
interface Refused {
  name: string
  error: Error
}

/**
 * "Add member" on a group's page: people and service accounts chosen here join the group. The platform keeps
 * membership on each member, so each one is an update of that user or service account; those it refuses stay chosen,
 * with the reason in the dialog, and the others are added.
 */
export function AddMembers({ group, members, organizationID }: AddMembersProps) {
  const access = useAccess()
  const mayUsers = access.may(resources.users, 'update')
  const mayAccounts = access.may(resources.serviceAccounts, 'update')
  const [opened, setOpened] = useState(false)
  return (
    <>
      <PermittedAction
        variant="default"
        onClick={() => setOpened(true)}
        disabledReason={mayUsers || mayAccounts ? undefined : access.reason(resources.users, 'update')}
      >
        Add member
      </PermittedAction>
      {/* Mounted while closed, so closing returns focus to the button; its form mounts afresh on each opening. */}
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={`Add members to ${group.metadata.name}`}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <AddMembersForm
          group={group}
          members={members}
          organizationID={organizationID}
          mayUsers={mayUsers}
          mayAccounts={mayAccounts}
          onClose={() => setOpened(false)}
        />
      </Modal>
    </>
  )
}

function AddMembersForm({
  group,
  members,
  organizationID,
  mayUsers,
  mayAccounts,
  onClose,
}: AddMembersProps & { mayUsers: boolean; mayAccounts: boolean; onClose: () => void }) {
  const users = useQuery({ ...q(userApi.list, { organizationID }), enabled: mayUsers })
  const accounts = useQuery({ ...q(serviceAccountApi.list, { organizationID }), enabled: mayAccounts })
  const client = useQueryClient()
  const updateUser = useMutation(m(userApi.update))
  const updateAccount = useMutation(m(serviceAccountApi.update))
  const [userIds, setUserIds] = useState<string[]>([])
  const [accountIds, setAccountIds] = useState<string[]>([])
  const [refused, setRefused] = useState<Refused[]>([])
  const [adding, setAdding] = useState(false)
  const usersA11y = useSelectA11y()
  const accountsA11y = useSelectA11y()

  const inGroup = new Set([...members.users.map((u) => u.id), ...members.serviceAccounts.map((a) => a.id)])
  const userOptions = (users.data ?? [])
    .filter((u) => !inGroup.has(u.metadata.id))
    .map((u) => ({ value: u.metadata.id, label: u.spec.subject }))
  const accountOptions = (accounts.data ?? [])
    .filter((a) => !inGroup.has(a.metadata.id))
    .map((a) => ({ value: a.metadata.id, label: a.metadata.name }))
  const chosen = userIds.length + accountIds.length

  const add = async () => {
    setAdding(true)
    setRefused([])
    const failed: Refused[] = []
    const keptUsers: string[] = []
    const keptAccounts: string[] = []
    let added = 0
    // Each member goes back whole: as the platform has them now, not as the pickers listed them when the dialog
    // opened, so a suspension or a change someone else made to one meanwhile is kept. A failed read adds no one. One
    // gone from the platform since is sent as listed, for the platform to say it no longer knows them.
    const now = await Promise.all([
      userIds.length ? client.fetchQuery({ ...q(userApi.list, { organizationID }), staleTime: 0 }) : [],
      accountIds.length ? client.fetchQuery({ ...q(serviceAccountApi.list, { organizationID }), staleTime: 0 }) : [],
    ]).catch((error: Error) => {
      const named = (id: string) =>
        users.data?.find((u) => u.metadata.id === id)?.spec.subject ??
        accounts.data?.find((a) => a.metadata.id === id)?.metadata.name ??
        id
      setRefused([...userIds, ...accountIds].map((id) => ({ name: named(id), error })))
      setAdding(false)
    })
    if (!now) return
    const [nowUsers, nowAccounts] = now
    // One at a time: each is a whole update of that member, and a refusal names the one it is about.
    for (const id of userIds) {
      const user = nowUsers.find((u) => u.metadata.id === id) ?? users.data?.find((u) => u.metadata.id === id)
      if (!user) continue
      try {
        await updateUser.mutateAsync({ organizationID, userID: id, body: userJoining(user, group.metadata.id) })
        added++
      } catch (error) {
        failed.push({ name: user.spec.subject, error: error as Error })
        keptUsers.push(id)
      }
    }
    for (const id of accountIds) {
      const account = nowAccounts.find((a) => a.metadata.id === id) ?? accounts.data?.find((a) => a.metadata.id === id)
      if (!account) continue
      try {
        await updateAccount.mutateAsync({
          organizationID,
          serviceAccountID: id,
          body: accountJoining(account, group.metadata.id),
        })
        added++
      } catch (error) {
        failed.push({ name: account.metadata.name, error: error as Error })
        keptAccounts.push(id)
      }
    }
    setAdding(false)
    if (added > 0) {
      notifications.show({
        color: 'green',
        message: `Added ${formatNumber(added)} member${added === 1 ? '' : 's'} to ${group.metadata.name}.`,
      })
    }
    if (failed.length === 0) return onClose()
    setUserIds(keptUsers)
    setAccountIds(keptAccounts)
    setRefused(failed)
  }

  return (
    <Stack gap="md">
      <Text size="sm">
        They get the group’s roles, in the projects that list the group. You can also change a person’s groups from
        their own page.
      </Text>
      {refused.length > 0 && (
        <ErrorAlert
          title={refusalTitle(refused)}
          message={`${refused.length === 1 ? 'One member was' : `${refused.length} members were`} not added; they stay chosen below.`}
        >
          <List size="sm" mt={4}>
            {refused.map((r) => (
              <List.Item key={r.name}>
                {r.name}: {r.error.message}
                <TraceLine traces={traceIdsOf(r.error)} />
              </List.Item>
            ))}
          </List>
        </ErrorAlert>
      )}
      {mayUsers && (
        <MultiSelect
          {...usersA11y}
          label="Users"
          description="People of the organization not yet in the group."
          data={userOptions}
          value={userIds}
          onChange={setUserIds}
          placeholder={users.isPending ? 'Loading users…' : userIds.length ? undefined : 'Choose users'}
          nothingFoundMessage={users.error ? `Users could not be loaded: ${users.error.message}` : 'No one else'}
          searchable
          hidePickedOptions
        />
      )}
      {mayAccounts && (
        <MultiSelect
          {...accountsA11y}
          label="Service accounts"
          description="Service accounts not yet in the group."
          data={accountOptions}
          value={accountIds}
          onChange={setAccountIds}
          placeholder={
            accounts.isPending ? 'Loading service accounts…' : accountIds.length ? undefined : 'Choose service accounts'
          }
          nothingFoundMessage={
            accounts.error ? `Service accounts could not be loaded: ${accounts.error.message}` : 'No other account'
          }
          searchable
          hidePickedOptions
        />
      )}
      <Row justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={adding}>
          Cancel
        </Button>
        <Button onClick={() => void add()} loading={adding} disabled={chosen === 0}>
          {chosen > 1 ? `Add ${chosen} members` : 'Add member'}
        </Button>
      </Row>
    </Stack>
  )
}

/** Who failed, said once when every refusal has the same cause (the platform refusing, or it failing). */
function refusalTitle(refused: readonly Refused[]): string {
  const titles = new Set(refused.map((r) => errorTitle(r.error, 'The platform refused to add')))
  return titles.size === 1 ? [...titles][0]! : 'Some members were not added'
}

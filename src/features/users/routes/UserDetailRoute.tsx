import { Alert, Button, Paper, Stack } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useSuspenseQuery, type QueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useNavigate, useParams, type LoaderFunctionArgs, type Params } from 'react-router'
import { userMutations, userQueries } from '../../../api/users'
import { ConfirmDelete } from '../../../components/ConfirmDelete'
import { CopyableId } from '../../../components/CopyableId'
import { DetailList } from '../../../components/DetailList'
import { EmptyState } from '../../../components/EmptyState'
import { GroupNames } from '../../../components/GroupNames'
import { PageHeader } from '../../../components/PageHeader'
import { RelativeTime } from '../../../components/RelativeTime'
import { StatusBadge } from '../../../components/StatusBadge'
import { TagList } from '../../../components/TagList'
import { paths } from '../../../lib/paths'
import { useStoredScope } from '../../../lib/scope'
import { ConfirmSuspend } from '../components/ConfirmSuspend'
import { UserCrumb } from '../components/UserCrumb'
import { STATE_HELP, toUpdateBody, updateDefaults } from '../user-form'
import { loadUser } from '../user-lookup'

export function loader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    await loadUser(queryClient, params.userId!)
    return null
  }
}

export const handle = { crumb: (params: Params) => <UserCrumb userId={params.userId!} /> }

export function Component() {
  const userId = useParams().userId!
  const navigate = useNavigate()
  const organizationID = useStoredScope().organizationId ?? ''
  const { data: user } = useSuspenseQuery({
    ...userQueries.list({ organizationID }),
    select: (users) => users.find((u) => u.metadata.id === userId),
  })
  const [dialog, setDialog] = useState<'delete' | 'suspend'>()
  const update = useMutation(userMutations.update())
  const remove = useMutation(userMutations.delete())

  if (!user) {
    return (
      <EmptyState
        title="This user is gone"
        description="It is no longer in this organization's list."
        action={
          <Button component={Link} to={paths.users()}>
            All users
          </Button>
        }
      />
    )
  }
  const ref = { organizationID, userID: userId }
  const setState = (state: 'active' | 'suspended') =>
    update.mutate(
      { ref, body: toUpdateBody(user, { ...updateDefaults(user), state }) },
      {
        onSuccess: (saved) => {
          setDialog(undefined)
          notifications.show({ color: 'green', message: `${saved.spec.subject} is ${saved.spec.state}.` })
        },
      },
    )
  const suspended = user.spec.state === 'suspended'
  const close = () => {
    setDialog(undefined)
    update.reset()
    remove.reset()
  }

  return (
    <>
      <PageHeader
        title={user.spec.subject}
        description={user.metadata.description || undefined}
        badge={<StatusBadge value={user.spec.state} settling={false} />}
        actions={
          <>
            <Button component={Link} to={paths.userEdit(userId)} variant="default">
              Edit
            </Button>
            {suspended ? (
              <Button variant="light" onClick={() => setState('active')} loading={update.isPending}>
                Reactivate
              </Button>
            ) : (
              <Button variant="light" color="orange" onClick={() => setDialog('suspend')}>
                Suspend
              </Button>
            )}
            <Button color="red" variant="light" onClick={() => setDialog('delete')}>
              Delete
            </Button>
          </>
        }
      />
      <Stack gap="lg">
        {update.error && !dialog && (
          <Alert color="red" title="The change was not saved" role="alert">
            {update.error.message}
          </Alert>
        )}
        <Paper withBorder p="lg" radius="md">
          <DetailList
            items={[
              { label: 'E-mail address', value: user.spec.subject },
              {
                label: 'State',
                value: `${user.spec.state}${user.spec.state in STATE_HELP ? ` — ${STATE_HELP[user.spec.state as keyof typeof STATE_HELP]}` : ''}`,
              },
              { label: 'Last active', value: <RelativeTime value={user.status?.lastActive} size="sm" span /> },
              { label: 'Groups', value: <GroupNames ids={user.spec.groupIDs} organizationID={organizationID} links /> },
              { label: 'Name', value: user.metadata.name },
              { label: 'ID', value: <CopyableId value={user.metadata.id} label="user id" /> },
              { label: 'Added', value: <RelativeTime value={user.metadata.creationTime} size="sm" span /> },
              { label: 'Tags', value: <TagList tags={user.metadata.tags} /> },
            ]}
          />
        </Paper>
      </Stack>

      <ConfirmSuspend
        opened={dialog === 'suspend'}
        subject={user.spec.subject}
        loading={update.isPending}
        error={update.error?.message}
        onConfirm={() => setState('suspended')}
        onClose={close}
      />
      <ConfirmDelete
        opened={dialog === 'delete'}
        onClose={close}
        kind="user"
        name={user.spec.subject}
        consequences={<>They lose access at once and leave all their groups.</>}
        loading={remove.isPending}
        error={remove.error?.message}
        onConfirm={() =>
          remove.mutate(ref, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: `User ${user.spec.subject} deleted.` })
              void navigate(paths.users())
            },
          })
        }
      />
    </>
  )
}

import { nameBesideAddress } from '../user-name'
import { BreakableAddress } from '../../../components/BreakableAddress'
import { Button } from '../../../components/mantine/Button'
import { Group } from '../../../components/mantine/Group'
import { Text } from '../../../components/mantine/Text'
import { alertOf, ErrorAlert } from '../../../components/ErrorAlert'
import { notifications } from '@mantine/notifications'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { useNavigate, useParams } from 'react-router'
import { CopyableId } from '../../../components/CopyableId'
import { DetailPage } from '../../../components/DetailPage'
import { GroupNames } from '../../../components/GroupNames'
import { RelativeTime } from '../../../components/RelativeTime'
import { StatusBadge } from '../../../components/StatusBadge'
import { TagList } from '../../../components/TagList'
import { paths } from '../../../lib/paths'
import { useStoredScope } from '../../../lib/scope'
import { STATE_HELP } from '../user-states'
import { scopedRoute } from '../../../lib/route-module'
import { useOpenedOnce } from '../../../lib/use-opened-once'
import { q, m } from '../../../api/endpoint'
import { userApi } from '../../../api/identity'
import { DeleteButton } from '../../../components/DeleteResourceButton'
import { resources } from '../../../lib/resources'
import { listCrumb } from '../../../components/NameCrumb'

// The dialogs and the update's mapping (the user form's module, with its validation) load when they are first asked
// for: the page's first screen shows neither.
const ConfirmDelete = lazy(() =>
  import('../../../components/ConfirmDelete').then((module) => ({ default: module.ConfirmDelete })),
)
const ConfirmSuspend = lazy(() =>
  import('../components/ConfirmSuspend').then((module) => ({ default: module.ConfirmSuspend })),
)

export const { loader } = scopedRoute((queryClient, { params, organizationID }) =>
  queryClient.ensureQueryData(q(userApi.detail, { organizationID, userID: params.userId! })),
)

export const handle = listCrumb(userApi.list, 'userId', (user) => user.spec.subject)

export function Component() {
  const userId = useParams().userId!
  const navigate = useNavigate()
  const organizationID = useStoredScope().organizationId ?? ''
  const ref = { organizationID, userID: userId }
  const { data: user } = useSuspenseQuery(q(userApi.detail, ref))
  const [dialog, setDialog] = useState<'delete' | 'suspend'>()
  const opened = useOpenedOnce(dialog)
  // The form module could not be loaded, or the user read again (the browser's or the platform's words): shown where
  // a refused change is.
  const [unloaded, setUnloaded] = useState<Error>()
  const client = useQueryClient()
  const update = useMutation(m(userApi.update))
  const remove = useMutation(m(userApi.delete))

  const setState = async (state: 'active' | 'suspended') => {
    setUnloaded(undefined)
    // The update takes the whole user: it goes back as the platform has it now, not as the page read it, so a
    // description or a group someone else gave them meanwhile is kept.
    const read = await Promise.all([
      import('../user-form'),
      client.fetchQuery({ ...q(userApi.detail, ref), staleTime: 0 }),
    ]).catch((error: unknown) => {
      setUnloaded(error instanceof Error ? error : new Error(String(error)))
    })
    if (!read) return
    const [form, now] = read
    update.mutate(
      { ...ref, body: form.toUpdateWire(now, { ...form.updateDefaults(now), state }).body },
      {
        onSuccess: (saved) => {
          // Only the confirm that asked for a suspension: this runs once the lists are fetched again, after the page
          // already shows the new state, and a suspend dialog opened from it meanwhile stays open.
          if (state === 'suspended') setDialog((open) => (open === 'suspend' ? undefined : open))
          notifications.show({ color: 'green', message: `${saved.spec.subject} is ${saved.spec.state}.` })
        },
      },
    )
  }
  const suspended = user.spec.state === 'suspended'
  const close = () => {
    setDialog(undefined)
    setUnloaded(undefined)
    update.reset()
    remove.reset()
  }

  const name = nameBesideAddress(user)
  return (
    <DetailPage
      title={<BreakableAddress address={user.spec.subject} />}
      description={user.metadata.description}
      badge={<StatusBadge value={user.spec.state} settling={false} />}
      governs={resources.users}
      edit={{ to: paths.users.edit(userId) }}
      actions={
        <>
          {suspended ? (
            <Button variant="light" onClick={() => void setState('active')} loading={update.isPending}>
              Reactivate
            </Button>
          ) : (
            <Button variant="light" color="amber" onClick={() => setDialog('suspend')}>
              Suspend
            </Button>
          )}
          <DeleteButton onClick={() => setDialog('delete')} governs={resources.users} />
        </>
      }
      notices={
        (update.error ?? unloaded) &&
        !dialog && <ErrorAlert {...alertOf(update.error ?? unloaded)} title="The change was not saved" />
      }
      details={[
        { label: 'E-mail address', value: user.spec.subject },
        {
          label: 'State',
          value: (
            <Group gap="xs">
              <StatusBadge value={user.spec.state} settling={false} />
              {user.spec.state in STATE_HELP && (
                <Text size="sm">{STATE_HELP[user.spec.state as keyof typeof STATE_HELP]}</Text>
              )}
            </Group>
          ),
        },
        { label: 'Last active', value: <RelativeTime value={user.status?.lastActive} size="sm" span /> },
        { label: 'Groups', value: <GroupNames ids={user.spec.groupIDs} organizationID={organizationID} links /> },
        ...(name ? [{ label: 'Name', value: name }] : []),
        { label: 'ID', value: <CopyableId value={user.metadata.id} label="user id" /> },
        { label: 'Added', value: <RelativeTime value={user.metadata.creationTime} size="sm" span /> },
        { label: 'Tags', value: <TagList tags={user.metadata.tags} /> },
      ]}
      dialogs={
        <>
          <Suspense fallback={null}>
            {opened.suspend && (
              <ConfirmSuspend
                opened={dialog === 'suspend'}
                subject={user.spec.subject}
                loading={update.isPending}
                error={update.error ?? unloaded}
                onConfirm={() => void setState('suspended')}
                onClose={close}
              />
            )}
            {opened.delete && (
              <ConfirmDelete
                opened={dialog === 'delete'}
                onClose={close}
                kind="user"
                name={user.spec.subject}
                consequences={<>They lose access at once and leave all their groups.</>}
                loading={remove.isPending}
                failure={remove.error}
                onConfirm={() =>
                  remove.mutate(ref, {
                    onSuccess: () => {
                      notifications.show({ color: 'green', message: `User ${user.spec.subject} deleted.` })
                      void navigate(paths.users.list())
                    },
                  })
                }
              />
            )}
          </Suspense>
        </>
      }
    />
  )
}

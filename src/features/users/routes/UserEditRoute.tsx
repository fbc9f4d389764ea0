import { Button, Paper, Stack } from '@mantine/core'
import { zodResolver } from '@hookform/resolvers/zod'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useSuspenseQuery, type QueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Link, useNavigate, useParams, type LoaderFunctionArgs, type Params } from 'react-router'
import { describeRequest } from '../../../api/describeRequest'
import type { User } from '../../../api/schemas/identity'
import { consoleConfigQuery } from '../../../api/session'
import { userMutations, userQueries, userRequests } from '../../../api/users'
import { DetailList } from '../../../components/DetailList'
import { EmptyState } from '../../../components/EmptyState'
import { FormShell, type SubmitError } from '../../../components/form/FormShell'
import { GroupsField } from '../../../components/form/GroupsField'
import { placeServerError } from '../../../components/form/server-errors'
import { TagsField } from '../../../components/form/TagsField'
import { PageHeader } from '../../../components/PageHeader'
import { paths } from '../../../lib/paths'
import { useStoredScope } from '../../../lib/scope'
import { ConfirmSuspend } from '../components/ConfirmSuspend'
import { StateField } from '../components/StateField'
import { noticeTagsNotKept } from '../tags-not-kept-notice'
import { UserCrumb } from '../components/UserCrumb'
import {
  formFieldFor,
  isSuspending,
  toUpdateBody,
  updateDefaults,
  userUpdateForm,
  type UserUpdateValues,
} from '../user-form'
import { loadUser } from '../user-lookup'

export function loader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    await Promise.all([loadUser(queryClient, params.userId!), queryClient.ensureQueryData(consoleConfigQuery())])
    return null
  }
}

export const handle = { crumb: (params: Params) => <UserCrumb userId={params.userId!} /> }

export function Component() {
  const userId = useParams().userId!
  const organizationID = useStoredScope().organizationId ?? ''
  const { data: user } = useSuspenseQuery({
    ...userQueries.list({ organizationID }),
    select: (users) => users.find((u) => u.metadata.id === userId),
  })
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
  // Keyed by id: the form takes the user as its defaults once, and a background refetch never resets the input.
  return <UserEditForm key={userId} user={user} organizationID={organizationID} />
}

/** Only the fields this form edits take an error; one about the subject, name or description goes to the top. */
function editableField(apiPath: string, tags: UserUpdateValues['tags']) {
  const field = formFieldFor(apiPath, tags)
  return field === 'subject' || field === 'name' || field === 'description' ? undefined : field
}

function UserEditForm({ user, organizationID }: { user: User; organizationID: string }) {
  const navigate = useNavigate()
  const userId = user.metadata.id
  const ref = { organizationID, userID: userId }
  const form = useForm<UserUpdateValues>({
    resolver: zodResolver(userUpdateForm),
    mode: 'onTouched',
    defaultValues: updateDefaults(user),
  })
  const values = useWatch({ control: form.control }) as UserUpdateValues
  const config = useQuery(consoleConfigQuery())
  const update = useMutation(userMutations.update())
  const [submitError, setSubmitError] = useState<SubmitError>()
  const [confirming, setConfirming] = useState<UserUpdateValues>()
  const request = config.data
    ? describeRequest(userRequests.update(ref, toUpdateBody(user, values)), config.data.upstreams)
    : undefined

  const save = (valid: UserUpdateValues) => {
    setSubmitError(undefined)
    update.mutate(
      { ref, body: toUpdateBody(user, valid) },
      {
        onSuccess: (saved, { body }) => {
          setConfirming(undefined)
          notifications.show({ color: 'green', message: `User ${saved.spec.subject} saved.` })
          noticeTagsNotKept(body, saved)
          void navigate(paths.user(userId))
        },
        onError: (error) => {
          setConfirming(undefined)
          setSubmitError(placeServerError(error, form.setError, (path) => editableField(path, valid.tags)))
        },
      },
    )
  }
  const onSubmit = form.handleSubmit((valid) =>
    isSuspending(user.spec.state, valid.state) ? setConfirming(valid) : save(valid),
  )

  return (
    <>
      <PageHeader
        title={`Edit ${user.spec.subject}`}
        description="Change whether the user may sign in, their groups and their tags. The address is fixed once added."
      />
      <FormShell
        onSubmit={onSubmit}
        submitLabel="Save changes"
        loading={update.isPending}
        submitError={submitError}
        request={request}
        onCancel={() => navigate(paths.user(userId))}
      >
        <Paper withBorder p="lg" radius="md">
          <DetailList
            cols={2}
            items={[
              { label: 'E-mail address', value: user.spec.subject },
              { label: 'Name', value: user.metadata.name },
            ]}
          />
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <Stack gap="md">
            <StateField control={form.control} />
            <GroupsField
              control={form.control}
              name="groupIDs"
              organizationID={organizationID}
              description="What the user may do comes from the roles of their groups."
            />
          </Stack>
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <TagsField control={form.control} name="tags" />
        </Paper>
      </FormShell>
      <ConfirmSuspend
        opened={confirming !== undefined}
        subject={user.spec.subject}
        loading={update.isPending}
        onConfirm={() => confirming && save(confirming)}
        onClose={() => setConfirming(undefined)}
      />
    </>
  )
}

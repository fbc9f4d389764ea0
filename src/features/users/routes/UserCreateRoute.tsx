import { Paper, Stack } from '@mantine/core'
import { zodResolver } from '@hookform/resolvers/zod'
import { notifications } from '@mantine/notifications'
import { useMutation, type QueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { isApiError } from '../../../api/errors'
import { groupQueries } from '../../../api/groups'
import { consoleConfigQuery } from '../../../api/session'
import { userMutations, userRequests } from '../../../api/users'
import { FormShell, type SubmitError } from '../../../components/form/FormShell'
import { TextareaField, TextField } from '../../../components/form/fields'
import { GroupsField } from '../../../components/form/GroupsField'
import { placeServerError } from '../../../components/form/server-errors'
import { TagsField } from '../../../components/form/TagsField'
import { useRequestPreview } from '../../../components/form/useRequestPreview'
import { PageHeader } from '../../../components/PageHeader'
import { paths } from '../../../lib/paths'
import { getScope } from '../../../lib/scope'
import { ensureScope } from '../../../lib/scope-loader'
import { StateField } from '../components/StateField'
import { noticeTagsNotKept } from '../tags-not-kept-notice'
import {
  DUPLICATE_SUBJECT,
  formFieldFor,
  toCreateBody,
  userCreateDefaults,
  userCreateForm,
  type UserCreateValues,
} from '../user-form'

export function loader(queryClient: QueryClient) {
  return async () => {
    const [scope] = await Promise.all([ensureScope(queryClient), queryClient.ensureQueryData(consoleConfigQuery())])
    if (scope.organizationId)
      void queryClient.prefetchQuery(groupQueries.list({ organizationID: scope.organizationId }))
    return null
  }
}

export const handle = { crumb: () => 'Add' }

export function Component() {
  const navigate = useNavigate()
  const [organizationID] = useState(() => getScope().organizationId ?? '')
  const form = useForm<UserCreateValues>({
    resolver: zodResolver(userCreateForm),
    mode: 'onTouched',
    defaultValues: userCreateDefaults,
  })
  const values = useWatch({ control: form.control }) as UserCreateValues
  const create = useMutation(userMutations.create())
  const [submitError, setSubmitError] = useState<SubmitError>()
  const request = useRequestPreview(userRequests.create(organizationID, toCreateBody(values)))

  const onSubmit = form.handleSubmit((valid) => {
    setSubmitError(undefined)
    create.mutate(
      { organizationID, body: toCreateBody(valid) },
      {
        onSuccess: (user, { body }) => {
          notifications.show({ color: 'green', message: `User ${user.spec.subject} added.` })
          noticeTagsNotKept(body, user)
          void navigate(paths.user(user.metadata.id))
        },
        onError: (error) => {
          // A duplicate is a fact about the address the user typed: say so there, not at the top of the form.
          if (isApiError(error) && error.status === 409) {
            form.setError('subject', { type: 'server', message: DUPLICATE_SUBJECT }, { shouldFocus: true })
            return
          }
          setSubmitError(placeServerError(error, form.setError, (path) => formFieldFor(path, valid.tags)))
        },
      },
    )
  })

  return (
    <>
      <PageHeader
        title="Add user"
        description="Someone who signs in with their e-mail address. Their groups decide what they can do."
      />
      <FormShell
        onSubmit={onSubmit}
        submitLabel="Add user"
        loading={create.isPending}
        submitError={submitError}
        request={request}
        onCancel={() => navigate(paths.users())}
      >
        <Paper withBorder p="lg" radius="md">
          <Stack gap="md">
            <TextField
              control={form.control}
              name="subject"
              label="E-mail address"
              description="The address they sign in with; it identifies the user and cannot be changed later."
              withAsterisk
              type="email"
              autoComplete="off"
              spellCheck={false}
            />
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
          <Stack gap="md">
            <TextField
              control={form.control}
              name="name"
              label="Name (optional)"
              description="Needed for a description or tags; without one, the platform names the user after their address."
              autoComplete="off"
            />
            <TextareaField
              control={form.control}
              name="description"
              label="Description (optional)"
              description="e.g. their full name or team."
              autosize
              minRows={2}
            />
          </Stack>
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <TagsField control={form.control} name="tags" />
        </Paper>
      </FormShell>
    </>
  )
}

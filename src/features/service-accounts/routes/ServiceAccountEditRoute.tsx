import { Button, Paper, Stack } from '@mantine/core'
import { zodResolver } from '@hookform/resolvers/zod'
import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query'
import { useForm, useWatch } from 'react-hook-form'
import { Link, useParams, type LoaderFunctionArgs, type Params } from 'react-router'
import type { ServiceAccount } from '../../../api/schemas/identity'
import { serviceAccountMutations, serviceAccountQueries, serviceAccountRequests } from '../../../api/serviceAccounts'
import { consoleConfigQuery } from '../../../api/session'
import { EmptyState } from '../../../components/EmptyState'
import { FormShell } from '../../../components/form/FormShell'
import { TextareaField, TextField } from '../../../components/form/fields'
import { GroupsField } from '../../../components/form/GroupsField'
import { TagsField } from '../../../components/form/TagsField'
import { useRequestPreview } from '../../../components/form/useRequestPreview'
import { useSubmitWithServerErrors } from '../../../components/form/useSubmitWithServerErrors'
import { PageHeader } from '../../../components/PageHeader'
import { paths } from '../../../lib/paths'
import { useStoredScope } from '../../../lib/scope'
import { ServiceAccountCrumb } from '../components/ServiceAccountCrumb'
import {
  DUPLICATE_NAME,
  formFieldFor,
  serviceAccountForm,
  toBody,
  updateDefaults,
  type ServiceAccountValues,
} from '../service-account-form'
import { loadServiceAccount } from '../service-account-lookup'

export function loader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    await Promise.all([
      loadServiceAccount(queryClient, params.serviceAccountId!),
      queryClient.ensureQueryData(consoleConfigQuery()),
    ])
    return null
  }
}

export const handle = { crumb: (params: Params) => <ServiceAccountCrumb serviceAccountId={params.serviceAccountId!} /> }

export function Component() {
  const serviceAccountId = useParams().serviceAccountId!
  const organizationID = useStoredScope().organizationId ?? ''
  const { data: account } = useSuspenseQuery({
    ...serviceAccountQueries.list({ organizationID }),
    select: (accounts) => accounts.find((a) => a.metadata.id === serviceAccountId),
  })
  if (!account) {
    return (
      <EmptyState
        title="This service account is gone"
        description="It is no longer in this organization's list."
        action={
          <Button component={Link} to={paths.serviceAccounts()}>
            All service accounts
          </Button>
        }
      />
    )
  }
  // Keyed by id: the form takes the account as its defaults once; a background refetch never resets the input.
  return <ServiceAccountEditForm key={serviceAccountId} account={account} organizationID={organizationID} />
}

function ServiceAccountEditForm({ account, organizationID }: { account: ServiceAccount; organizationID: string }) {
  const serviceAccountId = account.metadata.id
  const ref = { organizationID, serviceAccountID: serviceAccountId }
  const form = useForm<ServiceAccountValues>({
    resolver: zodResolver(serviceAccountForm),
    mode: 'onTouched',
    defaultValues: updateDefaults(account),
  })
  const values = useWatch({ control: form.control }) as ServiceAccountValues
  const request = useRequestPreview(serviceAccountRequests.update(ref, toBody(values)))
  const submit = useSubmitWithServerErrors({
    form,
    mutation: serviceAccountMutations.update(),
    toVariables: (valid) => ({ ref, body: toBody(valid) }),
    fieldFor: (path, valid) => formFieldFor(path, valid.tags),
    savedMessage: (saved) => `Service account ${saved.metadata.name} saved.`,
    leaveTo: paths.serviceAccount(serviceAccountId),
    conflict: { field: 'name', message: DUPLICATE_NAME },
  })

  return (
    <>
      <PageHeader
        title={`Edit ${account.metadata.name}`}
        description="Change the name, description, groups and tags. The token stays as it is; rotate it from the account's page."
      />
      <FormShell {...submit} submitLabel="Save changes" request={request}>
        <Paper withBorder p="lg" radius="md">
          <Stack gap="md">
            <TextField control={form.control} name="name" label="Name" withAsterisk autoComplete="off" />
            <TextareaField control={form.control} name="description" label="Description" autosize minRows={2} />
            <GroupsField
              control={form.control}
              name="groupIDs"
              organizationID={organizationID}
              description="The token may do what the roles of these groups grant."
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

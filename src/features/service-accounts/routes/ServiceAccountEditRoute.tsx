import { useParams } from 'react-router'
import type { ServiceAccount } from '../../../api/schemas/identity'
import { consoleConfigQuery } from '../../../api/session'

import { FormPage } from '../../../components/form/FormPage'
import { useResourceForm } from '../../../components/form/useResourceForm'
import { useUniqueName } from '../../../components/form/unique-name'
import { KeyedEditForm, useLatestValues } from '../../../components/form/KeyedEditForm'
import { backToResource } from '../../../components/form/form-outcomes'
import { scopedRoute } from '../../../lib/route-module'
import { useStoredScope } from '../../../lib/scope'
import { ServiceAccountFields } from '../components/ServiceAccountFields'
import { serviceAccountForm, toWire, updateDefaults } from '../service-account-form'
import { q } from '../../../api/endpoint'
import { serviceAccountApi } from '../../../api/identity'
import { resources } from '../../../lib/resources'
import { listCrumb } from '../../../components/NameCrumb'

export const { loader } = scopedRoute((queryClient, { params, organizationID }) =>
  Promise.all([
    queryClient.ensureQueryData(
      q(serviceAccountApi.detail, { organizationID, serviceAccountID: params.serviceAccountId! }),
    ),
    queryClient.ensureQueryData(consoleConfigQuery()),
  ]),
)

export const handle = listCrumb(serviceAccountApi.list, 'serviceAccountId')

export function Component() {
  const serviceAccountId = useParams().serviceAccountId!
  const organizationID = useStoredScope().organizationId ?? ''
  return (
    <KeyedEditForm
      query={q(serviceAccountApi.detail, { organizationID, serviceAccountID: serviceAccountId })}
      form={(account) => <ServiceAccountEditForm account={account} organizationID={organizationID} />}
    />
  )
}

function ServiceAccountEditForm({ account, organizationID }: { account: ServiceAccount; organizationID: string }) {
  const serviceAccountId = account.metadata.id
  const ref = { organizationID, serviceAccountID: serviceAccountId }
  const { form, submit } = useResourceForm({
    schema: serviceAccountForm,
    defaultValues: updateDefaults(account),
    latest: useLatestValues(updateDefaults),
    endpoint: serviceAccountApi.update,
    params: ref,
    wire: toWire,
    ...backToResource(resources.serviceAccounts, serviceAccountId),
    // The identity service takes a taken name (its document lists no 409 for an account): the list is asked first.
    uniqueName: useUniqueName(
      resources.serviceAccounts.nameTaken,
      (_valid, client) => client.fetchQuery(q(serviceAccountApi.list, { organizationID })),
      serviceAccountId,
    ),
  })

  return (
    <FormPage
      {...submit}
      title={`Edit ${account.metadata.name}`}
      description="Change the name, description, groups and tags. The token stays as it is; rotate it from the account's page."
      submitLabel="Save changes"
    >
      <ServiceAccountFields control={form.control} organizationID={organizationID} />
    </FormPage>
  )
}

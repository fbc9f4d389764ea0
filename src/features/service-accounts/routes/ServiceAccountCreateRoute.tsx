import { Alert } from '../../../components/mantine/Alert'
import { Button } from '../../../components/mantine/Button'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'

import { PageHeader } from '../../../components/PageHeader'
import { FormPage } from '../../../components/form/FormPage'
import { useCreateForm } from '../../../components/form/useCreateForm'
import { paths } from '../../../lib/paths'
import { getScope } from '../../../lib/scope'
import { createFormRoute, prefetchGroups } from '../../../lib/form-route'
import { OneTimeToken } from '../components/OneTimeToken'
import { ServiceAccountFields } from '../components/ServiceAccountFields'
import { createDefaults, serviceAccountCreate } from '../service-account-form'
import { resources } from '../../../lib/resources'
import { q } from '../../../api/endpoint'
import { serviceAccountApi } from '../../../api/identity'

export const { loader } = createFormRoute({ prefetch: prefetchGroups })

export function Component() {
  const navigate = useNavigate()
  const [organizationID] = useState(() => getScope().organizationId ?? '')
  // The created account (and its one-time token) lives only in this mutation's result, never in the query cache: the
  // form stays, and shows it.
  const { form, submit } = useCreateForm(resources.serviceAccounts, serviceAccountCreate, {
    params: { organizationID },
    defaultValues: createDefaults,
    // The identity service keeps no account name unique (its document lists no 409): the list is asked first.
    siblings: (_valid, client) => client.fetchQuery(q(serviceAccountApi.list, { organizationID })),
    stay: true,
  })

  const created = submit.saved
  if (created) {
    const token = created.status?.accessToken
    return (
      <>
        <PageHeader
          title={`Service account ${created.metadata.name} created`}
          description="Its token is below, this once."
        />
        {token ? (
          <OneTimeToken
            token={token}
            event="created"
            name={created.metadata.name}
            doneLabel="Go to the service account"
            onDone={() => void navigate(paths.serviceAccounts.item(created.metadata.id))}
          />
        ) : (
          <Alert color="amber" title="The platform returned no token">
            The account exists, but the answer carried no access token. Rotate its token to get one.
            <Button
              component={Link}
              to={paths.serviceAccounts.item(created.metadata.id)}
              variant="light"
              mt="sm"
              display="block"
              w="fit-content"
            >
              Go to the service account
            </Button>
          </Alert>
        )}
      </>
    )
  }

  return (
    <FormPage
      {...submit}
      description="A token for a pipeline or tool, with only the access its groups grant. The token is shown once, when it is created."
    >
      <ServiceAccountFields control={form.control} organizationID={organizationID} creating />
    </FormPage>
  )
}

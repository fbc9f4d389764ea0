import { useState } from 'react'
import { FormPage } from '../../../components/form/FormPage'
import { useCreateForm } from '../../../components/form/useCreateForm'
import { createFormRoute } from '../../../lib/form-route'
import { resources } from '../../../lib/resources'
import { getScope } from '../../../lib/scope'
import { ProviderFields } from '../components/ProviderFields'
import { createDefaults, providerCreate } from '../provider-form'

export const { loader } = createFormRoute()

export function Component() {
  const [organizationID] = useState(() => getScope().organizationId ?? '')
  const { form, submit } = useCreateForm(resources.oauth2Providers, providerCreate, {
    params: { organizationID },
    defaultValues: createDefaults,
  })
  return (
    <FormPage
      {...submit}
      description="Bring the organization’s own sign-in service (Okta, Auth0, Entra ID): register a client there, then enter it here. Choose it in the organization’s settings for people to sign in through it."
    >
      <ProviderFields control={form.control} creating />
    </FormPage>
  )
}

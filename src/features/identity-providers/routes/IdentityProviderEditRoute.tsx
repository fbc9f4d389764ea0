import { useParams } from 'react-router'
import { q } from '../../../api/endpoint'
import { oauth2ProviderApi } from '../../../api/oauth2Providers'
import type { OAuth2Provider } from '../../../api/schemas/oauth2Providers'
import { consoleConfigQuery } from '../../../api/session'
import { FormPage } from '../../../components/form/FormPage'
import { KeyedEditForm, useLatestValues } from '../../../components/form/KeyedEditForm'
import { useResourceForm } from '../../../components/form/useResourceForm'
import { paths } from '../../../lib/paths'
import { scopedRoute } from '../../../lib/route-module'
import { useStoredScope } from '../../../lib/scope'
import { listCrumb } from '../../../components/NameCrumb'
import { ProviderFields } from '../components/ProviderFields'
import { providerForm, toWire, updateDefaults } from '../provider-form'

export const { loader } = scopedRoute((queryClient, { params, organizationID }) =>
  Promise.all([
    queryClient.ensureQueryData(
      q(oauth2ProviderApi.detail, { organizationID, providerID: params.identityProviderId! }),
    ),
    queryClient.ensureQueryData(consoleConfigQuery()),
  ]),
)

export const handle = listCrumb(oauth2ProviderApi.list, 'identityProviderId')

export function Component() {
  const providerId = useParams().identityProviderId!
  const organizationID = useStoredScope().organizationId ?? ''
  return (
    <KeyedEditForm
      query={q(oauth2ProviderApi.detail, { organizationID, providerID: providerId })}
      form={(provider) => <ProviderEditForm provider={provider} organizationID={organizationID} />}
    />
  )
}

function ProviderEditForm({ provider, organizationID }: { provider: OAuth2Provider; organizationID: string }) {
  const providerId = provider.metadata.id
  const { form, submit } = useResourceForm({
    schema: providerForm,
    defaultValues: updateDefaults(provider),
    latest: useLatestValues(updateDefaults),
    endpoint: oauth2ProviderApi.update,
    params: { organizationID, providerID: providerId },
    wire: toWire,
    // The answer (200) has no body: the notice names what was sent.
    savedMessage: (_saved, valid) => `Identity provider ${valid.name.trim()} saved.`,
    leaveTo: paths.oauth2Providers.item(providerId),
  })

  return (
    <FormPage
      {...submit}
      title={`Edit ${provider.metadata.name}`}
      description="Change the name, description, issuer and client. The secret is never shown: enter it again to save."
      submitLabel="Save changes"
    >
      <ProviderFields control={form.control} />
    </FormPage>
  )
}

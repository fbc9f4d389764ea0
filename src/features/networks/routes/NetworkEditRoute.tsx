import { Code } from '../../../components/mantine/Code'
import { readQuery } from '../../../api/read'
import { networkReads } from '../network-reads'
import { useParams } from 'react-router'
import type { Network } from '../../../api/schemas/regional'

import { DetailList } from '../../../components/DetailList'
import { FormPage, FormSection, NameFields } from '../../../components/form/FormPage'
import { useResourceForm } from '../../../components/form/useResourceForm'
import { KeyedEditForm, useLatestValues } from '../../../components/form/KeyedEditForm'
import { backToResource } from '../../../components/form/form-outcomes'
import { inProject, useUniqueName } from '../../../components/form/unique-name'
import { editFormLoader } from '../../../lib/form-route'
import { nameCrumb } from '../../../components/NameCrumb'
import { NetworkRowsSections } from '../components/NetworkRowsFields'
import { networkUpdateForm, toUpdateWire, updateDefaults } from '../network-form'
import { q } from '../../../api/endpoint'
import { networkApi } from '../../../api/networks'
import { projectApi } from '../../../api/identity'
import { useScopeNames } from '../../../lib/use-scope-names'
import { resources } from '../../../lib/resources'

// The project's name shows with the form, not its id first (prefetch: a platform without the list shows the id).
export const loader = editFormLoader(async (queryClient, params) => {
  const network = await queryClient.ensureQueryData(readQuery(networkReads.item(params.networkId!)))
  await queryClient.prefetchQuery(q(projectApi.list, { organizationID: network.metadata.organizationId }))
})

export const handle = nameCrumb(networkApi.detail, 'networkId', (networkID) => ({ networkID }))

export function Component() {
  const networkId = useParams().networkId!
  return (
    <KeyedEditForm
      query={readQuery(networkReads.item(networkId))}
      form={(network) => <NetworkEditForm network={network} />}
    />
  )
}

function NetworkEditForm({ network }: { network: Network }) {
  const networkId = network.metadata.id
  const { form, submit } = useResourceForm({
    schema: networkUpdateForm,
    defaultValues: updateDefaults(network),
    latest: useLatestValues(updateDefaults),
    endpoint: networkApi.update,
    params: { networkID: networkId },
    wire: toUpdateWire,
    ...backToResource(resources.networks, networkId),
    uniqueName: useUniqueName(
      resources.networks.nameTaken,
      (_valid, client) => client.fetchQuery(q(networkApi.list, inProject(network))),
      networkId,
    ),
  })

  // Names, not ids: the project and region read as everywhere else in the console.
  const { projectName, regionName } = useScopeNames(network.metadata.organizationId)

  return (
    <FormPage
      {...submit}
      title={`Edit ${network.metadata.name}`}
      description="Change the DNS servers, routes, name, description and tags. The prefix and region are fixed once created."
      submitLabel="Save changes"
    >
      <FormSection>
        <DetailList
          cols={3}
          items={[
            { label: 'Prefix', value: <Code>{network.status.prefix}</Code> },
            { label: 'Region', value: regionName.get(network.status.regionId) ?? network.status.regionId },
            { label: 'Project', value: projectName.get(network.metadata.projectId) ?? network.metadata.projectId },
          ]}
        />
      </FormSection>
      <FormSection>
        <NameFields control={form.control} />
      </FormSection>
      <NetworkRowsSections control={form.control} />
    </FormPage>
  )
}

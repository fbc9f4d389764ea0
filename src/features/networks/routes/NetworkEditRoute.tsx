import { Code } from '@mantine/core'
import { zodResolver } from '@hookform/resolvers/zod'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { useParams, type Params } from 'react-router'
import type { Network } from '../../../api/schemas/regional'

import { DetailList } from '../../../components/DetailList'
import { FormPage, FormSection, NameFields } from '../../../components/form/FormPage'
import { TagsField } from '../../../components/form/TagsField'
import { useSubmitWithServerErrors } from '../../../components/form/useSubmitWithServerErrors'
import { editFormLoader } from '../../../lib/form-route'
import { paths } from '../../../lib/paths'
import { NetworkCrumb } from '../components/NetworkCrumb'
import { DnsServersField, RoutesField } from '../components/NetworkRowsFields'
import { networkUpdateForm, toUpdateWire, updateDefaults, type NetworkUpdateValues } from '../network-form'
import { q } from '../../../api/endpoint'
import { networkApi } from '../../../api/networks'

export const loader = editFormLoader((queryClient, params) =>
  queryClient.ensureQueryData(q(networkApi.detail, { networkID: params.networkId! })),
)

export const handle = { crumb: (params: Params) => <NetworkCrumb networkId={params.networkId!} /> }

export function Component() {
  const networkId = useParams().networkId!
  const { data: network } = useSuspenseQuery(q(networkApi.detail, { networkID: networkId }))
  // Keyed by id: the form takes the network as its defaults once, and a background refetch never resets the input.
  return <NetworkEditForm key={networkId} network={network} />
}

function NetworkEditForm({ network }: { network: Network }) {
  const networkId = network.metadata.id
  const form = useForm<NetworkUpdateValues>({
    resolver: zodResolver(networkUpdateForm),
    mode: 'onTouched',
    defaultValues: updateDefaults(network),
  })
  const submit = useSubmitWithServerErrors({
    form,
    endpoint: networkApi.update,
    params: { networkID: networkId },
    wire: toUpdateWire,
    savedMessage: (saved) => `Network ${saved.metadata.name} saved.`,
    leaveTo: paths.network(networkId),
  })

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
            { label: 'Region', value: network.status.regionId },
            { label: 'Project', value: network.metadata.projectId },
          ]}
        />
      </FormSection>
      <FormSection>
        <NameFields control={form.control} />
      </FormSection>
      <FormSection gap="lg">
        <DnsServersField control={form.control} />
        <RoutesField control={form.control} />
      </FormSection>
      <FormSection>
        <TagsField control={form.control} name="tags" />
      </FormSection>
    </FormPage>
  )
}

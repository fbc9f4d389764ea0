import { Code, Paper, Stack } from '@mantine/core'
import { zodResolver } from '@hookform/resolvers/zod'
import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { useParams, type LoaderFunctionArgs, type Params } from 'react-router'
import type { Network } from '../../../api/schemas/regional'
import { consoleConfigQuery } from '../../../api/session'

import { DetailList } from '../../../components/DetailList'
import { FormShell } from '../../../components/form/FormShell'
import { TextareaField, TextField } from '../../../components/form/fields'
import { TagsField } from '../../../components/form/TagsField'
import { useSubmitWithServerErrors } from '../../../components/form/useSubmitWithServerErrors'
import { PageHeader } from '../../../components/PageHeader'
import { paths } from '../../../lib/paths'
import { NetworkCrumb } from '../components/NetworkCrumb'
import { DnsServersField, RoutesField } from '../components/NetworkRowsFields'
import { networkUpdateForm, toUpdateWire, updateDefaults, type NetworkUpdateValues } from '../network-form'
import { q } from '../../../api/endpoint'
import { networkApi } from '../../../api/networks'
import { projectApi } from '../../../api/identity'
import { useScopeNames } from '../../../lib/use-scope-names'

export function loader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    const [network] = await Promise.all([
      queryClient.ensureQueryData(q(networkApi.detail, { networkID: params.networkId! })),
      queryClient.ensureQueryData(consoleConfigQuery()),
    ])
    // The project's name shows with the form, not its id first (prefetch: a platform without the list shows the id).
    await queryClient.prefetchQuery(q(projectApi.list, { organizationID: network.metadata.organizationId }))
    return null
  }
}

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

  // Names, not ids: the project and region read as everywhere else in the console.
  const { projectName, regionName } = useScopeNames(network.metadata.organizationId)

  return (
    <>
      <PageHeader
        title={`Edit ${network.metadata.name}`}
        description="Change the DNS servers, routes, name, description and tags. The prefix and region are fixed once created."
      />
      <FormShell {...submit} submitLabel="Save changes">
        <Paper withBorder p="lg" radius="md">
          <DetailList
            cols={3}
            items={[
              { label: 'Prefix', value: <Code>{network.status.prefix}</Code> },
              { label: 'Region', value: regionName.get(network.status.regionId) ?? network.status.regionId },
              { label: 'Project', value: projectName.get(network.metadata.projectId) ?? network.metadata.projectId },
            ]}
          />
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <Stack gap="md">
            <TextField control={form.control} name="name" label="Name" withAsterisk autoComplete="off" />
            <TextareaField control={form.control} name="description" label="Description" autosize minRows={2} />
          </Stack>
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <Stack gap="lg">
            <DnsServersField control={form.control} />
            <RoutesField control={form.control} />
          </Stack>
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <TagsField control={form.control} name="tags" />
        </Paper>
      </FormShell>
    </>
  )
}

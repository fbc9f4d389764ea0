import { Code, Paper, Stack } from '@mantine/core'
import { zodResolver } from '@hookform/resolvers/zod'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useSuspenseQuery, type QueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm, useWatch, type Path } from 'react-hook-form'
import { useNavigate, useParams, type LoaderFunctionArgs, type Params } from 'react-router'
import { describeRequest } from '../../../api/describeRequest'
import { networkMutations, networkQueries, networkRequests } from '../../../api/networks'
import type { Network } from '../../../api/schemas/regional'
import { consoleConfigQuery } from '../../../api/session'
import { DetailList } from '../../../components/DetailList'
import { FormShell, type SubmitError } from '../../../components/form/FormShell'
import { TextareaField, TextField } from '../../../components/form/fields'
import { placeServerError } from '../../../components/form/server-errors'
import { TagsField } from '../../../components/form/TagsField'
import { PageHeader } from '../../../components/PageHeader'
import { paths } from '../../../lib/paths'
import { NetworkCrumb } from '../components/NetworkCrumb'
import { DnsServersField, RoutesField } from '../components/NetworkRowsFields'
import { formFieldFor, networkUpdateForm, toUpdateBody, updateDefaults, type NetworkUpdateValues } from '../network-form'

export function loader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    await Promise.all([queryClient.ensureQueryData(networkQueries.detail(params.networkId!)), queryClient.ensureQueryData(consoleConfigQuery())])
    return null
  }
}

export const handle = { crumb: (params: Params) => <NetworkCrumb networkId={params.networkId!} /> }

export function Component() {
  const networkId = useParams().networkId!
  const { data: network } = useSuspenseQuery(networkQueries.detail(networkId))
  // Keyed by id: the form takes the network as its defaults once, and a background refetch never resets the input.
  return <NetworkEditForm key={networkId} network={network} />
}

function NetworkEditForm({ network }: { network: Network }) {
  const navigate = useNavigate()
  const networkId = network.metadata.id
  const form = useForm<NetworkUpdateValues>({ resolver: zodResolver(networkUpdateForm), mode: 'onTouched', defaultValues: updateDefaults(network) })
  const values = useWatch({ control: form.control }) as NetworkUpdateValues
  const config = useQuery(consoleConfigQuery())
  const update = useMutation(networkMutations.update())
  const [submitError, setSubmitError] = useState<SubmitError>()
  const request = config.data ? describeRequest(networkRequests.update(networkId, toUpdateBody(values)), config.data.upstreams) : undefined

  const onSubmit = form.handleSubmit((valid) => {
    setSubmitError(undefined)
    update.mutate(
      { networkID: networkId, body: toUpdateBody(valid) },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: `Network ${saved.metadata.name} saved.` })
          void navigate(paths.network(networkId))
        },
        onError: (error) => setSubmitError(placeServerError(error, form.setError, (path) => formFieldFor(path) as Path<NetworkUpdateValues> | undefined)),
      },
    )
  })

  return (
    <>
      <PageHeader title={`Edit ${network.metadata.name}`} description="Change the DNS servers, routes, name, description and tags. The prefix and region are fixed once created." />
      <FormShell onSubmit={onSubmit} submitLabel="Save changes" loading={update.isPending} submitError={submitError} request={request} onCancel={() => navigate(paths.network(networkId))}>
        <Paper withBorder p="lg" radius="md">
          <DetailList
            cols={3}
            items={[
              { label: 'Prefix', value: <Code>{network.status.prefix}</Code> },
              { label: 'Region', value: network.status.regionId },
              { label: 'Project', value: network.metadata.projectId },
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

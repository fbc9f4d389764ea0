import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { useWatch } from 'react-hook-form'
import { useSearchParams } from 'react-router'
import { q } from '../../../api/endpoint'
import { loadBalancerApi } from '../../../api/loadBalancers'
import { networkApi } from '../../../api/networks'
import { TextField, SwitchField } from '../../../components/form/fields'
import { FormPage, FormSection, NAME_HINT, NameFields } from '../../../components/form/FormPage'
import { OfferedNetworkField } from '../../../components/form/OfferedNetworkField'
import { TagsSection } from '../../../components/form/TagsField'
import { useCreateForm } from '../../../components/form/useCreateForm'
import { createFormRoute } from '../../../lib/form-route'
import { resources } from '../../../lib/resources'
import { getScope } from '../../../lib/scope'
import { ListenersEditor } from '../components/ListenersEditor'
import { createDefaults, loadBalancerCreate } from '../load-balancer-form'

export const { loader } = createFormRoute()

export function Component() {
  const [params] = useSearchParams()
  const [scope] = useState(getScope)
  const client = useQueryClient()
  // The VIP's check reads the chosen network's prefix through the query client: one schema for the form's life.
  const write = useMemo(() => loadBalancerCreate(client), [client])
  const { form, submit } = useCreateForm(resources.loadBalancers, write, {
    params: {},
    defaultValues: createDefaults(params.get('network')),
    // Names are kept apart in the network's project, which the network's own answer names.
    siblings: async (valid, queryClient) => {
      const { metadata } = await queryClient.fetchQuery(q(networkApi.detail, { networkID: valid.networkId }))
      return queryClient.fetchQuery(
        q(loadBalancerApi.list, { organizationID: [metadata.organizationId], projectID: [metadata.projectId] }),
      )
    },
  })

  // A VIP typed for one network is checked again as soon as another is chosen: said at its field now, not at the submit.
  const networkId = useWatch({ control: form.control, name: 'networkId' })
  useEffect(() => {
    if (form.getValues('vipAddress').trim()) void form.trigger('vipAddress')
  }, [form, networkId])

  return (
    <FormPage
      {...submit}
      description="A layer 4 load balancer on one network: a virtual IP, optionally a public one, and listeners that spread TCP or UDP traffic over pools of members. It takes its project and region from the network."
    >
      <FormSection>
        <NameFields control={form.control} nameHint={NAME_HINT} />
        <OfferedNetworkField
          control={form.control}
          name="networkId"
          scope={scope}
          linkedNetwork={Boolean(params.get('network'))}
        />
        <TextField
          control={form.control}
          name="vipAddress"
          label="Virtual IP"
          description="An address in the network's CIDR, fixed once created. Leave it blank and the platform picks one."
          placeholder="Picked by the platform"
          spellCheck={false}
          autoComplete="off"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <SwitchField
          control={form.control}
          name="publicIP"
          label="Public IP"
          description="Reachable from the internet on a public address as well as on the virtual IP."
        />
      </FormSection>
      <FormSection>
        <ListenersEditor control={form.control} />
      </FormSection>
      <TagsSection control={form.control} />
    </FormPage>
  )
}

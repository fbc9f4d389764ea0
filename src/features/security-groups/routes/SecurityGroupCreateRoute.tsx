import { useState } from 'react'
import { useSearchParams } from 'react-router'

import { FormPage, FormSection, NAME_HINT, NameFields } from '../../../components/form/FormPage'
import { OfferedNetworkField } from '../../../components/form/OfferedNetworkField'
import { useCreateForm } from '../../../components/form/useCreateForm'
import { getScope } from '../../../lib/scope'
import { createFormRoute } from '../../../lib/form-route'
import { RulesSections } from '../components/RulesSections'
import { createDefaults, securityGroupCreate } from '../security-group-form'
import { q } from '../../../api/endpoint'
import { networkApi } from '../../../api/networks'
import { resources } from '../../../lib/resources'
import { securityGroupApi } from '../../../api/securityGroups'

export const { loader } = createFormRoute()

export function Component() {
  const [params] = useSearchParams()
  const [scope] = useState(getScope)
  const organizationID = scope.organizationId ?? ''
  const { form, submit } = useCreateForm(resources.securityGroups, securityGroupCreate, {
    params: {},
    defaultValues: createDefaults(params.get('network')),
    // A group's name is unique in its network's project, which the network's own answer names.
    siblings: async (valid, client) => {
      const network = await client.fetchQuery(q(networkApi.detail, { networkID: valid.networkId }))
      const projectID = [network.metadata.projectId]
      return client.fetchQuery(q(securityGroupApi.list, { organizationID: [organizationID], projectID }))
    },
  })

  return (
    <FormPage
      {...submit}
      description="Firewall rules for instances on one network. The group takes its project and region from the network."
    >
      <FormSection>
        <NameFields control={form.control} nameHint={NAME_HINT} />
        {/* A group belongs to a network and takes its project and region from it. */}
        <OfferedNetworkField
          control={form.control}
          name="networkId"
          scope={scope}
          linkedNetwork={Boolean(params.get('network'))}
        />
      </FormSection>
      <RulesSections control={form.control} />
    </FormPage>
  )
}

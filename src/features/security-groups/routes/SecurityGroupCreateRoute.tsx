import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { isNotOffered } from '../../../api/errors'

import { FormPage, FormSection, NAME_HINT, NameFields } from '../../../components/form/FormPage'
import { SelectField } from '../../../components/form/fields'
import { TypedIdField } from '../../../components/form/TypedIdField'
import { useCreateForm } from '../../../components/form/useCreateForm'
import { getScope } from '../../../lib/scope'
import { createFormRoute } from '../../../lib/form-route'
import { RulesSections } from '../components/RulesSections'
import { createDefaults, securityGroupCreate } from '../security-group-form'
import { securityGroupCreateReads } from '../security-group-reads'
import { readQuery } from '../../../api/read'
import { q } from '../../../api/endpoint'
import { networkApi } from '../../../api/networks'
import { resources } from '../../../lib/resources'
import { useScopeNames } from '../../../lib/use-scope-names'
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

  // A group belongs to a network and takes its project and region from it: the networks offered are the scope's,
  // or the organization's when a link named the network.
  const linkedNetwork = Boolean(params.get('network'))
  const offered = securityGroupCreateReads(scope, linkedNetwork).networks
  const networks = useQuery({ ...readQuery(offered.read), enabled: offered.asked })
  const names = useScopeNames(organizationID)
  const projectName = (id: string) => names.projectName.get(id) ?? id
  const regionName = (id: string) => names.regionName.get(id) ?? id
  const byProject = new Map<string, { value: string; label: string }[]>()
  for (const network of networks.data ?? []) {
    const group = projectName(network.metadata.projectId)
    byProject.set(group, [
      ...(byProject.get(group) ?? []),
      {
        value: network.metadata.id,
        label: `${network.metadata.name} · ${network.status.prefix} · ${regionName(network.status.regionId)}`,
      },
    ])
  }
  const networkOptions = [...byProject].map(([group, items]) => ({ group, items }))
  const scopeText = linkedNetwork
    ? ''
    : [
        scope.projectId && `project ${projectName(scope.projectId)}`,
        scope.regionId && `region ${regionName(scope.regionId)}`,
      ]
        .filter(Boolean)
        .join(' and ')

  return (
    <FormPage
      {...submit}
      description="Firewall rules for instances on one network. The group takes its project and region from the network."
    >
      <FormSection>
        <NameFields control={form.control} nameHint={NAME_HINT} />
        {isNotOffered(networks.error) ? (
          <TypedIdField control={form.control} name="networkId" noun="network" />
        ) : (
          <SelectField
            control={form.control}
            name="networkId"
            label="Network"
            description={
              scopeText
                ? `Networks in ${scopeText}, from your scope. Change the scope to pick another.`
                : 'Networks of the organization, by project.'
            }
            withAsterisk
            searchable
            nothingFoundMessage="No network in this scope"
            placeholder={networks.isPending ? 'Loading networks…' : 'Choose a network'}
            data={networkOptions}
          />
        )}
      </FormSection>
      <RulesSections control={form.control} />
    </FormPage>
  )
}

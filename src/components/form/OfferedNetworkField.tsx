import { useQuery } from '@tanstack/react-query'
import type { Control, FieldPath, FieldValues } from 'react-hook-form'
import { isNotOffered } from '../../api/errors'
import { offeredNetworks } from '../../api/networks'
import { readQuery } from '../../api/read'
import type { Scope } from '../../lib/scope'
import { useScopeNames } from '../../lib/use-scope-names'
import { SelectField } from './fields'
import { TypedIdField } from './TypedIdField'

/**
 * The network a resource that lives on one (a security group, a load balancer) is created on: it takes its project and
 * region from it. Offered are the scope's networks, or the organization's, by project, when a link named the network;
 * where the platform lists none, its id is typed.
 */
export function OfferedNetworkField<T extends FieldValues>({
  control,
  name,
  scope,
  linkedNetwork,
  onPick,
}: {
  control: Control<T>
  name: FieldPath<T>
  scope: Scope
  linkedNetwork: boolean
  /** The user picked a network from the list. */
  onPick?: (networkId: string) => void
}) {
  const organizationID = scope.organizationId ?? ''
  const offered = offeredNetworks(scope, linkedNetwork)
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
  if (isNotOffered(networks.error)) return <TypedIdField control={control} name={name} noun="network" />
  return (
    <SelectField
      control={control}
      name={name}
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
      onOptionSubmit={onPick}
    />
  )
}

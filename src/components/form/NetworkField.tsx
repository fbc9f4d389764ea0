import { Anchor } from '../mantine/Anchor'
import { Text } from '../mantine/Text'
import { useQuery } from '@tanstack/react-query'
import type { Control, FieldPath, FieldValues } from 'react-hook-form'
import { Link } from 'react-router'
import { placedNetworksRead, type Placement } from '../../api/networks'
import { readQuery } from '../../api/read'
import type { Network } from '../../api/schemas/regional'
import { paths } from '../../lib/paths'
import { SelectField } from './fields'

/**
 * The networks a resource placed in a project and region may use: only those of the same project and region reach
 * it. Listed once both are chosen.
 */
export function usePlacedNetworks(placement: Placement) {
  const { organizationID, projectId, regionId } = placement
  return useQuery({
    ...readQuery(placedNetworksRead(placement)),
    enabled: Boolean(organizationID && projectId && regionId),
  })
}

/** A network as the pickers offer it: its name and its block. */
export const networkOption = (network: Network) => ({
  value: network.metadata.id,
  label: `${network.metadata.name} (${network.status.prefix})`,
})

interface NetworkFieldProps<T extends FieldValues> {
  control: Control<T>
  name: FieldPath<T>
  networks: ReturnType<typeof usePlacedNetworks>
  /** The project and region are chosen, so the networks can be listed. */
  placed: boolean
  /** The region's name, for the sentence that says the project has no network there. */
  regionName: string | undefined
  description: string
  /** The user picked a network from the list. */
  onPick?: (networkId: string) => void
}

/**
 * The one network a resource runs on, from those of its project and region; where there is none, the way to make
 * one.
 */
export function NetworkField<T extends FieldValues>({
  control,
  name,
  networks,
  placed,
  regionName,
  description,
  onPick,
}: NetworkFieldProps<T>) {
  return (
    <>
      <SelectField
        control={control}
        name={name}
        label="Network"
        withAsterisk
        searchable
        disabled={!placed}
        placeholder={
          !placed ? 'Choose a project and region first' : networks.isPending ? 'Loading networks…' : 'Choose a network'
        }
        description={description}
        data={(networks.data ?? []).map(networkOption)}
        onOptionSubmit={onPick}
      />
      {networks.data?.length === 0 && (
        <Text size="sm">
          This project has no network in {regionName}.{' '}
          <Anchor component={Link} to={paths.networks.new()} size="sm">
            Create a network
          </Anchor>{' '}
          first.
        </Text>
      )}
    </>
  )
}

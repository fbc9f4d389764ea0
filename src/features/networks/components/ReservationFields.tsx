import type { Control } from 'react-hook-form'
import { Group } from '../../../components/mantine/Group'
import { TextField } from '../../../components/form/fields'
import type { NetworkCreateValues } from '../network-form'
import { reservationProblems, reservationsOf, reservedBlocks } from '../reservations'

/**
 * What the new network reserves from its start for the platform's use (file storage, internal services), fixed once
 * created: two prefix lengths, each checked at its field as the document checks it, with the blocks they take said
 * beside them. Blank, the platform applies its default, a /25 with the provider's /28.
 */
export function ReservationFields({
  control,
  values,
}: {
  control: Control<NetworkCreateValues>
  values: Pick<NetworkCreateValues, 'prefix' | 'reserve' | 'providerReserve'>
}) {
  const prefix = values.prefix ?? ''
  const fits = Object.keys(reservationProblems(prefix, values.reserve ?? '', values.providerReserve ?? '')).length === 0
  const asked = fits ? reservationsOf(values.reserve ?? '', values.providerReserve ?? '') : undefined
  const blocks = asked && reservedBlocks(prefix, asked)
  const mono = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } }
  return (
    // Bottom-aligned: the two descriptions differ in length, and the inputs stay on one line.
    <Group grow align="flex-end">
      <TextField
        control={control}
        name="reserve"
        label="Reservation length"
        description={
          blocks
            ? `Reserves ${blocks.reserved} from the start of the network; fixed once created.`
            : "Optional, e.g. 25: carved from the start of the network for the platform's use; blank for its default (/25)."
        }
        placeholder="/25"
        autoComplete="off"
        styles={mono}
      />
      <TextField
        control={control}
        name="providerReserve"
        label="Provider part length"
        description={
          blocks?.provider
            ? `The provider's ${blocks.provider}; ${blocks.storage ? `file storage gets ${blocks.storage}` : 'none left for file storage'}.`
            : "Optional, e.g. 28: carved from the start of the reserved prefix for the provider's use."
        }
        placeholder="/28"
        autoComplete="off"
        styles={mono}
      />
    </Group>
  )
}

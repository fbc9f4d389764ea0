import { useWatch, type Control } from 'react-hook-form'
import type { SecurityGroup } from '../../../api/schemas/regional'
import { MultiSelectField, SwitchField } from '../../../components/form/fields'
import type { Listing } from '../../../components/form/FlavorChoice'

interface AccessForm {
  securityGroupIds: string[]
  publicIP: boolean
}

/**
 * An instance's security groups (those of its network) and its public address, for create and edit, so the two
 * forms cannot drift. On create the network may not be chosen yet; on edit it always is.
 */
export function AccessFields<T extends AccessForm>({
  control,
  groups,
  networkChosen = true,
  groupsDescription,
  publicIPDescription,
}: {
  control: Control<T>
  groups: Listing<SecurityGroup>
  networkChosen?: boolean
  groupsDescription: string
  publicIPDescription: string
}) {
  const typed = control as unknown as Control<AccessForm>
  const chosen = useWatch({ control: typed, name: 'securityGroupIds' })
  return (
    <>
      <MultiSelectField
        control={typed}
        name="securityGroupIds"
        label="Security groups"
        description={groupsDescription}
        disabled={!networkChosen}
        searchable
        placeholder={
          !networkChosen
            ? 'Choose a network first'
            : groups.isPending
              ? 'Loading security groups…'
              : chosen.length
                ? undefined
                : 'Choose security groups'
        }
        nothingFoundMessage="No security group on this network"
        data={(groups.data ?? []).map((g) => ({ value: g.metadata.id, label: g.metadata.name }))}
      />
      <SwitchField control={typed} name="publicIP" label="Public IPv4 address" description={publicIPDescription} />
    </>
  )
}

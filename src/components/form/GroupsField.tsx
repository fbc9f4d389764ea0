import { MultiSelect } from '../mantine/MultiSelect'
import { TagsInput } from '../mantine/TagsInput'
import { useQuery } from '@tanstack/react-query'
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form'
import { isNotOffered } from '../../api/errors'
import { q } from '../../api/endpoint'
import { groupApi } from '../../api/identity'
import { useSteadyWhilePressed } from '../../lib/use-steady-while-pressed'

interface GroupsFieldProps<T extends FieldValues & { groupIDs: string[] }> {
  control: Control<T>
  organizationID: string
  description: string
}

/**
 * The groups a user, service account or project belongs to (its `groupIDs`, as the platform names them), chosen by
 * name from the organization's groups. Where the platform cannot list groups, the ids are typed instead (Enter after
 * each).
 */
export function GroupsField<T extends FieldValues & { groupIDs: string[] }>({
  control,
  organizationID,
  description,
}: GroupsFieldProps<T>) {
  const { field, fieldState } = useController({ control, name: 'groupIDs' as FieldPath<T> })
  const groups = useQuery({ ...q(groupApi.list, { organizationID }), enabled: Boolean(organizationID) })
  const value: string[] = field.value ?? []
  // Either input, the list or the typed ids, is bound to the field alike.
  const bound = {
    name: field.name,
    ref: field.ref,
    onBlur: field.onBlur,
    value,
    onChange: field.onChange,
    error: useSteadyWhilePressed(fieldState.error?.message),
  }

  if (isNotOffered(groups.error)) {
    return (
      <TagsInput
        label="Group ids"
        description={`${description} This platform cannot list groups: type each group id and press Enter.`}
        {...bound}
        splitChars={[',', ' ']}
      />
    )
  }
  const known = (groups.data ?? []).map((g) => ({ value: g.metadata.id, label: g.metadata.name }))
  // An id the list does not know (a group deleted meanwhile) stays visible, so it can be removed.
  const unknown = value
    .filter((id) => !known.some((option) => option.value === id))
    .map((id) => ({ value: id, label: id }))
  return (
    <MultiSelect
      label="Groups"
      description={description}
      {...bound}
      data={[...known, ...(groups.isPending ? [] : unknown)]}
      placeholder={groups.isPending ? 'Loading groups…' : value.length ? undefined : 'Choose groups'}
      nothingFoundMessage="No group of that name"
      searchable
      clearable
      hidePickedOptions
    />
  )
}

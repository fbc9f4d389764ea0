import { SimpleGrid } from '../mantine/SimpleGrid'
import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { useWatch, type Control, type FieldPath, type FieldValues } from 'react-hook-form'
import { isNotOffered } from '../../api/errors'

import { capitalized } from '../../lib/words'
import { SelectField } from './fields'
import { TypedIdField } from './TypedIdField'
import { q } from '../../api/endpoint'
import { projectApi } from '../../api/identity'
import { regionApi } from '../../api/regions'

interface ProjectRegionFieldsProps<T extends FieldValues> {
  control: Control<T>
  organizationID: string
  projectField: FieldPath<T>
  regionField: FieldPath<T>
  /** The user picked another project from the list (not called for a typed id). */
  onProjectChange?: (projectId: string) => void
  /** The user picked another region from the list (not called for a typed id). */
  onRegionChange?: (regionId: string) => void
}

/**
 * Where a new regional resource goes: the organization's projects and regions side by side. Where the platform
 * cannot list them, the ids are typed instead.
 */
export function ProjectRegionFields<T extends FieldValues>({
  control,
  organizationID,
  projectField,
  regionField,
  onProjectChange,
  onRegionChange,
}: ProjectRegionFieldsProps<T>) {
  const projects = useQuery({ ...q(projectApi.list, { organizationID }), enabled: Boolean(organizationID) })
  const regions = useQuery({ ...q(regionApi.list, { organizationID }), enabled: Boolean(organizationID) })
  const [projectId, regionId] = useWatch({ control, name: [projectField, regionField] })
  return (
    // Side by side where both placeholders fit whole; one above the other on a phone.
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
      <PlacePicker
        control={control}
        name={projectField}
        noun="project"
        list={projects}
        searchable
        onPick={(next) => next !== projectId && onProjectChange?.(next)}
      />
      <PlacePicker
        control={control}
        name={regionField}
        noun="region"
        list={regions}
        onPick={(next) => next !== regionId && onRegionChange?.(next)}
      />
    </SimpleGrid>
  )
}

interface PlacePickerProps<T extends FieldValues> {
  control: Control<T>
  name: FieldPath<T>
  noun: 'project' | 'region'
  list: UseQueryResult<{ metadata: { id: string; name: string } }[]>
  searchable?: boolean
  onPick?: (id: string) => void
}

/** A project or a region: chosen from the platform's list, or typed as an id where the platform cannot list them. */
export function PlacePicker<T extends FieldValues>({
  control,
  name,
  noun,
  list,
  searchable,
  onPick,
}: PlacePickerProps<T>) {
  if (isNotOffered(list.error)) return <TypedIdField control={control} name={name} noun={noun} />
  return (
    <SelectField
      control={control}
      name={name}
      label={capitalized(noun)}
      withAsterisk
      searchable={searchable}
      placeholder={list.isPending ? `Loading ${noun}s…` : `Choose a ${noun}`}
      data={(list.data ?? []).map((item) => ({ value: item.metadata.id, label: item.metadata.name }))}
      onOptionSubmit={onPick}
    />
  )
}

import { Group } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useWatch, type Control, type FieldPath, type FieldValues } from 'react-hook-form'
import { isNotOffered } from '../../api/errors'

import { SelectField, TextField } from './fields'
import { q } from '../../api/endpoint'
import { projectApi } from '../../api/identity'
import { regionApi } from '../../api/catalogs'

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
    <Group grow align="flex-start">
      {isNotOffered(projects.error) ? (
        <TextField
          control={control}
          name={projectField}
          label="Project id"
          description="This platform cannot list projects; enter the id."
          withAsterisk
        />
      ) : (
        <SelectField
          control={control}
          name={projectField}
          label="Project"
          withAsterisk
          searchable
          placeholder={projects.isPending ? 'Loading projects…' : 'Choose a project'}
          data={(projects.data ?? []).map((p) => ({ value: p.metadata.id, label: p.metadata.name }))}
          onOptionSubmit={(next) => next !== projectId && onProjectChange?.(next)}
        />
      )}
      {isNotOffered(regions.error) ? (
        <TextField
          control={control}
          name={regionField}
          label="Region id"
          description="This platform cannot list regions; enter the id."
          withAsterisk
        />
      ) : (
        <SelectField
          control={control}
          name={regionField}
          label="Region"
          withAsterisk
          placeholder={regions.isPending ? 'Loading regions…' : 'Choose a region'}
          data={(regions.data ?? []).map((r) => ({ value: r.metadata.id, label: r.metadata.name }))}
          onOptionSubmit={(next) => next !== regionId && onRegionChange?.(next)}
        />
      )}
    </Group>
  )
}

import { Group } from '../../components/mantine/Group'
import { DeferredSelect } from '../../components/DeferredSelect'
import { TextInput } from '../../components/mantine/TextInput'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useMatches, useRevalidator, useSearchParams } from 'react-router'
import { isNotOffered } from '../../api/errors'

import { readRegionalFilters, withScopedFilter } from '../../lib/list-filters'
import type { RouteHandle } from '../../lib/route-module'
import { setScope, useStoredScope, type Scope } from '../../lib/scope'
import { q } from '../../api/endpoint'
import { organizationApi, projectApi } from '../../api/identity'
import { regionApi } from '../../api/regions'
import { useSelectA11y } from '../../lib/use-select-a11y'
import { ProjectColourEdge, ProjectColourPicker } from './ProjectColourPicker'

const ALL = ''
const SEVERAL = '\u0000several'

/** Organization, project and region the console works in; lists and create forms start from it. */
export function ScopeSwitcher() {
  const scope = useStoredScope()
  const revalidator = useRevalidator()
  const [params, setParams] = useSearchParams()
  const onList = useMatches().some((match) => (match.handle as RouteHandle | undefined)?.scopeInUrl)
  const filters = onList ? readRegionalFilters(params, scope) : undefined
  const shown = (ids: string[] | undefined, stored: string | undefined) =>
    ids === undefined ? (stored ?? ALL) : ids.length > 1 ? SEVERAL : (ids[0] ?? ALL)
  const projectShown = shown(filters?.projectIds, scope.projectId)
  const regionShown = shown(filters?.regionIds, scope.regionId)
  const organizations = useQuery(q(organizationApi.list, {}))
  const organizationID = scope.organizationId ?? ''
  const projects = useQuery({ ...q(projectApi.list, { organizationID }), enabled: Boolean(organizationID) })
  const regions = useQuery({ ...q(regionApi.list, { organizationID }), enabled: Boolean(organizationID) })
  const organizationA11y = useSelectA11y()
  const projectA11y = useSelectA11y()
  const regionA11y = useSelectA11y()

  const change = (patch: Partial<Scope>) => {
    setScope(patch)
    if (onList && !('organizationId' in patch)) {
      // The list's URL takes the choice (a new URL runs its loader); "all" keeps the stored scope from filling in.
      let next = params
      if ('projectId' in patch) next = withScopedFilter(next, 'project', patch.projectId ? [patch.projectId] : [])
      if ('regionId' in patch) next = withScopedFilter(next, 'region', patch.regionId ? [patch.regionId] : [])
      setParams(next)
      return
    }
    // Page loaders read the scope: run them again so the page shows the new scope's data.
    void revalidator.revalidate()
  }
  // One project chosen: it may have a colour of the user's.
  const projectName = projects.data?.find((p) => p.metadata.id === projectShown)?.metadata.name
  const several = (value: string, count: number | undefined, noun: string) =>
    value === SEVERAL ? [{ value: SEVERAL, label: `${count} ${noun}`, disabled: true }] : []

  return (
    <Group gap="xs" wrap="nowrap" visibleFrom="md">
      {isNotOffered(organizations.error) ? (
        <OrganizationIdInput value={organizationID} onChange={(organizationId) => change({ organizationId })} />
      ) : (
        <DeferredSelect
          {...organizationA11y}
          aria-label="Organization"
          size="sm"
          w={180}
          allowDeselect={false}
          value={organizationID || null}
          data={(organizations.data ?? []).map((o) => ({ value: o.metadata.id, label: o.metadata.name }))}
          onChange={(value) => value && change({ organizationId: value })}
          placeholder={organizations.isPending ? 'Loading…' : 'Organization'}
        />
      )}
      <DeferredSelect
        {...projectA11y}
        aria-label="Project"
        size="sm"
        w={190}
        allowDeselect={false}
        value={projectShown}
        data={[
          { value: ALL, label: 'All projects' },
          ...several(projectShown, filters?.projectIds.length, 'projects'),
          ...(projects.data ?? []).map((p) => ({ value: p.metadata.id, label: p.metadata.name })),
        ]}
        onChange={(value) => change({ projectId: value || undefined })}
        disabled={!organizationID}
      />
      {projectName && <ProjectColourPicker projectId={projectShown} projectName={projectName} />}
      {projectName && <ProjectColourEdge projectId={projectShown} />}
      <DeferredSelect
        {...regionA11y}
        aria-label="Region"
        size="sm"
        w={170}
        allowDeselect={false}
        value={regionShown}
        data={[
          { value: ALL, label: 'All regions' },
          ...several(regionShown, filters?.regionIds.length, 'regions'),
          ...(regions.data ?? []).map((r) => ({ value: r.metadata.id, label: r.metadata.name })),
        ]}
        onChange={(value) => change({ regionId: value || undefined })}
        disabled={!organizationID}
      />
    </Group>
  )
}

/** When the backend cannot list organizations, the id is typed; it is checked for shape before it is used. */
function OrganizationIdInput({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const [draft, setDraft] = useState(value)
  const [error, setError] = useState<string>()
  const commit = () => {
    const id = draft.trim()
    if (!id) return setError('Enter your organization id.')
    if (/\s/.test(id)) return setError('An organization id has no spaces.')
    setError(undefined)
    if (id !== value) onChange(id)
  }
  return (
    <TextInput
      aria-label="Organization id"
      size="sm"
      w={220}
      placeholder="Organization id"
      value={draft}
      error={error}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(event) => event.key === 'Enter' && commit()}
    />
  )
}

import { Group, Select, TextInput } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useRevalidator } from 'react-router'
import { isNotOffered } from '../../api/errors'

import { setScope, useStoredScope, type Scope } from '../../lib/scope'
import { q } from '../../api/endpoint'
import { organizationApi, projectApi } from '../../api/identity'
import { regionApi } from '../../api/catalogs'

const ALL = ''

/** Organization, project and region the console works in; lists and create forms start from it. */
export function ScopeSwitcher() {
  const scope = useStoredScope()
  const revalidator = useRevalidator()
  const organizations = useQuery(q(organizationApi.list, {}))
  const organizationID = scope.organizationId ?? ''
  const projects = useQuery({ ...q(projectApi.list, { organizationID }), enabled: Boolean(organizationID) })
  const regions = useQuery({ ...q(regionApi.list, { organizationID }), enabled: Boolean(organizationID) })

  const change = (patch: Partial<Scope>) => {
    setScope(patch)
    // Page loaders read the scope: run them again so the page shows the new scope's data.
    void revalidator.revalidate()
  }

  return (
    <Group gap="xs" wrap="nowrap" visibleFrom="md">
      {isNotOffered(organizations.error) ? (
        <OrganizationIdInput value={organizationID} onChange={(organizationId) => change({ organizationId })} />
      ) : (
        <Select
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
      <Select
        aria-label="Project"
        size="sm"
        w={190}
        allowDeselect={false}
        value={scope.projectId ?? ALL}
        data={[
          { value: ALL, label: 'All projects' },
          ...(projects.data ?? []).map((p) => ({ value: p.metadata.id, label: p.metadata.name })),
        ]}
        onChange={(value) => change({ projectId: value || undefined })}
        disabled={!organizationID}
      />
      <Select
        aria-label="Region"
        size="sm"
        w={170}
        allowDeselect={false}
        value={scope.regionId ?? ALL}
        data={[
          { value: ALL, label: 'All regions' },
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

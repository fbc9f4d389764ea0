import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { q } from '../api/endpoint'
import { projectApi } from '../api/identity'
import { regionApi } from '../api/regions'

interface Named {
  metadata: { id: string; name: string }
}

/** A platform list's names by id (empty while it loads). */
export function namesById(items: readonly Named[] | undefined): Map<string, string> {
  return new Map((items ?? []).map((item) => [item.metadata.id, item.metadata.name]))
}

/** A list's names by id, the same map while the list is the same (for memos and row search). */
export function useNamesOf(items: readonly Named[] | undefined): Map<string, string> {
  return useMemo(() => namesById(items), [items])
}

/**
 * The organization's projects and regions, for the name columns and filter options of the regional lists. Names
 * fall back to ids while loading or when the platform does not list them.
 */
export function useScopeNames(organizationID: string) {
  const projects = useQuery({ ...q(projectApi.list, { organizationID }), enabled: Boolean(organizationID) })
  const regions = useQuery({ ...q(regionApi.list, { organizationID }), enabled: Boolean(organizationID) })
  return useMemo(() => {
    const projectList = projects.data ?? []
    const regionList = regions.data ?? []
    return {
      regions: regionList,
      projectName: namesById(projectList),
      regionName: namesById(regionList),
      projectOptions: projectList.map((p) => ({ value: p.metadata.id, label: p.metadata.name })),
      regionOptions: regionList.map((r) => ({ value: r.metadata.id, label: r.metadata.name })),
    }
  }, [projects.data, regions.data])
}

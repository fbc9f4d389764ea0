import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { q } from '../api/endpoint'
import { projectApi } from '../api/identity'
import { regionApi } from '../api/catalogs'

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
      projectName: new Map(projectList.map((p) => [p.metadata.id, p.metadata.name])),
      regionName: new Map(regionList.map((r) => [r.metadata.id, r.metadata.name])),
      projectOptions: projectList.map((p) => ({ value: p.metadata.id, label: p.metadata.name })),
      regionOptions: regionList.map((r) => ({ value: r.metadata.id, label: r.metadata.name })),
    }
  }, [projects.data, regions.data])
}

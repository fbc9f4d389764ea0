import { useSuspenseQuery } from '@tanstack/react-query'
import { readQuery, type Read } from '../api/read'
import { pollWhileSettling } from '../api/settling'
import { useScopeNames } from './use-scope-names'

interface Placed {
  metadata: { organizationId: string; projectId: string; provisioningStatus: string }
  /** None for a resource of a project alone (an SSH certificate authority). */
  status?: { regionId: string }
}

/**
 * A regional item's page: the item its loader fetched, polled while it (or anything it reports on, such as a file
 * storage's attachments) is settling, and the names of its project and region, which fall back to ids while loading.
 */
export function useRegionalItem<P, R extends Placed>(read: Read<P, R>) {
  const { data: item } = useSuspenseQuery({ ...readQuery(read), refetchInterval: pollWhileSettling })
  const names = useScopeNames(item.metadata.organizationId)
  return {
    item,
    projectName: names.projectName.get(item.metadata.projectId),
    regionName: item.status && names.regionName.get(item.status.regionId),
  }
}

import type { Tag } from '../api/request'
import { tagTexts } from './use-list-rows'

// What every list searches and sorts a resource by, from the metadata all resources share. Each list adds its own
// texts and keys around these.

interface Listed {
  metadata: { id: string; name: string; description?: string; tags?: Tag[]; creationTime: string }
}

/** The texts a list's search finds a resource by: its name, id, description and tags ("name=value"). */
export const metadataSearch = (row: Listed) => [
  row.metadata.name,
  row.metadata.id,
  row.metadata.description,
  ...tagTexts(row.metadata.tags),
]

/** The sort keys every list means alike: `status` (provisioning), `age` (newest first) and, otherwise, the name. */
export function metadataSortValue(row: Listed & { metadata: { provisioningStatus: string } }, key: string) {
  switch (key) {
    case 'status':
      return row.metadata.provisioningStatus
    case 'age':
      return -Date.parse(row.metadata.creationTime)
    default:
      return row.metadata.name
  }
}

/** A regional resource's sort keys: its `region`, then the ones every list shares. */
export const regionalSortValue = (
  row: Listed & { metadata: { provisioningStatus: string }; status: { regionId: string } },
  key: string,
) => (key === 'region' ? row.status.regionId : metadataSortValue(row, key))

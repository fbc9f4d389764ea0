// File storage ({base_url}/api/v2/filestorage). The storage type always goes out in the spec's spelling
// `{nfs: {rootsquash}}`, which the platform accepts too; reads are normalised to it, so a body built from a read
// object loses nothing.

import { endpoint, listEndpoint } from './endpoint'
import { filtersToQuery, seg, type RegionalListFilters } from './request'
import { fileStorageCreateSchema, fileStorageSchema, fileStorageUpdateSchema } from './schemas/regional'

const collection = () => '/api/v2/filestorage'
const item = ({ filestorageID }: { filestorageID: string }) => `${collection()}/${seg(filestorageID)}`
const region = { resource: 'fileStorage', service: 'region' } as const

export const fileStorageApi = {
  // Platform extension (not in the interface spec): list file storage.
  list: listEndpoint({
    ...region,
    path: collection,
    query: (filters: Omit<RegionalListFilters, 'networkID'>) => filtersToQuery(filters),
    item: fileStorageSchema,
  }),
  detail: endpoint({ ...region, op: 'detail', method: 'GET', path: item, read: fileStorageSchema }),
  create: endpoint({
    ...region,
    op: 'create',
    method: 'POST',
    path: collection,
    write: fileStorageCreateSchema,
    read: fileStorageSchema,
    effects: {
      seed: (saved) => ({ filestorageID: saved.metadata.id }),
      invalidates: [['fileStorage', 'list'], ['quotas']],
    },
  }),
  update: endpoint({
    ...region,
    op: 'update',
    method: 'PUT',
    path: item,
    write: fileStorageUpdateSchema,
    read: fileStorageSchema,
    effects: {
      seed: (_saved, { filestorageID }) => ({ filestorageID }),
      invalidates: [['fileStorage', 'list'], ['quotas']],
    },
  }),
  // Platform extension (not in the interface spec): delete.
  delete: endpoint({
    ...region,
    op: 'delete',
    method: 'DELETE',
    path: item,
    effects: { invalidates: [['fileStorage'], ['quotas']] },
  }),
}

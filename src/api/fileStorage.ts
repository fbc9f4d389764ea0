// File storage ({base_url}/api/v2/filestorage). The storage type always goes out in the spec's spelling
// `{nfs: {rootsquash}}`, which the platform accepts too; reads are normalised to it, so a body built from a read
// object loses nothing.

import { projectTable } from './resource-table'
import type { RegionalListFilters } from './request'
import {
  fileStorageCreateSchema,
  fileStorageSchema,
  fileStorageUpdateSchema,
  type FileStorage,
  type FileStorageCreate,
  type FileStorageUpdate,
} from './schemas/regional'

// Its list is not filtered by network: a file storage names its networks in its attachments.
export const fileStorageApi = projectTable<
  'fileStorage',
  FileStorage,
  FileStorageCreate,
  FileStorageUpdate,
  Omit<RegionalListFilters, 'networkID'>
>('fileStorage', { read: fileStorageSchema, create: fileStorageCreateSchema, update: fileStorageUpdateSchema })

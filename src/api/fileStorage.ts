// File storage ({base_url}/api/v2/filestorage).

import { mutationOptions, queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { sendJson, sendNoContent, type CallOptions } from './client'
import { fileStorageKeys, networkKeys } from './keys'
import { filtersToQuery, seg, type ApiRequest, type RegionalListFilters } from './request'
import {
  fileStorageCreateSchema,
  fileStorageSchema,
  fileStorageUpdateSchema,
  type FileStorage,
  type FileStorageCreate,
  type FileStorageUpdate,
} from './schemas/regional'
import { knownFields } from './wire'

const collection = '/api/v2/filestorage'
const item = (filestorageID: string) => `${collection}/${seg(filestorageID)}`

// The storage type always goes out in the spec's spelling `{nfs: {rootsquash}}`, which the platform accepts too; a
// body built from a read object loses nothing because reads are normalised to this spelling.

export type FileStorageListFilters = Omit<RegionalListFilters, 'networkID'>

export const fileStorageRequests = {
  // Platform extension (not in the interface spec): list file storage.
  list: (filters: FileStorageListFilters = {}): ApiRequest => ({
    service: 'region',
    method: 'GET',
    path: collection,
    query: filtersToQuery(filters),
  }),
  get: (filestorageID: string): ApiRequest => ({ service: 'region', method: 'GET', path: item(filestorageID) }),
  create: (body: FileStorageCreate): ApiRequest => ({
    service: 'region',
    method: 'POST',
    path: collection,
    body: knownFields(fileStorageCreateSchema, body),
  }),
  update: (filestorageID: string, body: FileStorageUpdate): ApiRequest => ({
    service: 'region',
    method: 'PUT',
    path: item(filestorageID),
    body: knownFields(fileStorageUpdateSchema, body),
  }),
  // Platform extension (not in the interface spec): delete.
  delete: (filestorageID: string): ApiRequest => ({ service: 'region', method: 'DELETE', path: item(filestorageID) }),
}

// Platform extension (not in the interface spec): list.
export function listFileStorage(filters: FileStorageListFilters = {}, options?: CallOptions): Promise<FileStorage[]> {
  return sendJson(fileStorageRequests.list(filters), z.array(fileStorageSchema), options)
}

export function getFileStorage(filestorageID: string, options?: CallOptions): Promise<FileStorage> {
  return sendJson(fileStorageRequests.get(filestorageID), fileStorageSchema, options)
}

export function createFileStorage(body: FileStorageCreate, options?: CallOptions): Promise<FileStorage> {
  return sendJson(fileStorageRequests.create(body), fileStorageSchema, options)
}

export function updateFileStorage(
  filestorageID: string,
  body: FileStorageUpdate,
  options?: CallOptions,
): Promise<FileStorage> {
  return sendJson(fileStorageRequests.update(filestorageID, body), fileStorageSchema, options)
}

// Platform extension (not in the interface spec): delete.
export function deleteFileStorage(filestorageID: string, options?: CallOptions): Promise<void> {
  return sendNoContent(fileStorageRequests.delete(filestorageID), options)
}

export const fileStorageQueries = {
  all: fileStorageKeys.all,
  lists: fileStorageKeys.lists,
  list: (filters: FileStorageListFilters = {}) =>
    queryOptions({
      queryKey: fileStorageKeys.list(filters),
      queryFn: ({ signal }) => listFileStorage(filters, { signal }),
    }),
  detail: (filestorageID: string) =>
    queryOptions({
      queryKey: fileStorageKeys.detail(filestorageID),
      queryFn: ({ signal }) => getFileStorage(filestorageID, { signal }),
    }),
}

// Every file-storage change may change which storage is attached to which network, and network pages show their
// attached storage (derived from file-storage lists, but also cached under the networks' keys), so networks'
// views are refreshed as well.
export const fileStorageMutations = {
  create: () =>
    mutationOptions({
      mutationKey: ['fileStorage', 'create'],
      mutationFn: (body: FileStorageCreate) => createFileStorage(body),
      onSuccess: (storage, _body, _result, { client }) => {
        client.setQueryData(fileStorageQueries.detail(storage.metadata.id).queryKey, storage)
        return Promise.all([
          client.invalidateQueries({ queryKey: fileStorageKeys.lists() }),
          client.invalidateQueries({ queryKey: networkKeys.all() }),
        ])
      },
    }),
  update: () =>
    mutationOptions({
      mutationKey: ['fileStorage', 'update'],
      mutationFn: ({ filestorageID, body }: { filestorageID: string; body: FileStorageUpdate }) =>
        updateFileStorage(filestorageID, body),
      onSuccess: (storage, { filestorageID }, _result, { client }) => {
        client.setQueryData(fileStorageQueries.detail(filestorageID).queryKey, storage)
        return Promise.all([
          client.invalidateQueries({ queryKey: fileStorageKeys.lists() }),
          client.invalidateQueries({ queryKey: networkKeys.all() }),
        ])
      },
    }),
  // Platform extension (not in the interface spec): delete.
  delete: () =>
    mutationOptions({
      mutationKey: ['fileStorage', 'delete'],
      mutationFn: (filestorageID: string) => deleteFileStorage(filestorageID),
      onSuccess: (_data, _id, _result, { client }) =>
        Promise.all([
          client.invalidateQueries({ queryKey: fileStorageKeys.all() }),
          client.invalidateQueries({ queryKey: networkKeys.all() }),
        ]),
    }),
}

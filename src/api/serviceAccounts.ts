// Service accounts of an organization ({identity_url}/api/v1/organizations/{organizationID}/serviceaccounts).

import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { sendJson, sendNoContent, type CallOptions } from './client'
import { groupKeys, serviceAccountKeys, type OrganizationFilter } from './keys'
import { seg, type ApiRequest } from './request'
import {
  serviceAccountSchema,
  serviceAccountWriteSchema,
  type ServiceAccount,
  type ServiceAccountWrite,
} from './schemas/identity'
import { knownFields } from './wire'

const collection = (organizationID: string) => `/api/v1/organizations/${seg(organizationID)}/serviceaccounts`
const item = (organizationID: string, serviceAccountID: string) =>
  `${collection(organizationID)}/${seg(serviceAccountID)}`

export interface ServiceAccountRef {
  organizationID: string
  serviceAccountID: string
}

export const serviceAccountRequests = {
  // Platform extension (not in the interface spec): list service accounts.
  list: ({ organizationID }: OrganizationFilter): ApiRequest => ({
    service: 'identity',
    method: 'GET',
    path: collection(organizationID),
  }),
  // Platform extension (not in the interface spec): create a service account; its token is in the answer, once.
  create: (organizationID: string, body: ServiceAccountWrite): ApiRequest => ({
    service: 'identity',
    method: 'POST',
    path: collection(organizationID),
    body: knownFields(serviceAccountWriteSchema, body),
  }),
  update: ({ organizationID, serviceAccountID }: ServiceAccountRef, body: ServiceAccountWrite): ApiRequest => ({
    service: 'identity',
    method: 'PUT',
    path: item(organizationID, serviceAccountID),
    body: knownFields(serviceAccountWriteSchema, body),
  }),
  // Platform extension (not in the interface spec): delete.
  delete: ({ organizationID, serviceAccountID }: ServiceAccountRef): ApiRequest => ({
    service: 'identity',
    method: 'DELETE',
    path: item(organizationID, serviceAccountID),
  }),
  // Platform extension (not in the interface spec): a new token, returned once; the previous one stops working.
  rotate: ({ organizationID, serviceAccountID }: ServiceAccountRef): ApiRequest => ({
    service: 'identity',
    method: 'POST',
    path: `${item(organizationID, serviceAccountID)}/rotate`,
  }),
}

// Platform extension (not in the interface spec): list.
export function listServiceAccounts(scope: OrganizationFilter, options?: CallOptions): Promise<ServiceAccount[]> {
  return sendJson(serviceAccountRequests.list(scope), z.array(serviceAccountSchema), options)
}

// Platform extension (not in the interface spec): create. `status.accessToken` of the answer is the only time the
// token is shown; it is deliberately not put into the query cache.
export function createServiceAccount(
  organizationID: string,
  body: ServiceAccountWrite,
  options?: CallOptions,
): Promise<ServiceAccount> {
  return sendJson(serviceAccountRequests.create(organizationID, body), serviceAccountSchema, options)
}

export function updateServiceAccount(
  ref: ServiceAccountRef,
  body: ServiceAccountWrite,
  options?: CallOptions,
): Promise<ServiceAccount> {
  return sendJson(serviceAccountRequests.update(ref, body), serviceAccountSchema, options)
}

// Platform extension (not in the interface spec): delete.
export function deleteServiceAccount(ref: ServiceAccountRef, options?: CallOptions): Promise<void> {
  return sendNoContent(serviceAccountRequests.delete(ref), options)
}

// Platform extension (not in the interface spec): rotate. Like create, `status.accessToken` is shown this once.
export function rotateServiceAccount(ref: ServiceAccountRef, options?: CallOptions): Promise<ServiceAccount> {
  return sendJson(serviceAccountRequests.rotate(ref), serviceAccountSchema, options)
}

export const serviceAccountQueries = {
  all: serviceAccountKeys.all,
  lists: serviceAccountKeys.lists,
  list: (scope: OrganizationFilter) =>
    queryOptions({
      queryKey: serviceAccountKeys.list(scope),
      queryFn: ({ signal }) => listServiceAccounts(scope, { signal }),
    }),
}

// Groups list their service accounts (serviceAccountIDs), so membership changes refresh the groups too.
const refresh = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: serviceAccountKeys.lists() }),
    client.invalidateQueries({ queryKey: groupKeys.all() }),
  ])

export const serviceAccountMutations = {
  // Platform extension (not in the interface spec): create.
  create: () =>
    mutationOptions({
      mutationKey: ['serviceAccounts', 'create'],
      mutationFn: ({ organizationID, body }: { organizationID: string; body: ServiceAccountWrite }) =>
        createServiceAccount(organizationID, body),
      onSuccess: (_account, _vars, _result, { client }) => refresh(client),
    }),
  update: () =>
    mutationOptions({
      mutationKey: ['serviceAccounts', 'update'],
      mutationFn: ({ ref, body }: { ref: ServiceAccountRef; body: ServiceAccountWrite }) =>
        updateServiceAccount(ref, body),
      onSuccess: (_account, _vars, _result, { client }) => refresh(client),
    }),
  // Platform extension (not in the interface spec): delete.
  delete: () =>
    mutationOptions({
      mutationKey: ['serviceAccounts', 'delete'],
      mutationFn: (ref: ServiceAccountRef) => deleteServiceAccount(ref),
      onSuccess: (_data, _ref, _result, { client }) => refresh(client),
    }),
  // Platform extension (not in the interface spec): rotate. The expiry moves, so the lists refresh.
  rotate: () =>
    mutationOptions({
      mutationKey: ['serviceAccounts', 'rotate'],
      mutationFn: (ref: ServiceAccountRef) => rotateServiceAccount(ref),
      onSuccess: (_account, _ref, _result, { client }) =>
        client.invalidateQueries({ queryKey: serviceAccountKeys.lists() }),
    }),
}

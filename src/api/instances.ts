// Compute instances ({base_url}/api/v2/instances). The spec has create only; list, get, update, delete and the power
// actions are platform extensions.

import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { sendJson, sendNoContent, type CallOptions } from './client'
import { instanceKeys, networkKeys, securityGroupKeys } from './keys'
import { filtersToQuery, seg, type ApiRequest, type RegionalListFilters } from './request'
import {
  instanceCreateSchema,
  instanceSchema,
  instanceUpdateSchema,
  type Instance,
  type InstanceCreate,
  type InstanceUpdate,
} from './schemas/regional'
import { knownFields } from './wire'

const collection = '/api/v2/instances'
const item = (instanceID: string) => `${collection}/${seg(instanceID)}`

export const POWER_ACTIONS = ['start', 'stop', 'reboot'] as const
export type PowerAction = (typeof POWER_ACTIONS)[number]

export const instanceRequests = {
  // Platform extension (not in the interface spec): list instances.
  list: (filters: RegionalListFilters = {}): ApiRequest => ({
    service: 'region',
    method: 'GET',
    path: collection,
    query: filtersToQuery(filters),
  }),
  // Platform extension (not in the interface spec): get an instance.
  get: (instanceID: string): ApiRequest => ({ service: 'region', method: 'GET', path: item(instanceID) }),
  create: (body: InstanceCreate): ApiRequest => ({
    service: 'region',
    method: 'POST',
    path: collection,
    body: knownFields(instanceCreateSchema, body),
  }),
  // Platform extension (not in the interface spec): update (202 with the instance). A changed flavor resizes it, a
  // changed image rebuilds it.
  update: (instanceID: string, body: InstanceUpdate): ApiRequest => ({
    service: 'region',
    method: 'PUT',
    path: item(instanceID),
    body: knownFields(instanceUpdateSchema, body),
  }),
  // Platform extension (not in the interface spec): delete.
  delete: (instanceID: string): ApiRequest => ({ service: 'region', method: 'DELETE', path: item(instanceID) }),
  // Platform extension (not in the interface spec): start, stop, reboot (soft by default, `hard` power-cycles).
  power: (instanceID: string, action: PowerAction, { hard = false }: { hard?: boolean } = {}): ApiRequest => ({
    service: 'region',
    method: 'POST',
    path: `${item(instanceID)}/${action}`,
    query: action === 'reboot' && hard ? { hard: 'true' } : undefined,
  }),
}

// Platform extension (not in the interface spec): list.
export function listInstances(filters: RegionalListFilters = {}, options?: CallOptions): Promise<Instance[]> {
  return sendJson(instanceRequests.list(filters), z.array(instanceSchema), options)
}

// Platform extension (not in the interface spec): get.
export function getInstance(instanceID: string, options?: CallOptions): Promise<Instance> {
  return sendJson(instanceRequests.get(instanceID), instanceSchema, options)
}

export function createInstance(body: InstanceCreate, options?: CallOptions): Promise<Instance> {
  return sendJson(instanceRequests.create(body), instanceSchema, options)
}

// Platform extension (not in the interface spec): update.
export function updateInstance(instanceID: string, body: InstanceUpdate, options?: CallOptions): Promise<Instance> {
  return sendJson(instanceRequests.update(instanceID, body), instanceSchema, options)
}

// Platform extension (not in the interface spec): delete.
export function deleteInstance(instanceID: string, options?: CallOptions): Promise<void> {
  return sendNoContent(instanceRequests.delete(instanceID), options)
}

// Platform extension (not in the interface spec): power actions; 202, the state changes asynchronously.
export function powerInstance(
  instanceID: string,
  action: PowerAction,
  { hard, ...options }: CallOptions & { hard?: boolean } = {},
): Promise<void> {
  return sendNoContent(instanceRequests.power(instanceID, action, { hard }), options)
}

export const instanceQueries = {
  all: instanceKeys.all,
  lists: instanceKeys.lists,
  list: (filters: RegionalListFilters = {}) =>
    queryOptions({ queryKey: instanceKeys.list(filters), queryFn: ({ signal }) => listInstances(filters, { signal }) }),
  detail: (instanceID: string) =>
    queryOptions({
      queryKey: instanceKeys.detail(instanceID),
      queryFn: ({ signal }) => getInstance(instanceID, { signal }),
    }),
}

// An instance uses a network and security groups; their pages show what is in use (and a network or security group in
// use cannot be deleted), so creating, updating (its security groups) or deleting an instance refreshes both.
const refreshUsedResources = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: securityGroupKeys.all() }),
    client.invalidateQueries({ queryKey: networkKeys.all() }),
  ])

export const instanceMutations = {
  create: () =>
    mutationOptions({
      mutationKey: ['instances', 'create'],
      mutationFn: (body: InstanceCreate) => createInstance(body),
      onSuccess: (instance, _body, _result, { client }) => {
        client.setQueryData(instanceQueries.detail(instance.metadata.id).queryKey, instance)
        return Promise.all([client.invalidateQueries({ queryKey: instanceKeys.lists() }), refreshUsedResources(client)])
      },
    }),
  // Platform extension (not in the interface spec): update. The answer is the instance, seeded as its detail.
  update: () =>
    mutationOptions({
      mutationKey: ['instances', 'update'],
      mutationFn: ({ instanceID, body }: { instanceID: string; body: InstanceUpdate }) =>
        updateInstance(instanceID, body),
      onSuccess: (instance, { instanceID }, _result, { client }) => {
        client.setQueryData(instanceQueries.detail(instanceID).queryKey, instance)
        return Promise.all([client.invalidateQueries({ queryKey: instanceKeys.lists() }), refreshUsedResources(client)])
      },
    }),
  // Platform extension (not in the interface spec): delete.
  delete: () =>
    mutationOptions({
      mutationKey: ['instances', 'delete'],
      mutationFn: (instanceID: string) => deleteInstance(instanceID),
      onSuccess: (_data, _id, _result, { client }) =>
        Promise.all([client.invalidateQueries({ queryKey: instanceKeys.all() }), refreshUsedResources(client)]),
    }),
  // Platform extension (not in the interface spec): start / stop / reboot. The answer carries no body, so the
  // instance is refetched; pages poll with isSettling while powerState is Pending or Stopping.
  power: () =>
    mutationOptions({
      mutationKey: ['instances', 'power'],
      mutationFn: ({ instanceID, action, hard }: { instanceID: string; action: PowerAction; hard?: boolean }) =>
        powerInstance(instanceID, action, { hard }),
      onSuccess: (_data, { instanceID }, _result, { client }) =>
        Promise.all([
          client.invalidateQueries({ queryKey: instanceKeys.detail(instanceID) }),
          client.invalidateQueries({ queryKey: instanceKeys.lists() }),
        ]),
    }),
}

// Networks ({base_url}/api/v2/networks).

import { mutationOptions, queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { sendJson, sendNoContent, type CallOptions } from './client'
import { fileStorageKeys, instanceKeys, networkKeys, securityGroupKeys } from './keys'
import { filtersToQuery, seg, type ApiRequest, type RegionalListFilters } from './request'
import {
  networkCreateSchema,
  networkSchema,
  networkUpdateSchema,
  type Network,
  type NetworkCreate,
  type NetworkUpdate,
} from './schemas/regional'
import { knownFields } from './wire'

const collection = '/api/v2/networks'
const item = (networkID: string) => `${collection}/${seg(networkID)}`

export const networkRequests = {
  list: (filters: RegionalListFilters = {}): ApiRequest => ({
    service: 'region',
    method: 'GET',
    path: collection,
    query: filtersToQuery(filters),
  }),
  get: (networkID: string): ApiRequest => ({ service: 'region', method: 'GET', path: item(networkID) }),
  create: (body: NetworkCreate): ApiRequest => ({
    service: 'region',
    method: 'POST',
    path: collection,
    body: knownFields(networkCreateSchema, body),
  }),
  update: (networkID: string, body: NetworkUpdate): ApiRequest => ({
    service: 'region',
    method: 'PUT',
    path: item(networkID),
    body: knownFields(networkUpdateSchema, body),
  }),
  // Platform extension (not in the interface spec): delete a network. The platform answers 403 while it is in use.
  delete: (networkID: string): ApiRequest => ({ service: 'region', method: 'DELETE', path: item(networkID) }),
}

export function listNetworks(filters: RegionalListFilters = {}, options?: CallOptions): Promise<Network[]> {
  return sendJson(networkRequests.list(filters), z.array(networkSchema), options)
}

export function getNetwork(networkID: string, options?: CallOptions): Promise<Network> {
  return sendJson(networkRequests.get(networkID), networkSchema, options)
}

export function createNetwork(body: NetworkCreate, options?: CallOptions): Promise<Network> {
  return sendJson(networkRequests.create(body), networkSchema, options)
}

export function updateNetwork(networkID: string, body: NetworkUpdate, options?: CallOptions): Promise<Network> {
  return sendJson(networkRequests.update(networkID, body), networkSchema, options)
}

// Platform extension (not in the interface spec): delete.
export function deleteNetwork(networkID: string, options?: CallOptions): Promise<void> {
  return sendNoContent(networkRequests.delete(networkID), options)
}

export const networkQueries = {
  all: networkKeys.all,
  lists: networkKeys.lists,
  list: (filters: RegionalListFilters = {}) =>
    queryOptions({ queryKey: networkKeys.list(filters), queryFn: ({ signal }) => listNetworks(filters, { signal }) }),
  detail: (networkID: string) =>
    queryOptions({
      queryKey: networkKeys.detail(networkID),
      queryFn: ({ signal }) => getNetwork(networkID, { signal }),
    }),
}

export const networkMutations = {
  create: () =>
    mutationOptions({
      mutationKey: ['networks', 'create'],
      mutationFn: (body: NetworkCreate) => createNetwork(body),
      onSuccess: (network, _body, _result, { client }) => {
        client.setQueryData(networkQueries.detail(network.metadata.id).queryKey, network)
        return client.invalidateQueries({ queryKey: networkKeys.lists() })
      },
    }),
  update: () =>
    mutationOptions({
      mutationKey: ['networks', 'update'],
      mutationFn: ({ networkID, body }: { networkID: string; body: NetworkUpdate }) => updateNetwork(networkID, body),
      onSuccess: (network, { networkID }, _result, { client }) => {
        client.setQueryData(networkQueries.detail(networkID).queryKey, network)
        return client.invalidateQueries({ queryKey: networkKeys.lists() })
      },
    }),
  // Platform extension (not in the interface spec): delete.
  delete: () =>
    mutationOptions({
      mutationKey: ['networks', 'delete'],
      mutationFn: (networkID: string) => deleteNetwork(networkID),
      // Deletion is asynchronous (202): the network stays listed as deprovisioning until it is gone, so the detail is
      // refetched rather than dropped. Views filtered by the network change too: security groups listed with
      // networkID, file storage attached to it, instances on it.
      onSuccess: (_data, _networkID, _result, { client }) =>
        Promise.all([
          client.invalidateQueries({ queryKey: networkKeys.all() }),
          client.invalidateQueries({ queryKey: securityGroupKeys.all() }),
          client.invalidateQueries({ queryKey: fileStorageKeys.all() }),
          client.invalidateQueries({ queryKey: instanceKeys.lists() }),
        ]),
    }),
}

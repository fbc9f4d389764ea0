// Security groups ({base_url}/api/v2/securitygroups).

import { mutationOptions, queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { sendJson, sendNoContent, type CallOptions } from './client'
import { instanceKeys, securityGroupKeys } from './keys'
import { filtersToQuery, seg, type ApiRequest, type RegionalListFilters } from './request'
import {
  securityGroupCreateSchema,
  securityGroupSchema,
  securityGroupUpdateSchema,
  type SecurityGroup,
  type SecurityGroupCreate,
  type SecurityGroupRuleWrite,
  type SecurityGroupUpdate,
} from './schemas/regional'
import { knownFields } from './wire'

const collection = '/api/v2/securitygroups'
const item = (securityGroupID: string) => `${collection}/${seg(securityGroupID)}`

/**
 * A rule in wire shape: the spec's `cidr` and the platform's `prefix`, with the same value. A platform server ignores
 * `cidr`, so a rule sent with `cidr` alone would open to 0.0.0.0/0; a spec server reads `cidr`.
 */
export function ruleToWire(rule: SecurityGroupRuleWrite): SecurityGroupRuleWrite & { prefix?: string } {
  return rule.cidr === undefined ? rule : { ...rule, prefix: rule.cidr }
}

function withWireRules<T extends { spec: { rules: SecurityGroupRuleWrite[] } }>(body: T): T {
  return { ...body, spec: { ...body.spec, rules: body.spec.rules.map(ruleToWire) } }
}

export const securityGroupRequests = {
  list: (filters: RegionalListFilters = {}): ApiRequest => ({
    service: 'region',
    method: 'GET',
    path: collection,
    query: filtersToQuery(filters),
  }),
  get: (securityGroupID: string): ApiRequest => ({ service: 'region', method: 'GET', path: item(securityGroupID) }),
  // Platform extension (not in the interface spec): create a security group on a network.
  create: (body: SecurityGroupCreate): ApiRequest => ({
    service: 'region',
    method: 'POST',
    path: collection,
    body: withWireRules(knownFields(securityGroupCreateSchema, body)),
  }),
  update: (securityGroupID: string, body: SecurityGroupUpdate): ApiRequest => ({
    service: 'region',
    method: 'PUT',
    path: item(securityGroupID),
    body: withWireRules(knownFields(securityGroupUpdateSchema, body)),
  }),
  // Platform extension (not in the interface spec): delete. The platform answers 403 while instances use it.
  delete: (securityGroupID: string): ApiRequest => ({
    service: 'region',
    method: 'DELETE',
    path: item(securityGroupID),
  }),
}

export function listSecurityGroups(filters: RegionalListFilters = {}, options?: CallOptions): Promise<SecurityGroup[]> {
  return sendJson(securityGroupRequests.list(filters), z.array(securityGroupSchema), options)
}

export function getSecurityGroup(securityGroupID: string, options?: CallOptions): Promise<SecurityGroup> {
  return sendJson(securityGroupRequests.get(securityGroupID), securityGroupSchema, options)
}

// Platform extension (not in the interface spec): create.
export function createSecurityGroup(body: SecurityGroupCreate, options?: CallOptions): Promise<SecurityGroup> {
  return sendJson(securityGroupRequests.create(body), securityGroupSchema, options)
}

export function updateSecurityGroup(
  securityGroupID: string,
  body: SecurityGroupUpdate,
  options?: CallOptions,
): Promise<SecurityGroup> {
  return sendJson(securityGroupRequests.update(securityGroupID, body), securityGroupSchema, options)
}

// Platform extension (not in the interface spec): delete.
export function deleteSecurityGroup(securityGroupID: string, options?: CallOptions): Promise<void> {
  return sendNoContent(securityGroupRequests.delete(securityGroupID), options)
}

export const securityGroupQueries = {
  all: securityGroupKeys.all,
  lists: securityGroupKeys.lists,
  list: (filters: RegionalListFilters = {}) =>
    queryOptions({
      queryKey: securityGroupKeys.list(filters),
      queryFn: ({ signal }) => listSecurityGroups(filters, { signal }),
    }),
  detail: (securityGroupID: string) =>
    queryOptions({
      queryKey: securityGroupKeys.detail(securityGroupID),
      queryFn: ({ signal }) => getSecurityGroup(securityGroupID, { signal }),
    }),
}

export const securityGroupMutations = {
  // Platform extension (not in the interface spec): create.
  create: () =>
    mutationOptions({
      mutationKey: ['securityGroups', 'create'],
      mutationFn: (body: SecurityGroupCreate) => createSecurityGroup(body),
      onSuccess: (group, _body, _result, { client }) => {
        client.setQueryData(securityGroupQueries.detail(group.metadata.id).queryKey, group)
        return client.invalidateQueries({ queryKey: securityGroupKeys.lists() })
      },
    }),
  update: () =>
    mutationOptions({
      mutationKey: ['securityGroups', 'update'],
      mutationFn: ({ securityGroupID, body }: { securityGroupID: string; body: SecurityGroupUpdate }) =>
        updateSecurityGroup(securityGroupID, body),
      onSuccess: (group, { securityGroupID }, _result, { client }) => {
        client.setQueryData(securityGroupQueries.detail(securityGroupID).queryKey, group)
        return client.invalidateQueries({ queryKey: securityGroupKeys.lists() })
      },
    }),
  // Platform extension (not in the interface spec): delete.
  delete: () =>
    mutationOptions({
      mutationKey: ['securityGroups', 'delete'],
      mutationFn: (securityGroupID: string) => deleteSecurityGroup(securityGroupID),
      // Asynchronous (202): refetch rather than drop. Instance details list their security groups.
      onSuccess: (_data, _id, _result, { client }) =>
        Promise.all([
          client.invalidateQueries({ queryKey: securityGroupKeys.all() }),
          client.invalidateQueries({ queryKey: instanceKeys.all() }),
        ]),
    }),
}

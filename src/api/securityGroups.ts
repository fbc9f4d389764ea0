// Security groups ({base_url}/api/v2/securitygroups).

import { endpoint, listEndpoint } from './endpoint'
import { filtersToQuery, seg, type RegionalListFilters } from './request'
import {
  securityGroupCreateSchema,
  securityGroupSchema,
  securityGroupUpdateSchema,
  type SecurityGroupRuleWrite,
} from './schemas/regional'

const collection = () => '/api/v2/securitygroups'
const item = ({ securityGroupID }: { securityGroupID: string }) => `${collection()}/${seg(securityGroupID)}`
const region = { resource: 'securityGroups', service: 'region' } as const

/**
 * Rules in wire shape: the spec's `cidr` and the platform's `prefix`, with the same value. A platform server ignores
 * `cidr`, so a rule sent with `cidr` alone would open to 0.0.0.0/0; a spec server reads `cidr`.
 */
function withWireRules<T extends { spec: { rules: SecurityGroupRuleWrite[] } }>(body: T): T {
  const rules = body.spec.rules.map((rule) => (rule.cidr === undefined ? rule : { ...rule, prefix: rule.cidr }))
  return { ...body, spec: { ...body.spec, rules } }
}

export const securityGroupApi = {
  list: listEndpoint({
    ...region,
    path: collection,
    query: (filters: RegionalListFilters) => filtersToQuery(filters),
    item: securityGroupSchema,
  }),
  detail: endpoint({ ...region, op: 'detail', method: 'GET', path: item, read: securityGroupSchema }),
  // Platform extension (not in the interface spec): create a security group on a network.
  create: endpoint({
    ...region,
    op: 'create',
    method: 'POST',
    path: collection,
    write: securityGroupCreateSchema,
    wire: withWireRules,
    read: securityGroupSchema,
    effects: { seed: (saved) => ({ securityGroupID: saved.metadata.id }), invalidates: [['securityGroups', 'list']] },
  }),
  update: endpoint({
    ...region,
    op: 'update',
    method: 'PUT',
    path: item,
    write: securityGroupUpdateSchema,
    wire: withWireRules,
    read: securityGroupSchema,
    effects: {
      seed: (_saved, { securityGroupID }) => ({ securityGroupID }),
      invalidates: [['securityGroups', 'list']],
    },
  }),
  // Platform extension (not in the interface spec): delete. The platform answers 403 while instances use it.
  // Asynchronous (202): refetched rather than dropped.
  delete: endpoint({
    ...region,
    op: 'delete',
    method: 'DELETE',
    path: item,
    effects: { invalidates: [['securityGroups']] },
  }),
}

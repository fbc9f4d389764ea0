// Security groups ({base_url}/api/v2/securitygroups).

import { projectTable } from './resource-table'
import {
  securityGroupCreateSchema,
  securityGroupSchema,
  securityGroupUpdateSchema,
  type SecurityGroupRuleWrite,
} from './schemas/regional'

/**
 * Rules in wire shape: the spec's `cidr` and the platform's `prefix`, with the same value. A platform server ignores
 * `cidr`, so a rule sent with `cidr` alone would open to 0.0.0.0/0; a spec server reads `cidr`.
 */
function withWireRules<T extends { spec: { rules: SecurityGroupRuleWrite[] } }>(body: T): T {
  const rules = body.spec.rules.map((rule) => (rule.cidr === undefined ? rule : { ...rule, prefix: rule.cidr }))
  return { ...body, spec: { ...body.spec, rules } }
}

// The platform answers a delete 403 while instances use the group.
export const securityGroupApi = projectTable('securityGroups', {
  read: securityGroupSchema,
  create: securityGroupCreateSchema,
  update: securityGroupUpdateSchema,
  wire: withWireRules,
})

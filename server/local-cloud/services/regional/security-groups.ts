import * as z from 'zod'
import type { Handler } from '../../platform/context.ts'
import { invalidRequest } from '../../platform/errors.ts'
import { newRegional, regionalResource } from '../../platform/regional-resource.ts'
import { readMetadata, updatedMeta } from '../../platform/lifecycle.ts'
import type { ResourceMeta } from '../../platform/store/records.ts'
import { envelope } from '../../platform/validate.ts'
import { rulesSchema, ruleView, toRules, type Rule } from './security-group-rules.ts'
import { registerTable } from '../../platform/store/tables.ts'

export interface SecurityGroupRecord {
  meta: ResourceMeta
  organizationId: string
  projectId: string
  regionId: string
  networkId: string
  rules: Rule[]
}

declare module '../../platform/store/tables.ts' {
  interface Tables {
    securityGroups: SecurityGroupRecord
  }
}
registerTable('securityGroups', {
  projectId: (group) => [group.projectId],
  networkId: (group) => [group.networkId],
})

function securityGroupView(group: SecurityGroupRecord, now: number) {
  return {
    metadata: {
      ...readMetadata(group.meta, now, { createdBy: true }),
      organizationId: group.organizationId,
      projectId: group.projectId,
    },
    spec: { rules: group.rules.map(ruleView) },
    status: { regionId: group.regionId, networkId: group.networkId },
  }
}

const createBody = envelope(z.object({ networkId: z.string(), rules: rulesSchema }))
const updateBody = envelope(z.object({ rules: rulesSchema }))

/** A security group belongs to a network, and takes its organization, project and region from it. */
const createSecurityGroup: Handler = async (ctx) => {
  const { metadata, spec } = await ctx.body(createBody)
  const network = ctx.store.networks.get(spec.networkId)
  if (!network || network.organizationId !== ctx.principal.organizationId || network.meta.goneAt !== undefined) {
    throw invalidRequest('network does not exist')
  }
  const rules = toRules(spec.rules)
  const { organizationId, projectId, regionId } = network
  const group: SecurityGroupRecord = {
    ...newRegional(ctx, metadata, { organizationId, projectId, regionId }),
    networkId: network.meta.id,
    rules,
  }
  ctx.store.securityGroups.set(group)
  return { status: 201, body: securityGroupView(group, ctx.now) }
}

const resource = regionalResource('securityGroups', securityGroupView, { byNetwork: true })

const updateSecurityGroup: Handler = async (ctx) => {
  const group = resource.find(ctx)
  const { metadata, spec } = await ctx.body(updateBody)
  const rules = toRules(spec.rules)
  const updated: SecurityGroupRecord = { ...group, meta: updatedMeta(ctx, group.meta, metadata), rules }
  ctx.store.securityGroups.set(updated)
  return { status: 202, body: securityGroupView(updated, ctx.now) }
}

/** Security groups, on the regional API. */
export const securityGroupRoutes = resource.routes({
  create: createSecurityGroup,
  update: updateSecurityGroup,
})

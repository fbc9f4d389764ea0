import { randomUUID } from 'node:crypto'
import type { Handler } from '../../platform/context.ts'
import { matchesFilters, readListFilters } from '../../platform/filters.ts'
import { forbidden } from '../../platform/errors.ts'
import { readMetadata } from '../../platform/lifecycle.ts'
import type { SecurityGroupRecord } from '../../platform/store/records.ts'
import { envelope, fieldError, string, writeMetadata } from '../../platform/validate.ts'
import { readRules, ruleView } from './security-group-rules.ts'
import {
  assertUniqueName,
  describeUsers,
  findOwned,
  live,
  markDeleted,
  newMeta,
  updatedMeta,
} from '../../platform/scope.ts'

export function securityGroupView(group: SecurityGroupRecord, now: number) {
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

/** A security group belongs to a network, and takes its organization, project and region from it. */
export const createSecurityGroup: Handler = async (ctx) => {
  const { metadata, spec } = envelope(await ctx.body())
  const meta = writeMetadata(metadata)
  const networkId = string(spec.networkId, '/spec/networkId')
  const network = ctx.store.networks.get(networkId)
  if (!network || network.organizationId !== ctx.principal.organizationId || network.meta.goneAt !== undefined) {
    throw fieldError('/spec/networkId', 'network does not exist')
  }
  const rules = readRules(spec.rules, '/spec/rules')
  assertUniqueName(
    [...live(ctx.store.securityGroups)].filter((g) => g.projectId === network.projectId),
    meta.name,
    'security group',
    'project',
  )
  const group: SecurityGroupRecord = {
    meta: newMeta(ctx, meta, randomUUID()),
    organizationId: network.organizationId,
    projectId: network.projectId,
    regionId: network.regionId,
    networkId: network.meta.id,
    rules,
  }
  ctx.store.securityGroups.set(group)
  ctx.store.markDirty()
  return { status: 201, body: securityGroupView(group, ctx.now) }
}

export const listSecurityGroups: Handler = (ctx) => {
  const filters = readListFilters(ctx.query, ['organizationID', 'projectID', 'regionID', 'networkID'])
  const body = []
  for (const group of ctx.store.securityGroups.values()) {
    if (matchesFilters(group, filters, ctx.principal)) body.push(securityGroupView(group, ctx.now))
  }
  return { status: 200, body }
}

export const getSecurityGroup: Handler = (ctx) => {
  const group = findOwned(ctx.store.securityGroups, ctx.params.securityGroupID ?? '', ctx.principal, 'security group')
  return { status: 200, body: securityGroupView(group, ctx.now) }
}

export const updateSecurityGroup: Handler = async (ctx) => {
  const group = findOwned(ctx.store.securityGroups, ctx.params.securityGroupID ?? '', ctx.principal, 'security group')
  const { metadata, spec } = envelope(await ctx.body())
  const meta = writeMetadata(metadata)
  const rules = readRules(spec.rules, '/spec/rules')
  assertUniqueName(
    [...live(ctx.store.securityGroups)].filter((g) => g.projectId === group.projectId),
    meta.name,
    'security group',
    'project',
    group.meta.id,
  )
  const updated: SecurityGroupRecord = { ...group, meta: updatedMeta(ctx, group.meta, meta), rules }
  ctx.store.securityGroups.set(updated)
  ctx.store.markDirty()
  return { status: 202, body: securityGroupView(updated, ctx.now) }
}

export const deleteSecurityGroup: Handler = (ctx) => {
  const group = findOwned(ctx.store.securityGroups, ctx.params.securityGroupID ?? '', ctx.principal, 'security group')
  const users = describeUsers([
    {
      kind: 'instances',
      items: [...live(ctx.store.instances)].filter((i) => i.securityGroupIds.includes(group.meta.id)),
    },
  ])
  if (users) throw forbidden(`security group ${group.meta.name} is in use and cannot be deleted: used by ${users}`)
  markDeleted(ctx, ctx.store.securityGroups, group)
  return { status: 202 }
}

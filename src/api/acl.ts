// What the caller may do in an organization: the platform's ACL ({identity_url}/api/v1/organizations/{id}/acl), read
// once per organization. Pages use it to hide navigation and to disable writes with a reason; the platform still
// decides every request. Where the platform offers no ACL (404), every action stays enabled.

import { z } from 'zod/mini'
import { transformed } from './schemas/common'
import { organizationRead } from './identity'

export type AclOperation = 'create' | 'read' | 'update' | 'delete'

// Tolerant: an operation this console does not know is kept as a string and simply never matches.
const endpointsSchema = transformed(
  z.nullable(z.array(z.looseObject({ name: z.string(), operations: z._default(z.nullable(z.array(z.string())), []) }))),
  (list) => list ?? [],
)
const projectsSchema = transformed(
  z.optional(z.nullable(z.array(z.looseObject({ id: z.string(), endpoints: endpointsSchema })))),
  (list) => list ?? [],
)
const organizationAclSchema = z.looseObject({
  id: z.string(),
  endpoints: transformed(z.optional(endpointsSchema), (list) => list ?? []),
  projects: projectsSchema,
})
// The identity document may put project grants under the organization or at the top level (`acl.projects`).
const aclSchema = z.looseObject({
  global: transformed(z.optional(endpointsSchema), (list) => list ?? []),
  organization: z.optional(organizationAclSchema),
  projects: projectsSchema,
})

export type Acl = z.output<typeof aclSchema>

export const aclApi = {
  // Platform extension (not in the interface spec): the caller's ACL in one organization.
  organization: organizationRead('acl', {
    op: 'detail',
    read: aclSchema,
    // Permissions change when an administrator moves someone between groups: rare, and the platform decides anyway.
    staleTime: 5 * 60_000,
  }),
}

/**
 * Whether the ACL grants `op` on any of `names` (the platform's endpoint names, e.g. "region:networks:v2"), globally,
 * across the organization, or in at least one project (listed under the organization or at the top level): a console
 * page spans projects, so one is enough to offer it.
 */
export function aclAllows(acl: Acl, names: readonly string[], op: AclOperation): boolean {
  const grants = (endpoints: readonly { name: string; operations: readonly string[] | null }[]) =>
    endpoints.some((e) => names.includes(e.name) && (e.operations ?? []).includes(op))
  const org = acl.organization
  return (
    grants(acl.global) ||
    acl.projects.some((p) => grants(p.endpoints)) ||
    (org !== undefined && (grants(org.endpoints) || org.projects.some((p) => grants(p.endpoints))))
  )
}

/** Whether the ACL names any of `names` at all, for any operation, anywhere in it. */
export function aclNames(acl: Acl, names: readonly string[]): boolean {
  const named = (endpoints: readonly { name: string }[]) => endpoints.some((e) => names.includes(e.name))
  const org = acl.organization
  return (
    named(acl.global) ||
    acl.projects.some((p) => named(p.endpoints)) ||
    (org !== undefined && (named(org.endpoints) || org.projects.some((p) => named(p.endpoints))))
  )
}

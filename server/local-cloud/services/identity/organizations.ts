import type { Handler } from '../../platform/context.ts'
import { organizationView, pathOrganization } from './organization.ts'

/** The organizations the caller belongs to: exactly one for every principal of the local cloud. */
export const listOrganizations: Handler = (ctx) => {
  const org = ctx.store.organizations.get(ctx.principal.organizationId)
  return { status: 200, body: org ? [organizationView(org)] : [] }
}

export const getOrganization: Handler = (ctx) => ({ status: 200, body: organizationView(pathOrganization(ctx)) })

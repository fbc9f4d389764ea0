import { catalogFor } from './models.ts'
import type { Handler } from '../../platform/context.ts'
import { Router } from '../../platform/router.ts'
import { requireOrganizationAccess } from '../../platform/scope.ts'

/** The model-endpoint listing ({aiproxy_url} = /local/aiproxy): the models an organization may use. */
const listEndpoints: Handler = (ctx) => {
  const organizationId = ctx.params.organization_id ?? ''
  requireOrganizationAccess(ctx.principal, organizationId)
  return { status: 200, body: { models: catalogFor(organizationId) } }
}

export function aiproxyRouter(): Router<Handler> {
  return new Router<Handler>().add('GET', '/organizations/:organization_id/endpoints', listEndpoints)
}

import { ANY_MEMBER } from '../../platform/requirement.ts'
import { route, type Handler } from '../../platform/context.ts'
import { requireOrganizationAccess } from '../../platform/scope.ts'
import { catalogFor } from './models.ts'

/** The model-endpoint listing ({aiproxy_url} = /local/aiproxy): the models an organization may use. */
const listEndpoints: Handler = (ctx) => {
  const organizationId = ctx.params.organization_id ?? ''
  requireOrganizationAccess(ctx.principal, organizationId)
  return { status: 200, body: { models: catalogFor(organizationId) }, validUntil: Number.POSITIVE_INFINITY }
}

export const aiproxyRoutes = [route('GET', '/organizations/:organization_id/endpoints', ANY_MEMBER, listEndpoints)]

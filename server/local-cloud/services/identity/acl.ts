import { ANY_MEMBER } from '../../platform/requirement.ts'
import { route, type Handler } from '../../platform/context.ts'
import { aclDocument, permissionsOf } from '../../platform/permissions.ts'
import { pathOrganization } from './organizations.ts'

/**
 * What the caller may do in the organization (`GET …/organizations/{organizationID}/acl`), from the roles of the
 * groups that list it: endpoints granted across the organization, and per project those its groups are linked to.
 * Every member may ask; another organization's ACL is refused like the rest of it.
 */
const getAcl: Handler = (ctx) => {
  pathOrganization(ctx)
  return { status: 200, body: aclDocument(permissionsOf(ctx.store, ctx.principal)) }
}

const org = '/api/v1/organizations/:organizationID'
/** The caller's permissions in an organization. */
export const aclRoutes = [route('GET', `${org}/acl`, ANY_MEMBER, getAcl)]

import { aclRoutes } from './acl.ts'
import { groupRoutes } from './groups.ts'
import { oauth2ProviderRoutes } from './oauth2-providers.ts'
import { organizationRoutes } from './organizations.ts'
import { projectRoutes } from './projects.ts'
import { quotaRoutes } from './quotas.ts'
import { serviceAccountRoutes } from './service-accounts.ts'
import { userRoutes } from './users.ts'
import { identityVersionRoutes } from '../version.ts'

/** The identity API ({identity_url} = /local/identity): each resource's file declares its own routes. */
export const identityRoutes = [
  ...organizationRoutes,
  ...aclRoutes,
  ...userRoutes,
  ...serviceAccountRoutes,
  ...groupRoutes,
  ...quotaRoutes,
  ...projectRoutes,
  ...oauth2ProviderRoutes,
  ...identityVersionRoutes,
]

import { organizationApi } from '../../api/identity'
import { oauth2ProviderApi } from '../../api/oauth2Providers'
import { readOf } from '../../api/read'

/**
 * The organization's page and its edit form: the organization (its own GET), and its identity providers, which the
 * page names the one its people sign in through from and the form offers. The pages build their queries from these,
 * and the console server asks the same with the page's HTML (server/console/bootstrap.ts; src/api/read.ts says why).
 */
export function organizationReads(organizationID: string) {
  return {
    organization: readOf(organizationApi.detail, { organizationID }),
    providers: readOf(oauth2ProviderApi.list, { organizationID }),
  }
}

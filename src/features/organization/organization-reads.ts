import { organizationApi } from '../../api/identity'
import { oauth2ProviderApi } from '../../api/oauth2Providers'
import { readOf } from '../../api/read'
import { versionApi } from '../../api/versions'

/**
 * The organization's page and its edit form: the organization (its own GET), its identity providers, which the
 * page names the one its people sign in through from and the form offers, and the version each service reports. The pages build their queries from these,
 * and the console server asks the same with the page's HTML (server/console/bootstrap.ts; src/api/read.ts says why).
 */
export function organizationReads(organizationID: string) {
  return {
    organization: readOf(organizationApi.detail, { organizationID }),
    providers: readOf(oauth2ProviderApi.list, { organizationID }),
    // Which release each service runs, for the page's "Platform versions".
    regionVersion: readOf(versionApi.region, { service: 'region' }),
    computeVersion: readOf(versionApi.compute, { service: 'compute' }),
    identityVersion: readOf(versionApi.identity, { service: 'identity' }),
    storageVersion: readOf(versionApi.storage, { service: 'storage' }),
  }
}

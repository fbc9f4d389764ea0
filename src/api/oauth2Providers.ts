// The organization's own identity providers ({identity_url}/api/v1/organizations/{organizationID}/oauth2providers).
// The platform serves no GET of one: a provider's page picks it from the list (selectedFromList). Update and delete
// answer 200 with no body. The client secret goes out in the writes and never comes back: it is marked sensitive,
// so no preview, log line or activity entry echoes it.

import { endpoint, listEndpoint, selectedFromList } from './endpoint'
import type { OrganizationScope } from './regions'
import { seg } from './request'
import { oauth2ProviderSchema, oauth2ProviderWriteSchema } from './schemas/oauth2Providers'

interface ProviderRef extends OrganizationScope {
  providerID: string
}
const providers = ({ organizationID }: OrganizationScope) =>
  `/api/v1/organizations/${seg(organizationID)}/oauth2providers`
const provider = (ref: ProviderRef) => `${providers(ref)}/${seg(ref.providerID)}`
const identity = { service: 'identity', resource: 'oauth2Providers' } as const
const SECRET = ['spec.clientSecret']

const providerList = listEndpoint({ ...identity, path: providers, item: oauth2ProviderSchema })

export const oauth2ProviderApi = {
  list: providerList,
  detail: selectedFromList({
    resource: 'oauth2Providers',
    list: providerList,
    listParams: ({ organizationID }: ProviderRef) => ({ organizationID }),
    id: (ref) => ref.providerID,
    missing: (ref) => `There is no identity provider ${ref.providerID} in this organization.`,
  }),
  // 201 with the provider, its secret left out.
  create: endpoint({
    ...identity,
    op: 'create',
    method: 'POST',
    path: providers,
    write: oauth2ProviderWriteSchema,
    sensitive: SECRET,
    read: oauth2ProviderSchema,
    effects: { invalidates: [['oauth2Providers', 'list']] },
  }),
  // The whole provider is replaced: a secret left out is cleared.
  update: endpoint({
    ...identity,
    op: 'update',
    method: 'PUT',
    path: provider,
    write: oauth2ProviderWriteSchema,
    sensitive: SECRET,
    effects: { invalidates: [['oauth2Providers']] },
  }),
  // 403 while the organization signs in through it.
  delete: endpoint({
    ...identity,
    op: 'delete',
    method: 'DELETE',
    path: provider,
    effects: { invalidates: [['oauth2Providers', 'list']] },
  }),
}

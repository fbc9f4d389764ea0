import { z } from 'zod/mini'
import { oauth2ProviderApi } from '../../api/oauth2Providers'
import type { OAuth2Provider, OAuth2ProviderWrite } from '../../api/schemas/oauth2Providers'
import { PROVIDER_TYPES } from '../../api/schemas/oauth2Providers'
import { formWrite, pathsOf, type Wire } from '../../lib/form-wire'
import { resourceDescription, resourceName } from '../../lib/validation'

// Create and update take the whole provider: its name and description, what kind of provider it is, where it is (the
// issuer) and the client the organization registered there. The platform replaces the provider whole on update, so a
// secret left out would be cleared: the form asks for it every time, and never shows one back.

/** The issuer is where OIDC discovery starts: an https URL. */
const issuerUrl = z.string().check(
  z.trim(),
  z.refine((value) => {
    try {
      return new URL(value).protocol === 'https:'
    } catch {
      return false
    }
  }, 'Enter the issuer’s https URL, such as https://example.okta.com.'),
)

const required = (message: string) => z.string().check(z.trim(), z.minLength(1, message))

export const providerForm = z.object({
  name: resourceName,
  description: resourceDescription,
  // 'oidc' is the document's type left out: any OpenID Connect issuer.
  type: z.enum(['oidc', ...PROVIDER_TYPES]),
  issuer: issuerUrl,
  clientID: required('Enter the client ID the provider gave this organization.'),
  clientSecret: required('Enter the client secret: the platform keeps only what is sent.'),
})

export type ProviderValues = z.input<typeof providerForm>

export const createDefaults: ProviderValues = {
  name: '',
  description: '',
  type: 'oidc',
  issuer: '',
  clientID: '',
  clientSecret: '',
}

/** The provider as read, its secret left empty: the platform never reads it back. */
export function updateDefaults(provider: OAuth2Provider): ProviderValues {
  const type = PROVIDER_TYPES.find((known) => known === provider.spec.type) ?? 'oidc'
  return {
    name: provider.metadata.name,
    description: provider.metadata.description ?? '',
    type,
    issuer: provider.spec.issuer ?? '',
    clientID: provider.spec.clientID,
    clientSecret: '',
  }
}

export function toWire(values: ProviderValues): Wire<OAuth2ProviderWrite, ProviderValues> {
  const description = values.description.trim()
  return {
    body: {
      metadata: { name: values.name.trim(), ...(description ? { description } : {}) },
      spec: {
        ...(values.type !== 'oidc' ? { type: values.type } : {}),
        issuer: values.issuer.trim(),
        clientID: values.clientID.trim(),
        clientSecret: values.clientSecret.trim(),
      },
    },
    pathOf: pathsOf({
      'metadata.name': 'name',
      'metadata.description': 'description',
      'spec.type': 'type',
      'spec.issuer': 'issuer',
      'spec.clientID': 'clientID',
      'spec.clientSecret': 'clientSecret',
    }),
  }
}

export const providerCreate = formWrite({ schema: providerForm, endpoint: oauth2ProviderApi.create, wire: toWire })

import type { PROVIDER_TYPES } from '../../api/schemas/oauth2Providers'

/** How the console names the document's provider types; a provider without one is any OIDC issuer. */
export const PROVIDER_TYPE_LABELS: Record<'oidc' | (typeof PROVIDER_TYPES)[number], string> = {
  oidc: 'Any OpenID Connect provider',
  google: 'Google',
  microsoft: 'Microsoft',
  github: 'GitHub',
}

/** A type the platform answers, worded; one this console does not know, as the platform spells it. */
export const typeLabel = (type: string | undefined): string =>
  type === undefined ? PROVIDER_TYPE_LABELS.oidc : ((PROVIDER_TYPE_LABELS as Record<string, string>)[type] ?? type)

import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { join } from 'node:path'
import type { JWK } from 'oidc-provider'
import { readTextIfExists, writeFileAtomic } from '../../../platform/store/atomic-file.ts'

export interface ProviderSecrets {
  /** The ID-token signing key (private JWK). */
  signingKey: JWK
  /** Signs the provider's own cookies. */
  cookieKey: string
  /** The console's client secret, unless OIDC_CLIENT_SECRET gives one. */
  clientSecret: string
}

const SECRETS_FILE = 'oidc-secrets.json'

/** Generated once and kept in the data dir beside the tokens, so ID tokens and sign-ins outlive a restart. */
export async function loadSecrets(dataDir: string | undefined): Promise<ProviderSecrets> {
  const path = dataDir === undefined ? undefined : join(dataDir, SECRETS_FILE)
  const text = path ? await readTextIfExists(path) : null
  if (text) {
    try {
      const stored = JSON.parse(text) as Partial<ProviderSecrets>
      if (stored.signingKey && stored.cookieKey && stored.clientSecret) return stored as ProviderSecrets
    } catch {
      // Regenerated below: existing sign-ins end, nothing else is lost.
    }
  }
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const secrets: ProviderSecrets = {
    signingKey: {
      ...(privateKey.export({ format: 'jwk' }) as JWK),
      kid: randomBytes(8).toString('hex'),
      alg: 'RS256',
      use: 'sig',
    },
    cookieKey: randomBytes(32).toString('base64url'),
    clientSecret: randomBytes(32).toString('base64url'),
  }
  if (path) await writeFileAtomic(path, `${JSON.stringify(secrets, null, 2)}\n`)
  return secrets
}

import { generateKeyPair, randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { JWK } from 'oidc-provider'
import { readTextIfExists, writeFileAtomic } from '../../../platform/store/atomic-file.ts'

export interface ProviderSecrets {
  /** The ID-token signing key (private JWK); made on the provider's first use, see `withSigningKey`. */
  signingKey?: JWK
  /** Signs the provider's own cookies. */
  cookieKey: string
  /** The console's client secret, unless OIDC_CLIENT_SECRET gives one. */
  clientSecret: string
}

const SECRETS_FILE = 'oidc-secrets.json'
const secretsPath = (dataDir: string | undefined) => (dataDir === undefined ? undefined : join(dataDir, SECRETS_FILE))

/**
 * Generated once and kept in the data dir beside the tokens, so ID tokens and sign-ins outlive a restart. The random
 * secrets are made here; the RSA key, slow to generate, only when the provider first serves a request.
 */
export async function loadSecrets(dataDir: string | undefined): Promise<ProviderSecrets> {
  const path = secretsPath(dataDir)
  const text = path ? await readTextIfExists(path) : null
  if (text) {
    try {
      const stored = JSON.parse(text) as Partial<ProviderSecrets>
      if (stored.cookieKey && stored.clientSecret) return stored as ProviderSecrets
    } catch {
      // Regenerated below: existing sign-ins end, nothing else is lost.
    }
  }
  const secrets: ProviderSecrets = {
    cookieKey: randomBytes(32).toString('base64url'),
    clientSecret: randomBytes(32).toString('base64url'),
  }
  if (path) await save(path, secrets)
  return secrets
}

/** The secrets with a signing key, generated off the event loop and stored when they had none. */
export async function withSigningKey(
  dataDir: string | undefined,
  secrets: ProviderSecrets,
): Promise<ProviderSecrets & { signingKey: JWK }> {
  if (secrets.signingKey) return { ...secrets, signingKey: secrets.signingKey }
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 })
  const signingKey: JWK = {
    ...(privateKey.export({ format: 'jwk' }) as JWK),
    kid: randomBytes(8).toString('hex'),
    alg: 'RS256',
    use: 'sig',
  }
  const complete = { ...secrets, signingKey }
  const path = secretsPath(dataDir)
  if (path) await save(path, complete)
  return complete
}

const save = (path: string, secrets: ProviderSecrets) => writeFileAtomic(path, `${JSON.stringify(secrets, null, 2)}\n`)

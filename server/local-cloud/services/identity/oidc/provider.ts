import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider'
import { demoPerson } from '../../../demo/people.ts'
import type { Principal } from '../../../platform/auth.ts'
import { HOOK_REFUSAL } from '../../../platform/test-hooks.ts'
import { loadSecrets, withSigningKey, type ProviderSecrets } from './keys.ts'
import { SIGN_IN_FONT, errorPage, signInCss, signInPage } from './pages.ts'
import { OidcState, adapterFor } from './state.ts'

/** Where the identity service is mounted in the local cloud; the provider's paths are the platform's, under it. */
const IDENTITY_MOUNT = '/local/identity'
const INTERACTION = '/oauth2/v2/interaction'
const TESTING = '/testing/oidc'
const SCOPES = ['openid', 'email', 'profile', 'offline_access']

export interface OidcClientRegistration {
  clientId: string
  /** Generated once and kept in the data dir when not given. */
  clientSecret?: string
  redirectUris: string[]
}

export interface OidcProviderOptions {
  /** The identity base URL as the console and browsers see it, e.g. http://localhost:8080/local/identity. */
  issuer: string
  client: OidcClientRegistration
  /** LOCAL_CLOUD_ACCESS_TOKEN_SECONDS, default 3600 as on the platform. */
  accessTokenSeconds: number
  /** Undefined: state in memory only. */
  dataDir: string | undefined
  /**
   * LOCAL_CLOUD_TEST_HOOKS: serves /local/identity/testing/oidc (refresh count, revoking a person's grants) to callers
   * this accepts (the admin token's holders).
   */
  testHooks: ((authorization: string | undefined) => boolean) | undefined
}

export interface LocalOidcProvider {
  /** Whether a request path (without query) belongs to the provider. */
  owns(path: string): boolean
  /** Node handler for the provider's paths (the full path, /local/identity/…). */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>
  /** The principal an access token speaks for, or null when it is unknown, expired or revoked. */
  authenticate(token: string, now: number): Principal | null
  clientSecret: string
  /** Successful refresh-token grants since start (tests read it). */
  refreshes(): number
  /**
   * The token endpoint's next `count` calls answer 500 in the OAuth error shape, as a provider failing for a moment
   * does (tests use it); the calls after them are served again.
   */
  failTokenCalls(count: number): void
  /** Ends every grant of a person: their refresh and access tokens stop working (tests use it). */
  revokeGrantsOf(email: string): Promise<number>
  close(): Promise<void>
}

export async function createOidcProvider(options: OidcProviderOptions): Promise<LocalOidcProvider> {
  const secrets = await loadSecrets(options.dataDir)
  // Tokens are checked from the first request on; the provider itself is built when it first serves one.
  const state = await OidcState.open(options.dataDir)
  const clientSecret = options.client.clientSecret || secrets.clientSecret
  const cssHref = `${IDENTITY_MOUNT}${INTERACTION}/signin.css`
  const issuerScheme = new URL(options.issuer).protocol.slice(0, -1)
  let refreshes = 0
  let built: ReturnType<typeof buildProvider> | undefined
  const providerNow = () => (built ??= buildProvider(options, state, secrets, clientSecret, cssHref, () => refreshes++))

  async function interaction(req: IncomingMessage, res: ServerResponse, rest: string): Promise<void> {
    if (rest === '/signin.css')
      return send(res, 200, 'text/css; charset=utf-8', signInCss(`${IDENTITY_MOUNT}${INTERACTION}${SIGN_IN_FONT}`))
    if (rest === SIGN_IN_FONT) return sendFont(res)
    const { provider } = await providerNow()
    try {
      const details = await provider.interactionDetails(req, res)
      if (req.method === 'GET') {
        const client = await provider.Client.find(String(details.params.client_id))
        return send(
          res,
          200,
          'text/html; charset=utf-8',
          signInPage({
            action: `${IDENTITY_MOUNT}${INTERACTION}/${details.uid}`,
            cssHref,
            clientName: client?.clientName ?? 'An application',
          }),
        )
      }
      if (req.method !== 'POST') return send(res, 405, 'text/plain; charset=utf-8', 'Method not allowed')
      const email = new URLSearchParams(await readBody(req)).get('email') ?? ''
      if (!demoPerson(email))
        return send(
          res,
          400,
          'text/html; charset=utf-8',
          errorPage(cssHref, 'Unknown person', 'Choose a listed person.'),
        )
      // The console is a first-party client: its grant is given at sign-in, with no consent screen.
      const grant = new provider.Grant({ accountId: email, clientId: String(details.params.client_id) })
      grant.addOIDCScope(SCOPES.join(' '))
      const grantId = await grant.save()
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: email }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      )
    } catch (error) {
      const description = error instanceof Error ? error.message : 'The sign-in request is no longer valid.'
      send(res, 400, 'text/html; charset=utf-8', errorPage(cssHref, 'Sign-in expired', description))
    }
  }

  let failingTokenCalls = 0

  async function testing(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method === 'GET') return send(res, 200, 'application/json', JSON.stringify({ refreshes }))
    const email = new URLSearchParams(await readBody(req)).get('email') ?? ''
    const revoked = await revokeGrantsOf(email)
    send(res, 200, 'application/json', JSON.stringify({ revoked }))
  }

  async function revokeGrantsOf(email: string): Promise<number> {
    const grants = [...state.find('Grant', (p) => p.accountId === email)].map(([id]) => id)
    for (const grantId of grants) {
      for (const model of ['AccessToken', 'RefreshToken', 'AuthorizationCode'])
        for (const [id] of [...state.find(model, (p) => p.grantId === grantId)]) state.delete(model, id)
      state.delete('Grant', grantId)
    }
    return grants.length
  }

  const owns = (path: string) =>
    path === `${IDENTITY_MOUNT}/.well-known/openid-configuration` ||
    path.startsWith(`${IDENTITY_MOUNT}/oauth2/`) ||
    (options.testHooks !== undefined && path === `${IDENTITY_MOUNT}${TESTING}`)

  return {
    owns,
    async handle(req, res) {
      // Served only under its issuer, whose scheme is the browser's: behind a load balancer that terminates TLS (and
      // on the console's loopback calls) requests arrive over http for an https issuer. The provider takes the scheme
      // from the issuer, so it advertises https endpoints and marks its cookies Secure; never a forwarded host.
      req.headers['x-forwarded-proto'] = issuerScheme
      delete req.headers['x-forwarded-host']
      const url = req.url ?? '/'
      const path = url.split('?')[0] ?? '/'
      if (path.startsWith(`${IDENTITY_MOUNT}${INTERACTION}/`))
        return interaction(req, res, path.slice(`${IDENTITY_MOUNT}${INTERACTION}`.length))
      if (options.testHooks && path === `${IDENTITY_MOUNT}${TESTING}`)
        return options.testHooks(req.headers.authorization)
          ? testing(req, res)
          : send(res, 401, 'application/json', JSON.stringify(HOOK_REFUSAL))
      if (failingTokenCalls > 0 && req.method === 'POST' && path === `${IDENTITY_MOUNT}/oauth2/v2/token`) {
        failingTokenCalls--
        const body = { error: 'server_error', error_description: 'the token service is temporarily unavailable' }
        return send(res, 500, 'application/json', JSON.stringify(body))
      }
      // Mounted like Express would: the provider derives its mount path from originalUrl minus url.
      const { callback } = await providerNow()
      Object.assign(req, { originalUrl: url })
      req.url = url.slice(IDENTITY_MOUNT.length) || '/'
      await callback(req, res)
    },
    authenticate(token, now) {
      const payload = state.get('AccessToken', token, now)
      if (!payload || typeof payload.exp !== 'number' || payload.exp * 1000 <= now) return null
      const person = typeof payload.accountId === 'string' ? demoPerson(payload.accountId) : undefined
      return person ? { organizationId: person.organizationId, subject: person.email } : null
    },
    clientSecret,
    refreshes: () => refreshes,
    failTokenCalls: (count) => void (failingTokenCalls = count),
    revokeGrantsOf,
    close: () => state.flush(),
  }
}

const RUNTIME_WARNING = 'oidc-provider WARNING: Unsupported runtime.'

/**
 * oidc-provider 9 warns at import on any Node older than 22 LTS. It is the library's only maintained line (8.x had its
 * last release in October 2025), it runs on Node 20, our engines' floor, with every OpenID test passing, so that one
 * line, printed on every first sign-in, is dropped; any other warning passes through.
 */
async function importOidcProvider() {
  const warn = console.warn
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] !== 'string' || !args[0].startsWith(RUNTIME_WARNING)) warn(...args)
  }
  try {
    return await import('oidc-provider')
  } finally {
    console.warn = warn
  }
}

/** The provider and its Node callback: oidc-provider and the signing key load only when a sign-in needs them. */
async function buildProvider(
  options: OidcProviderOptions,
  state: OidcState,
  secrets: ProviderSecrets,
  clientSecret: string,
  cssHref: string,
  onRefresh: () => void,
) {
  // The named export, not the default: in the server bundle this import() is a require() (server/bundle.mjs), whose
  // module object's default is the namespace itself.
  const [{ Provider }, { signingKey }] = await Promise.all([
    importOidcProvider(),
    withSigningKey(options.dataDir, secrets),
  ])
  const configuration: Configuration = {
    adapter: adapterFor(state),
    clients: [
      {
        client_id: options.client.clientId,
        client_secret: clientSecret,
        client_name: 'Cloud Console',
        redirect_uris: options.client.redirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    scopes: SCOPES,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    routes: {
      authorization: '/oauth2/v2/authorization',
      token: '/oauth2/v2/token',
      userinfo: '/oauth2/v2/userinfo',
      jwks: '/oauth2/v2/jwks',
      revocation: '/oauth2/v2/revoke',
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true, allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId },
      // Sign-out revokes the console's refresh token; the provider's own session never signs anyone in silently,
      // since the console always asks for the sign-in page (prompt=login).
      rpInitiatedLogout: { enabled: false },
    },
    jwks: { keys: [signingKey] },
    cookies: { keys: [secrets.cookieKey] },
    ttl: {
      AccessToken: options.accessTokenSeconds,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 600,
      RefreshToken: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
      Session: 14 * 24 * 3600,
    },
    // Single use, as on the platform: every refresh hands out a new refresh token and spends the old one.
    rotateRefreshToken: true,
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    interactions: { url: (_ctx, interaction) => `${IDENTITY_MOUNT}${INTERACTION}/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const person = demoPerson(sub)
      if (!person) return undefined
      return {
        accountId: person.email,
        claims: () => ({ sub: person.email, email: person.email, email_verified: true, name: person.name }),
      }
    },
    renderError: (ctx, out) => {
      ctx.type = 'html'
      ctx.body = errorPage(cssHref, 'Sign-in failed', String(out.error_description ?? out.error ?? 'Unknown error'))
    },
  }
  const provider = new Provider(options.issuer, configuration)
  // Reads the scheme `handle` set from the issuer (X-Forwarded-Proto).
  provider.proxy = true
  provider.on('grant.success', (ctx: KoaContextWithOIDC) => {
    if (ctx.oidc.params?.grant_type === 'refresh_token') onRefresh()
  })
  // On the platform a refresh ends the access token it replaces: one live access token per grant.
  provider.on('access_token.saved', (token) => {
    if (!token.grantId) return
    for (const [id] of [...state.find('AccessToken', (p) => p.grantId === token.grantId)])
      if (id !== token.jti) state.delete('AccessToken', id)
  })
  return { provider, callback: provider.callback() }
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' })
  res.end(body)
}

// The console's text font as its package ships it (the console's own build cuts it; this page is rarely seen).
let font: Promise<Buffer> | undefined
async function sendFont(res: ServerResponse): Promise<void> {
  try {
    const bytes = await (font ??= readFile(
      createRequire(import.meta.url).resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'),
    ))
    res.writeHead(200, { 'content-type': 'font/woff2', 'cache-control': 'public, max-age=86400' })
    res.end(bytes)
  } catch {
    font = undefined
    send(res, 404, 'text/plain; charset=utf-8', 'No font is installed.')
  }
}

const MAX_FORM_BYTES = 16 * 1024

async function readBody(req: IncomingMessage): Promise<string> {
  let text = ''
  for await (const chunk of req) {
    text += String(chunk)
    if (text.length > MAX_FORM_BYTES) throw new Error('The form is too large.')
  }
  return text
}

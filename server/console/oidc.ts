import type * as Client from 'openid-client'
import { ConsoleError } from './errors.ts'

export interface OidcSettings {
  issuer: string
  clientId: string
  clientSecret: string
  /** `${PUBLIC_URL}/console/oidc/callback`. */
  redirectUri: string
  /** How the sign-in button names the provider. */
  providerName: string
}

/** What the console keeps from a token answer, in the session. */
export interface OidcTokens {
  token: string
  refreshToken?: string
  /** Epoch ms; absent when the provider did not say. */
  accessExpiresAt?: number
  idToken?: string
  /** Who signed in, from the ID token's claims or the provider's userinfo: shown in the account menu. */
  person?: Person
  /** The ID token's `sub` (sign-in only): the principal for the sign-in limits. */
  subject?: string
}

export interface Person {
  name?: string
  email?: string
  /** The ID token's `sub`, kept only when the provider gives neither name nor e-mail: who signed in, all the same. */
  subject?: string
}

/** The per-sign-in secrets the callback checks, kept in a short-lived HttpOnly cookie between start and callback. */
export interface PendingSignIn {
  state: string
  nonce: string
  verifier: string
  /** The flow runs in a popup the SPA opened for the in-place sign-in. */
  popup: boolean
}

// Loaded on the first sign-in or refresh, not at start: most requests never need it.
let loaded: Promise<typeof Client> | undefined
const openidClient = () => (loaded ??= import('openid-client'))

/**
 * Whether a failed refresh was the provider refusing the token (spent, revoked, expired: a 4xx such as invalid_grant),
 * not a provider that could not be reached or failed for a moment (a 5xx, even in the OAuth error shape).
 */
export async function refusedByProvider(error: unknown): Promise<boolean> {
  const { ResponseBodyError } = await openidClient()
  return error instanceof ResponseBodyError && error.status >= 400 && error.status < 500 && error.status !== 429
}

const SCOPE = 'openid email profile offline_access'
/** Refresh this long before the access token expires, so a request in flight never carries an expired one. */
const REFRESH_AHEAD_MS = 60_000

/**
 * The console as an OpenID Connect relying party, on openid-client: authorization code with PKCE (S256), state and
 * nonce, client_secret_post. The provider's metadata is discovered on first use and again after a failure.
 */
export class OidcClient {
  private configuration: Promise<Client.Configuration> | undefined

  /** The provider's access-token lifetime, as its last token answer gave it. */
  private lifetimeMs: number | undefined

  get providerName(): string {
    return this.settings.providerName
  }

  /** The issuer and the console's client id: public, and what a kubeconfig's exec plugin signs in with. */
  get publicSettings(): { issuer: string; clientId: string } {
    return { issuer: this.settings.issuer, clientId: this.settings.clientId }
  }

  /**
   * How long before expiry to refresh: a minute, or a quarter of the token's lifetime when that is shorter (a
   * 5-second token in tests would otherwise be refreshed on every request).
   */
  refreshAheadMs(): number {
    return Math.min(REFRESH_AHEAD_MS, (this.lifetimeMs ?? Infinity) / 4)
  }

  constructor(
    readonly settings: OidcSettings,
    /** How the console reaches the provider: over loopback for the embedded one, else `fetch`. */
    private readonly fetchImpl?: (url: string, init: RequestInit) => Promise<Response>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The issuer is http only on the embedded local cloud or a developer's own provider. */
  private discover(): Promise<Client.Configuration> {
    this.configuration ??= (async () => {
      const issuer = new URL(this.settings.issuer)
      const client = await openidClient()
      const options: Client.DiscoveryRequestOptions = {}
      if (this.fetchImpl) {
        const fetchImpl = this.fetchImpl
        options[client.customFetch] = (url, init) => fetchImpl(url, init as RequestInit)
      }
      if (issuer.protocol === 'http:') options.execute = [client.allowInsecureRequests]
      return client.discovery(
        issuer,
        this.settings.clientId,
        undefined,
        client.ClientSecretPost(this.settings.clientSecret),
        options,
      )
    })()
    this.configuration.catch(() => (this.configuration = undefined))
    return this.configuration.catch((error: unknown) => {
      throw unreachable(this.settings.issuer, error)
    })
  }

  async start(popup: boolean): Promise<{ url: URL; pending: PendingSignIn }> {
    const config = await this.discover()
    const client = await openidClient()
    const pending: PendingSignIn = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier: client.randomPKCECodeVerifier(),
      popup,
    }
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.settings.redirectUri,
      scope: SCOPE,
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: 'S256',
      // The provider always asks who is signing in: the in-place sign-in may be someone else taking over.
      prompt: 'login',
    })
    return { url, pending }
  }

  /** Exchanges the code; openid-client checks state, PKCE, and the ID token (signature, issuer, audience, nonce). */
  async callback(currentUrl: URL, pending: PendingSignIn): Promise<OidcTokens> {
    const config = await this.discover()
    const client = await openidClient()
    const tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    })
    const subject = tokens.claims()?.sub
    return { ...this.kept(tokens), ...(await this.person(config, client, tokens)), ...(subject ? { subject } : {}) }
  }

  /**
   * The name and e-mail of who signed in. Providers that conform to the spec leave profile claims out of an ID token
   * issued beside an access token, so userinfo is asked when the ID token has neither; if it fails, the sign-in
   * still stands and the menu names the subject.
   */
  private async person(
    config: Client.Configuration,
    client: typeof Client,
    tokens: Client.TokenEndpointResponse & Client.TokenEndpointResponseHelpers,
  ): Promise<{ person?: Person }> {
    const claims = tokens.claims()
    let found = personOf(claims)
    if (!found && claims?.sub && config.serverMetadata().userinfo_endpoint) {
      try {
        found = personOf(await client.fetchUserInfo(config, tokens.access_token, claims.sub))
      } catch (cause) {
        console.warn('OpenID Connect userinfo refused; the account menu will not name the user', cause)
      }
    }
    // A provider that sends only `sub` still signed a person in: the subject names them, never a token session.
    found ??= claims?.sub ? { subject: claims.sub } : undefined
    return found ? { person: found } : {}
  }

  async refresh(refreshToken: string): Promise<OidcTokens> {
    const config = await this.discover()
    const client = await openidClient()
    const tokens = await client.refreshTokenGrant(config, refreshToken)
    return { refreshToken, ...this.kept(tokens) }
  }

  /** Ends the refresh token at the provider when it offers revocation; a failure leaves only the server session ended. */
  async revoke(refreshToken: string): Promise<void> {
    const config = await this.discover()
    const client = await openidClient()
    if (!config.serverMetadata().revocation_endpoint) return
    await client.tokenRevocation(config, refreshToken, { token_type_hint: 'refresh_token' })
  }

  private kept(tokens: Client.TokenEndpointResponse & Client.TokenEndpointResponseHelpers): OidcTokens {
    const expiresIn = tokens.expiresIn()
    if (expiresIn !== undefined) this.lifetimeMs = expiresIn * 1000
    return {
      token: tokens.access_token,
      ...(tokens.refresh_token ? { refreshToken: tokens.refresh_token } : {}),
      ...(expiresIn !== undefined ? { accessExpiresAt: this.now() + expiresIn * 1000 } : {}),
      ...(tokens.id_token ? { idToken: tokens.id_token } : {}),
    }
  }
}

function unreachable(issuer: string, error: unknown): ConsoleError {
  console.error('OpenID provider discovery failed', error)
  return new ConsoleError(
    502,
    'upstream_unreachable',
    `The sign-in provider at ${issuer} could not be reached or did not answer as an OpenID provider.`,
  )
}

function personOf(claims: Record<string, unknown> | undefined): Person | undefined {
  const name = typeof claims?.name === 'string' && claims.name ? claims.name : undefined
  const email = typeof claims?.email === 'string' && claims.email ? claims.email : undefined
  return name || email ? { ...(name ? { name } : {}), ...(email ? { email } : {}) } : undefined
}

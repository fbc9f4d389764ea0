// Reads the console server's configuration from the environment. Every variable is documented in docs/configuration.md.
import { isIP } from 'node:net'

import { SERVICE_KEYS, SERVICE_SETTINGS, SERVICES as DECLARED, type Service } from '../src/api/services.ts'

export type { Service }

/** The upstream services, as `src/api/services.ts` declares them. */
export const SERVICES: readonly Service[] = SERVICE_KEYS

/** Each service's URL setting, as `src/api/services.ts` declares it. */
export const UPSTREAM_ENV = SERVICE_SETTINGS

export interface ConsoleConfig {
  port: number
  host: string
  /** The origin users open, used for display (request previews) and the Origin check. */
  publicUrl: string
  /** Upstream base URL per service, as users and curl see it. */
  upstreams: Record<Service, string>
  /** Services served by the embedded local cloud (their env var was not set). */
  embedded: Service[]
  sessionIdleMs: number
  /** Absolute lifetime of a session, however active it is. */
  sessionMaxMs: number
  /**
   * Sessions one server keeps at most (memory store); past it a sign-in ends the oldest session of the organization
   * (or person) holding the most, and only that holder's own newcomer is answered 503.
   */
  maxSessions: number
  /** Demo sign-ins one client may make per minute. */
  demoSignInsPerMinute: number
  /** Sign-ins (a pasted token, OpenID Connect) per minute per client address, and per principal. */
  signInsPerMinute: number
  /** SIGNINS_PER_MINUTE_PER_ORGANIZATION: token sign-ins per minute for all the tokens of one organization. */
  signInsPerMinutePerOrganization: number
  /** Sessions one principal keeps; its sign-in beyond ends its oldest. */
  sessionsPerPrincipal: number
  /** Whole-request deadline for an upstream call, body included. */
  upstreamTimeoutMs: number
  secureCookies: boolean
  distDir: string
  /** Source maps are built but only served when SERVE_SOURCE_MAPS=true. */
  serveSourceMaps: boolean
  /** redis:// or rediss:// URL of a shared session store; unset keeps sessions in this process's memory. */
  sessionStoreUrl?: string
  /** Seals tokens in the shared session store; required with sessionStoreUrl. */
  sessionSecret?: string
  /** Each call to the shared session store must answer within this, or the request gets a 503 naming the store. */
  sessionStoreTimeoutMs: number
  /** Honour X-Forwarded-Proto and X-Forwarded-For from the load balancer in front. */
  trustProxy: boolean
  /** The adaptive concurrency limit's floor and ceiling: requests the process works on at once (admission.ts). */
  admissionMinLimit: number
  admissionMaxLimit: number
  /** A read is refused when it would wait this long for its turn (turns.ts) (ms). */
  admissionQueueWaitMs: number
  /** Requests one principal (a token, a person) may have under way across all its sessions. */
  inFlightPerPrincipal: number
  /** How long SIGTERM waits for requests in flight before exiting anyway. */
  shutdownGraceMs: number
  /** pino's level for the request log and server messages. */
  logLevel: string
  /** OpenID Connect sign-in; off when the identity API is real and OIDC_CLIENT_ID is unset. */
  oidc?: OidcConfig
  /** A request's headers must arrive within this; a connection that sends nothing is closed after it. */
  headersTimeoutMs: number
  /** A whole request, body included, must arrive within this. */
  requestTimeoutMs: number
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number
  /** METRICS_ALLOW: the addresses (IPs or CIDR ranges) GET /metrics answers; loopback by default. */
  metricsAllow: string[]
  /**
   * ACTIVITY_MAX_ENTRIES: the activity log's accepted writes kept per organization, the oldest dropped first; its
   * refused writes are kept beside them up to a tenth of this.
   */
  activityMaxEntries: number
  /** ACTIVITY_MAX_TOTAL_ENTRIES: entries kept across all organizations, the oldest of the largest dropped first. */
  activityMaxTotal: number
  /** DATA_DIR: where the memory activity log is kept on disk (console-activity.jsonl); unset, it is not. */
  dataDir?: string
}

interface OidcConfig {
  /** OIDC_ISSUER, default the identity API's base URL (the platform's identity service is the provider). */
  issuer: string
  /** OIDC_CLIENT_ID, default `cloud-console` on the embedded local cloud. */
  clientId: string
  /** OIDC_CLIENT_SECRET; on the embedded local cloud, when unset, the secret it generated for the console. */
  clientSecret?: string
  /** `${PUBLIC_URL}/console/oidc/callback`: register this at the provider. */
  redirectUri: string
  /** The provider is the embedded local cloud's: reached over loopback, and it registers the console itself. */
  embedded: boolean
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

function sessionStore(env: NodeJS.ProcessEnv): Pick<ConsoleConfig, 'sessionStoreUrl' | 'sessionSecret'> {
  const url = env.SESSION_STORE_URL
  if (!url) return {}
  let protocol: string
  try {
    protocol = new URL(url).protocol
  } catch {
    protocol = ''
  }
  if (protocol !== 'redis:' && protocol !== 'rediss:')
    throw new Error(
      `SESSION_STORE_URL must be a redis:// or rediss:// URL, got "${url.replace(/\/\/[^@/]*@/, '//…@')}"`,
    )
  const secret = env.SESSION_SECRET
  if (!secret || secret.length < 32)
    throw new Error(
      'SESSION_SECRET must be set, at least 32 characters and the same on every replica, when SESSION_STORE_URL is set (it encrypts the tokens in the store). For example: openssl rand -base64 32',
    )
  return { sessionStoreUrl: url, sessionSecret: secret }
}

function positiveNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`)
  return value
}

function absoluteUrl(name: string, raw: string): string {
  try {
    const url = new URL(raw)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http(s)')
    return url.toString().replace(/\/+$/, '')
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got "${raw}"`)
  }
}

function metricsAllow(env: NodeJS.ProcessEnv): string[] {
  const raw = env.METRICS_ALLOW?.trim()
  if (!raw) return ['127.0.0.0/8', '::1']
  const entries = raw.split(',').map((entry) => entry.trim())
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.split('/')
    const version = isIP(address)
    const bits = Number(prefix)
    const validPrefix =
      prefix === undefined || (/^\d+$/.test(prefix) && bits <= (version === 6 ? 128 : 32) && extra === undefined)
    if (!version || !validPrefix)
      throw new Error(
        `METRICS_ALLOW must list IP addresses or CIDR ranges separated by commas (127.0.0.1,10.0.0.0/8), got "${entry}"`,
      )
  }
  return entries
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ConsoleConfig {
  const port = positiveNumber(env, 'PORT', 8080)
  const host = env.HOST || '127.0.0.1'
  const publicUrl = absoluteUrl('PUBLIC_URL', env.PUBLIC_URL || `http://localhost:${port}`)
  const embedded: Service[] = []
  const upstreams = {} as Record<Service, string>
  for (const service of SERVICE_KEYS) {
    // Instances are the compute service's on the platform; the spec's single {base_url} serves them too, so
    // COMPUTE_URL defaults to REGION_URL's value.
    const fallback = (DECLARED[service] as { defaultsTo?: Service }).defaultsTo
    const raw = env[UPSTREAM_ENV[service]] || (fallback ? env[UPSTREAM_ENV[fallback]] : undefined)
    if (raw) {
      upstreams[service] = absoluteUrl(UPSTREAM_ENV[service], raw)
    } else {
      embedded.push(service)
      upstreams[service] = `${publicUrl}/local/${service}`
    }
  }
  const embeddedIssuer = embedded.includes('identity') && !env.OIDC_ISSUER
  const clientId = env.OIDC_CLIENT_ID || (embeddedIssuer ? 'cloud-console' : undefined)
  const oidc: OidcConfig | undefined = clientId
    ? {
        issuer: env.OIDC_ISSUER ? absoluteUrl('OIDC_ISSUER', env.OIDC_ISSUER) : upstreams.identity,
        clientId,
        ...(env.OIDC_CLIENT_SECRET ? { clientSecret: env.OIDC_CLIENT_SECRET } : {}),
        redirectUri: `${publicUrl}/console/oidc/callback`,
        embedded: embeddedIssuer,
      }
    : undefined
  if (oidc && !oidc.embedded && !oidc.clientSecret)
    throw new Error('OIDC_CLIENT_SECRET is required with OIDC_CLIENT_ID or OIDC_ISSUER (the platform requires one)')
  return {
    ...(oidc ? { oidc } : {}),
    port,
    host,
    publicUrl,
    upstreams,
    embedded,
    sessionIdleMs: positiveNumber(env, 'SESSION_IDLE_MINUTES', 12 * 60) * 60_000,
    sessionMaxMs: positiveNumber(env, 'SESSION_MAX_HOURS', 12) * 3_600_000,
    maxSessions: positiveNumber(env, 'MAX_SESSIONS', 10_000),
    demoSignInsPerMinute: positiveNumber(env, 'DEMO_SIGNINS_PER_MINUTE', 60),
    signInsPerMinute: positiveNumber(env, 'SIGNINS_PER_MINUTE', 60),
    signInsPerMinutePerOrganization: positiveNumber(env, 'SIGNINS_PER_MINUTE_PER_ORGANIZATION', 300),
    sessionsPerPrincipal: Math.max(1, positiveNumber(env, 'SESSIONS_PER_PRINCIPAL', 100)),
    upstreamTimeoutMs: positiveNumber(env, 'UPSTREAM_TIMEOUT_MS', 30_000),
    secureCookies: env.COOKIE_SECURE ? env.COOKIE_SECURE === 'true' : publicUrl.startsWith('https:'),
    distDir: env.DIST_DIR || 'dist',
    serveSourceMaps: env.SERVE_SOURCE_MAPS === 'true',
    ...sessionStore(env),
    sessionStoreTimeoutMs: Math.max(1, positiveNumber(env, 'SESSION_STORE_TIMEOUT_MS', 1_000)),
    trustProxy: env.TRUST_PROXY === 'true',
    metricsAllow: metricsAllow(env),
    activityMaxEntries: Math.max(1, Math.floor(positiveNumber(env, 'ACTIVITY_MAX_ENTRIES', 10_000))),
    activityMaxTotal: Math.max(1, Math.floor(positiveNumber(env, 'ACTIVITY_MAX_TOTAL_ENTRIES', 100_000))),
    ...(env.DATA_DIR?.trim() ? { dataDir: env.DATA_DIR.trim() } : {}),
    ...admissionLimits(env),
    shutdownGraceMs: positiveNumber(env, 'SHUTDOWN_GRACE_MS', 10_000),
    logLevel: logLevel(env.LOG_LEVEL),
    ...connectionTimeouts(env),
  }
}

function admissionLimits(env: NodeJS.ProcessEnv) {
  // A floor of 8, not 32: on a core that is full, a limit held at 32 kept more requests in the event loop's queue than
  // one core works through promptly, and every refusal and sign-in waited behind them (the load bench at twice the
  // capacity, bench/load-held.bench.ts, served more and refused less with the lower floor).
  const admissionMinLimit = Math.max(1, Math.floor(positiveNumber(env, 'ADMISSION_MIN_LIMIT', 8)))
  const admissionMaxLimit = Math.max(1, Math.floor(positiveNumber(env, 'ADMISSION_MAX_LIMIT', 512)))
  if (admissionMinLimit > admissionMaxLimit)
    throw new Error(
      `ADMISSION_MIN_LIMIT (${admissionMinLimit}) must not exceed ADMISSION_MAX_LIMIT (${admissionMaxLimit})`,
    )
  const admissionQueueWaitMs = positiveNumber(env, 'ADMISSION_QUEUE_WAIT_MS', 250)
  const inFlightPerPrincipal = Math.max(1, Math.floor(positiveNumber(env, 'IN_FLIGHT_PER_PRINCIPAL', 64)))
  return { admissionMinLimit, admissionMaxLimit, admissionQueueWaitMs, inFlightPerPrincipal }
}

function connectionTimeouts(env: NodeJS.ProcessEnv) {
  const headersTimeoutMs = Math.max(1, positiveNumber(env, 'HEADERS_TIMEOUT_MS', 10_000))
  const requestTimeoutMs = Math.max(1, positiveNumber(env, 'REQUEST_TIMEOUT_MS', 60_000))
  // Node refuses a headers deadline past the whole request's.
  if (headersTimeoutMs > requestTimeoutMs)
    throw new Error(`HEADERS_TIMEOUT_MS (${headersTimeoutMs}) must not exceed REQUEST_TIMEOUT_MS (${requestTimeoutMs})`)
  return { headersTimeoutMs, requestTimeoutMs, keepAliveTimeoutMs: positiveNumber(env, 'KEEP_ALIVE_TIMEOUT_MS', 5_000) }
}

function logLevel(raw: string | undefined): string {
  if (!raw) return 'info'
  if (!LOG_LEVELS.includes(raw)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${raw}"`)
  return raw
}

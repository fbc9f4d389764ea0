// The console server's own routes: its configuration (upstream base URLs for the request preview, whether the demo
// sign-in is offered) and the session that holds the bearer token server-side.

import { queryOptions } from '@tanstack/react-query'
import { sendJson, sendNoContent, type AnswerReader, type CallOptions } from './client'
import { configureApi } from './config'
import { isApiError } from './errors'
import { groupNumbersAs, type NumberGrouping } from '../lib/number-grouping'
import type { ApiRequest, Service } from './request'
import { SERVICE_KEYS } from './services'

// Read by hand rather than with zod: the session check needs this module, and it is in the entry chunk, where zod
// would weigh more than the rest of the module for two small shapes our own server sends.

export interface ConsoleConfig {
  /** Upstream base URL of each service, as describeRequest needs them. */
  upstreams: Record<Service, string>
  /** True when at least one service is the embedded local cloud. */
  localCloud: boolean
  demoSignIn: boolean
  /**
   * Sign-in through an OpenID provider, named for its button, with its issuer and the console's client id (what a
   * cluster's kubeconfig signs in with); null when not configured.
   */
  oidc: { provider: string; issuer?: string; clientId?: string } | null
  /** UPSTREAM_TIMEOUT_MS: how long the console server waits for a service before it answers 504. */
  upstreamTimeoutMs?: number
  /**
   * What really serves each embedding model, as the console server sent it: read by `embeddingsSourcesQuery`
   * (lib/embeddings-source.ts), in the chunks of the pages that show models rather than in the entry.
   */
  embeddings: unknown
  /** How the reader's language writes numbers, when the console server could say (src/lib/number-grouping.ts). */
  numbers: NumberGrouping | null
}

export interface EmbeddingsSource {
  /** "Universal Sentence Encoder lite". */
  name: string
  /** For the parenthesis after its name: "English, 512 dimensions". */
  traits: string
  /** Its own vector size, mapped into each model's; null when it writes each model's size directly. */
  dimensions: number | null
  /** Why a model's multilingual claim cannot be shown there, in a sentence. */
  multilingual: string
  /** The models it serves; null: every embedding model no other source names. */
  models: string[] | null
}

export interface Session {
  kind: string
  /** OpenID Connect sessions: who signed in, as the provider said. */
  person?: { name?: string; email?: string; subject?: string }
  signedInAt?: string
  /** OpenID Connect sessions: when the access token ends (the server refreshes it before then). */
  accessExpiresAt?: string
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const fail = (path: string[], message: string) => ({ success: false as const, error: { issues: [{ path, message }] } })

const consoleConfigSchema: AnswerReader<ConsoleConfig> = {
  safeParse(value) {
    if (!isRecord(value) || !isRecord(value.upstreams)) return fail(['upstreams'], 'expected an object')
    const upstreams = value.upstreams
    for (const service of SERVICE_KEYS) {
      if (typeof upstreams[service] !== 'string') return fail(['upstreams', service], 'expected a string')
    }
    return {
      success: true,
      data: {
        upstreams: upstreams as Record<Service, string>,
        localCloud: value.localCloud === true,
        demoSignIn: value.demoSignIn === true,
        oidc: isRecord(value.oidc) && typeof value.oidc.provider === 'string' ? oidcOf(value.oidc) : null,
        upstreamTimeoutMs:
          typeof value.upstreamTimeoutMs === 'number' && value.upstreamTimeoutMs > 0
            ? value.upstreamTimeoutMs
            : undefined,
        embeddings: value.embeddings,
        numbers: numberGroupingOf(value.numbers),
      },
    }
  },
}

const oidcOf = ({ provider, issuer, clientId }: Record<string, unknown>) => ({
  provider: provider as string,
  ...(typeof issuer === 'string' && { issuer }),
  ...(typeof clientId === 'string' && { clientId }),
})

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0

function numberGroupingOf(value: unknown): NumberGrouping | null {
  if (!isRecord(value) || !isRecord(value.negative)) return null
  const { locale, digits, separator, primary, secondary, minimumGroupingDigits, decimal, negative } = value
  const { prefix, suffix } = negative
  if (![locale, separator, decimal, prefix, suffix].every((text) => typeof text === 'string')) return null
  if (!Array.isArray(digits) || digits.length !== 10 || !digits.every((digit) => typeof digit === 'string')) return null
  if (!isCount(primary) || !isCount(secondary) || !isCount(minimumGroupingDigits)) return null
  return {
    locale: locale as string,
    digits,
    separator: separator as string,
    primary,
    secondary,
    minimumGroupingDigits,
    decimal: decimal as string,
    negative: { prefix: prefix as string, suffix: suffix as string },
    dollars: dollarsOf(value.dollars),
  }
}

function dollarsOf(value: unknown): NumberGrouping['dollars'] {
  if (!isRecord(value)) return null
  const { prefix, suffix, separator, decimal } = value
  if (![prefix, suffix, separator, decimal].every((text) => typeof text === 'string')) return null
  return {
    prefix: prefix as string,
    suffix: suffix as string,
    separator: separator as string,
    decimal: decimal as string,
  }
}

const sessionSchema: AnswerReader<Session> = {
  safeParse(value) {
    if (!isRecord(value) || typeof value.kind !== 'string') return fail(['kind'], 'expected a string')
    return {
      success: true,
      data: {
        kind: value.kind,
        person: personOf(value.person),
        signedInAt: typeof value.signedInAt === 'string' ? value.signedInAt : undefined,
        accessExpiresAt: typeof value.accessExpiresAt === 'string' ? value.accessExpiresAt : undefined,
      },
    }
  },
}

function personOf(value: unknown): Session['person'] {
  if (!isRecord(value)) return undefined
  const name = typeof value.name === 'string' ? value.name : undefined
  const email = typeof value.email === 'string' ? value.email : undefined
  const subject = typeof value.subject === 'string' ? value.subject : undefined
  return name || email || subject ? { name, email, subject } : undefined
}

/** The session, or null: the console server answers null when signed out. */
const currentSessionSchema: AnswerReader<Session | null> = {
  safeParse: (value) => (value === null ? { success: true, data: null } : sessionSchema.safeParse(value)),
}

export type SignInInput = { token: string } | { demo: true }

const sessionRequests = {
  config: (): ApiRequest<'console'> => ({ service: 'console', method: 'GET', path: '/console/config' }),
  get: (): ApiRequest<'console'> => ({ service: 'console', method: 'GET', path: '/console/session' }),
  signIn: (input: SignInInput): ApiRequest<'console'> => ({
    service: 'console',
    method: 'POST',
    path: '/console/session',
    body: input,
  }),
  signOut: (): ApiRequest<'console'> => ({ service: 'console', method: 'DELETE', path: '/console/session' }),
}

// The API module waits as long as the console server does (and a little more, so the server's 504 comes first).
async function getConsoleConfig(options?: CallOptions): Promise<ConsoleConfig> {
  const config = await sendJson(sessionRequests.config(), consoleConfigSchema, options)
  if (config.upstreamTimeoutMs) configureApi({ timeoutMs: config.upstreamTimeoutMs })
  groupNumbersAs(config.numbers)
  return config
}

/** The current session, or null when signed out (an older server's 401 here is an answer too, not an expiry). */
export async function getSession(options?: CallOptions): Promise<Session | null> {
  try {
    return await sendJson(sessionRequests.get(), currentSessionSchema, { ...options, reportUnauthorized: false })
  } catch (e) {
    if (isApiError(e) && e.status === 401) return null
    throw e
  }
}

/** Starts a session; a refused token rejects with ApiError 401 without raising the session-ended overlay. */
export function signIn(input: SignInInput, options?: CallOptions): Promise<Session> {
  return sendJson(sessionRequests.signIn(input), sessionSchema, { ...options, reportUnauthorized: false })
}

export async function signOut(options?: CallOptions): Promise<void> {
  await sendNoContent(sessionRequests.signOut(), options)
}

/** Where the browser goes to sign in through the OpenID provider; `popup` for the in-place sign-in. */
export function oidcStartUrl(popup: boolean): string {
  return popup ? '/console/oidc/start?popup=1' : '/console/oidc/start'
}

/** The channel the sign-in popup announces success on (the server's callback page posts to it). */
export const SIGN_IN_CHANNEL = 'cloud-console-sign-in'

export const sessionQuery = () =>
  queryOptions({
    queryKey: ['session'] as const,
    queryFn: ({ signal }) => getSession({ signal }),
    staleTime: 60_000,
  })

/** Fixed for the console server's lifetime. */
export const consoleConfigQuery = () =>
  queryOptions({
    queryKey: ['consoleConfig'] as const,
    queryFn: ({ signal }) => getConsoleConfig({ signal }),
    staleTime: Infinity,
  })

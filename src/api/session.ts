// The console server's own routes: its configuration (upstream base URLs for the request preview, whether the demo
// sign-in is offered) and the session that holds the bearer token server-side.

import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { sendJson, sendNoContent, type CallOptions } from './client'
import { isApiError } from './errors'
import type { ApiRequest } from './request'

export const consoleConfigSchema = z.looseObject({
  /** Upstream base URL of each service, as describeRequest needs them. */
  upstreams: z.looseObject({ region: z.string(), identity: z.string(), aiproxy: z.string(), inference: z.string() }),
  /** True when at least one service is the embedded local cloud. */
  localCloud: z.boolean().default(false),
  demoSignIn: z.boolean().default(false),
})
export type ConsoleConfig = z.infer<typeof consoleConfigSchema>

export const SESSION_KINDS = ['token', 'demo'] as const

export const sessionSchema = z.looseObject({ kind: z.string(), signedInAt: z.string().optional() })
export type Session = z.infer<typeof sessionSchema>

export type SignInInput = { token: string } | { demo: true }

export const sessionRequests = {
  config: (): ApiRequest<'console'> => ({ service: 'console', method: 'GET', path: '/console/config' }),
  get: (): ApiRequest<'console'> => ({ service: 'console', method: 'GET', path: '/console/session' }),
  signIn: (input: SignInInput): ApiRequest<'console'> => ({ service: 'console', method: 'POST', path: '/console/session', body: input }),
  signOut: (): ApiRequest<'console'> => ({ service: 'console', method: 'DELETE', path: '/console/session' }),
}

export function getConsoleConfig(options?: CallOptions): Promise<ConsoleConfig> {
  return sendJson(sessionRequests.config(), consoleConfigSchema, options)
}

/** The current session, or null when signed out (a 401 here is an answer, not an expiry). */
export async function getSession(options?: CallOptions): Promise<Session | null> {
  try {
    return await sendJson(sessionRequests.get(), sessionSchema, { ...options, reportUnauthorized: false })
  } catch (e) {
    if (isApiError(e) && e.status === 401) return null
    throw e
  }
}

/** Starts a session; a refused token rejects with ApiError 401 without raising the session-ended overlay. */
export function signIn(input: SignInInput, options?: CallOptions): Promise<Session> {
  return sendJson(sessionRequests.signIn(input), sessionSchema, { ...options, reportUnauthorized: false })
}

export function signOut(options?: CallOptions): Promise<void> {
  return sendNoContent(sessionRequests.signOut(), options)
}

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

import { randomUUID } from 'node:crypto'
import { pino, type DestinationStream, type Logger } from 'pino'
import { sensitiveFields } from './declared-routes.ts'

export type { Logger }

const CENSOR = '[redacted]'

/**
 * The server's logger: one JSON object per line on stdout. Fields are chosen, never whole headers or bodies, so a
 * token or cookie has no way in; the redaction is the second line should a later field carry one, and so is the
 * hiding of every secret an endpoint marks `sensitive` (a provider's `clientSecret`), at any depth.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: {
        paths: ['authorization', 'cookie', 'token', '*.authorization', '*.cookie', '*.token'],
        censor: CENSOR,
      },
      formatters: { log: (fields) => withoutSecrets(fields, sensitiveFields()) as Record<string, unknown> },
    },
    destination,
  )
}

/** `value` with each field named in `names` censored, in plain objects and arrays (an Error is left to pino). */
function withoutSecrets(value: unknown, names: ReadonlySet<string>, depth = 0): unknown {
  if (names.size === 0 || depth > 8 || typeof value !== 'object' || value === null || value instanceof Error)
    return value
  if (Array.isArray(value)) return value.map((item) => withoutSecrets(item, names, depth + 1))
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      names.has(key) ? CENSOR : withoutSecrets(inner, names, depth + 1),
    ]),
  )
}

export const silentLogger: Logger = pino({ level: 'silent' })

const REQUEST_ID = /^[\w.:-]{1,128}$/

/** The id to log and send upstream: the load balancer's, when trusted and well-formed, else a fresh one. */
export function requestIdOf(header: string | undefined, trusted: boolean): string {
  return trusted && header && REQUEST_ID.test(header) ? header : randomUUID()
}

import { randomUUID } from 'node:crypto'
import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino'
import { sensitiveFields } from './declared-routes.ts'

export type { Logger }

const CENSOR = '[redacted]'
// Censored wherever they appear, besides the secrets the endpoints mark.
const ALWAYS_SECRET = ['authorization', 'cookie', 'token']

/**
 * The server's logger: one JSON object per line on stdout. Fields are chosen, never whole headers or bodies, so a
 * token or cookie has no way in; the censoring is the second line should a later field carry one, at any depth, with
 * every secret an endpoint marks `sensitive` (a provider's `clientSecret`). It is done here, in one walk of each line,
 * rather than by pino's redaction too: its paths with a wildcard cost more than the rest of the line's logging.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      serializers: { err: (error: Error) => withoutSecrets(stdSerializers.err(error), secretNames()) },
      formatters: { log: (fields) => withoutSecrets(fields, secretNames()) as Record<string, unknown> },
    },
    destination,
  )
}

let secrets: { of: ReadonlySet<string>; names: ReadonlySet<string> } | undefined

function secretNames(): ReadonlySet<string> {
  const sensitive = sensitiveFields()
  if (secrets?.of !== sensitive) secrets = { of: sensitive, names: new Set([...ALWAYS_SECRET, ...sensitive]) }
  return secrets.names
}

/**
 * `value` with each field named in `names` censored, in plain objects and arrays (an Error is left to its
 * serializer). A line with nothing to censor is passed on as it is, not copied.
 */
function withoutSecrets(value: unknown, names: ReadonlySet<string>, depth = 0): unknown {
  if (depth > 8 || typeof value !== 'object' || value === null || value instanceof Error) return value
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined
    value.forEach((item: unknown, index) => {
      const kept = withoutSecrets(item, names, depth + 1)
      if (kept !== item) (copy ??= [...value])[index] = kept
    })
    return copy ?? value
  }
  const prototype = Object.getPrototypeOf(value) as unknown
  // Anything but a plain object is logged as its own fields, as a copy (pino would otherwise write what toJSON says).
  let copy: Record<string, unknown> | undefined =
    prototype === Object.prototype || prototype === null ? undefined : { ...value }
  for (const [key, inner] of Object.entries(value)) {
    const kept = names.has(key) ? CENSOR : withoutSecrets(inner, names, depth + 1)
    if (kept !== inner) (copy ??= { ...value })[key] = kept
  }
  return copy ?? value
}

export const silentLogger: Logger = pino({ level: 'silent' })

const REQUEST_ID = /^[\w.:-]{1,128}$/

/** The id to log and send upstream: the load balancer's, when trusted and well-formed, else a fresh one. */
export function requestIdOf(header: string | undefined, trusted: boolean): string {
  return trusted && header && REQUEST_ID.test(header) ? header : randomUUID()
}

import { randomUUID } from 'node:crypto'
import { pino, type DestinationStream, type Logger } from 'pino'

export type { Logger }

/**
 * The server's logger: one JSON object per line on stdout. Fields are chosen, never whole headers or bodies, so a
 * token or cookie has no way in; the redaction is the second line should a later field carry one.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: {
        paths: ['authorization', 'cookie', 'token', '*.authorization', '*.cookie', '*.token'],
        censor: '[redacted]',
      },
    },
    destination,
  )
}

export const silentLogger: Logger = pino({ level: 'silent' })

const REQUEST_ID = /^[\w.:-]{1,128}$/

/** The id to log and send upstream: the load balancer's, when trusted and well-formed, else a fresh one. */
export function requestIdOf(header: string | undefined, trusted: boolean): string {
  return trusted && header && REQUEST_ID.test(header) ? header : randomUUID()
}

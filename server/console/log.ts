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

/**
 * A request path with the parts that identify one resource replaced, so lines group by route and carry no ids:
 * `/api/region/api/v1/networks/3f2a…` → `/api/region/api/v1/networks/:id`. Plain words and version segments stay.
 */
export function routePattern(path: string): string {
  const query = path.indexOf('?')
  const bare = query < 0 ? path : path.slice(0, query)
  if (!bare.startsWith('/api/') && !bare.startsWith('/console/') && !bare.startsWith('/local/')) {
    // The SPA's own routes and assets: one pattern, so client-side paths (which hold ids) never reach the log.
    return bare.startsWith('/assets/') ? '/assets/*' : '/*'
  }
  return bare
    .split('/')
    .map((segment) => (segment === '' || /^([a-z][a-z_-]*|v\d+)$/.test(segment) ? segment : ':id'))
    .join('/')
}

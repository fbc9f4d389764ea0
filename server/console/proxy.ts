import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { Service } from '../config.ts'
import { sendError } from './http-utils.ts'

// Only these request headers travel upstream: never the console's cookies, never the browser's own auth.
const FORWARDED_REQUEST_HEADERS = [
  'content-type',
  'content-length',
  'accept',
  'accept-language',
  'if-none-match',
  'if-match',
]
// Hop-by-hop and cookie headers never come back to the browser.
const DROPPED_RESPONSE_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'set-cookie',
  'upgrade',
  'proxy-authenticate',
  'www-authenticate',
  'strict-transport-security',
])

const SERVICE_NAMES: Record<Service, string> = {
  region: 'regional API',
  identity: 'identity API',
  aiproxy: 'model-endpoint listing',
  inference: 'inference API',
}

export interface ProxyTarget {
  service: Service
  /** Upstream base URL the request really goes to (may differ from the displayed one for the embedded cloud). */
  base: string
  /** Path and query after `/api/{service}`, starting with '/'. */
  pathAndQuery: string
  token: string
  timeoutMs: number
}

/** Passes method, path, query, body and status through to the upstream, adding the session's bearer token. */
export function proxyRequest(req: IncomingMessage, res: ServerResponse, target: ProxyTarget): void {
  const url = new URL(target.base.replace(/\/+$/, '') + target.pathAndQuery)
  const headers: Record<string, string> = { authorization: `Bearer ${target.token}` }
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = req.headers[name]
    if (typeof value === 'string') headers[name] = value
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest
  const upstream = send(url, { method: req.method, headers, timeout: target.timeoutMs }, (upstreamRes) => {
    const status = upstreamRes.statusCode ?? 502
    for (const [name, value] of Object.entries(upstreamRes.headers)) {
      if (value !== undefined && !DROPPED_RESPONSE_HEADERS.has(name)) res.setHeader(name, value)
    }
    res.setHeader('Cache-Control', 'no-store')
    res.writeHead(status)
    upstreamRes.pipe(res)
  })
  const name = SERVICE_NAMES[target.service]
  upstream.on('timeout', () => {
    upstream.destroy(new Error('timeout'))
  })
  upstream.on('error', (error: NodeJS.ErrnoException) => {
    if (res.headersSent) {
      res.destroy(error)
      return
    }
    if (error.message === 'timeout') {
      sendError(
        res,
        504,
        'upstream_timeout',
        `The ${name} at ${url.origin} did not answer within ${Math.round(target.timeoutMs / 1000)} s. Try again; if it persists, check the service's status.`,
      )
    } else {
      sendError(
        res,
        502,
        'upstream_unreachable',
        `The ${name} at ${url.origin} could not be reached (${error.code ?? error.message}). Check the console's ${target.service.toUpperCase()}_URL setting and the network.`,
      )
    }
  })
  req.on('aborted', () => upstream.destroy())
  req.pipe(upstream)
}

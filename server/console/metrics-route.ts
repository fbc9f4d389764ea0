import { BlockList, isIP } from 'node:net'
import type { HttpBindings } from '@hono/node-server'
import { Hono } from 'hono'
import { errorResponse } from './errors.ts'
import type { ConsoleMetrics } from './metrics.ts'

/**
 * GET /metrics for Prometheus: no session, and only to the addresses METRICS_ALLOW lists (loopback by default). A
 * scrape comes straight to the listening port; one that came through a proxy (it has X-Forwarded-For) is judged
 * by the client the trusted proxy names, and refused when the proxy is not trusted, so a load balancer on an
 * allowed address does not open the metrics to everyone behind it.
 */
export function metricsRoutes(deps: { metrics: ConsoleMetrics; allow: readonly string[]; trustProxy: boolean }) {
  // Built by the first scrape: Node loads BlockList's internals on first use, which every start paid before its first
  // answer (console-server bench, cold start).
  let list: ((address: string | undefined) => boolean) | undefined
  const allowed = (address: string | undefined) => (list ??= allowList(deps.allow))(address)
  const app = new Hono<{ Bindings: HttpBindings }>()
  app.get('/metrics', async (c) => {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim()
    const peer = c.env?.incoming?.socket.remoteAddress
    const ok = allowed(peer) && (forwarded === undefined || (deps.trustProxy && allowed(forwarded)))
    if (!ok)
      return errorResponse(
        403,
        'forbidden',
        'The metrics are served only to the addresses METRICS_ALLOW lists, straight to the listening port.',
      )
    const { body, contentType } = await deps.metrics.scrape()
    return new Response(body, { headers: { 'Content-Type': contentType, 'Cache-Control': 'no-store' } })
  })
  return app
}

/** Whether an address is one of the IPs or CIDR ranges listed; IPv4-mapped IPv6 addresses count as IPv4. */
function allowList(entries: readonly string[]): (address: string | undefined) => boolean {
  const list = new BlockList()
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/')
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4'
    if (prefix === undefined) list.addAddress(address, type)
    else list.addSubnet(address, Number(prefix), type)
  }
  return (address) => {
    if (!address) return false
    const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')
    const type = isIP(plain)
    return type !== 0 && list.check(plain, type === 6 ? 'ipv6' : 'ipv4')
  }
}

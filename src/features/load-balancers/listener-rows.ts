import { z } from 'zod/mini'
import type { FieldPath } from '../../api/errors'
import { LISTENER_PROTOCOLS, type LoadBalancerListener, type LoadBalancerListenerWrite } from '../../api/loadBalancers'
import { parseCidr, parseIpv4 } from '../../lib/cidr'

// Listeners as the forms edit them: numbers as typed text, allowed sources and members as rows, the health check as a
// switch with its four settings. Each is checked as the region document checks it (ports 1–65535, a listener name a
// DNS label starting with a letter, IPv4 CIDRs, the health check's ranges), and what the platform refuses once it
// parses (a name or a protocol and port twice, an idle timeout on UDP) is said before sending.

const memberRow = z.object({ address: z.string(), port: z.string() })
const cidrRow = z.object({ cidr: z.string() })

const listenerRow = z.object({
  name: z.string(),
  protocol: z.enum(LISTENER_PROTOCOLS),
  port: z.string(),
  /** Blank: the platform's default (60 s for TCP); a UDP listener has none. */
  idleTimeout: z.string(),
  /** None: open to every source address. */
  allowedCidrs: z.array(cidrRow),
  proxyProtocolV2: z.boolean(),
  members: z.array(memberRow),
  healthCheck: z.boolean(),
  interval: z.string(),
  timeout: z.string(),
  healthy: z.string(),
  unhealthy: z.string(),
})

export type ListenerRow = z.infer<typeof listenerRow>

const LISTENER_NAME = /^[a-z]([-a-z0-9]*[a-z0-9])?$/

/** The health check's settings: the form field, the document's field, its range and what it is called. */
export const HEALTH_SETTINGS = [
  { field: 'interval', wire: 'intervalSeconds', min: 1, max: 300, label: 'Interval (s)' },
  { field: 'timeout', wire: 'timeoutSeconds', min: 1, max: 300, label: 'Timeout (s)' },
  { field: 'healthy', wire: 'healthyThreshold', min: 1, max: 10, label: 'Healthy after' },
  { field: 'unhealthy', wire: 'unhealthyThreshold', min: 1, max: 10, label: 'Unhealthy after' },
] as const

/** The document's example, which a new health check starts from. */
const HEALTH_DEFAULTS = { interval: '10', timeout: '5', healthy: '2', unhealthy: '2' }

type Whole = { ok: true; value: number } | { ok: false; reason: string }

/** A whole number typed as text, within [min, max]. */
function wholeIn(text: string, min: number, max: number, what: string): Whole {
  const trimmed = text.trim()
  if (!trimmed) return { ok: false, reason: `Enter ${what}.` }
  if (!/^\d+$/.test(trimmed)) return { ok: false, reason: `${capital(what)} is a whole number from ${min} to ${max}.` }
  const value = Number(trimmed)
  if (value < min || value > max) return { ok: false, reason: `${capital(what)} is from ${min} to ${max}.` }
  return { ok: true, value }
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

type Issue = { path: (string | number)[]; message: string }

function listenerIssues(row: ListenerRow): Issue[] {
  const issues: Issue[] = []
  const add = (path: (string | number)[], message: string) => issues.push({ path, message })
  const name = row.name.trim()
  if (!name) add(['name'], 'Enter a listener name.')
  else if (name.length > 63) add(['name'], 'A listener name has at most 63 characters.')
  else if (!LISTENER_NAME.test(name))
    add(['name'], 'Use lower-case letters, digits and "-", starting with a letter and ending with a letter or digit.')
  const port = wholeIn(row.port, 1, 65535, 'a port')
  if (!port.ok) add(['port'], port.reason)
  if (row.protocol === 'tcp' && row.idleTimeout.trim()) {
    const idle = wholeIn(row.idleTimeout, 1, 86400, 'the idle timeout')
    if (!idle.ok) add(['idleTimeout'], idle.reason)
  }
  row.allowedCidrs.forEach(({ cidr }, index) => {
    const block = parseCidr(cidr)
    if (!block.ok)
      add(['allowedCidrs', index, 'cidr'], block.suggestion ? `${block.reason} Use ${block.suggestion}.` : block.reason)
  })
  row.members.forEach((member, index) => {
    const address = parseIpv4(member.address)
    if (!address.ok) add(['members', index, 'address'], address.reason)
    const memberPort = wholeIn(member.port, 1, 65535, 'a port')
    if (!memberPort.ok) add(['members', index, 'port'], memberPort.reason)
  })
  if (row.healthCheck)
    for (const setting of HEALTH_SETTINGS) {
      const text = row[setting.field]
      if (!text.trim()) continue
      const checked = wholeIn(text, setting.min, setting.max, 'this setting')
      if (!checked.ok) add([setting.field], checked.reason)
    }
  return issues
}

/** The listeners, at least one, each checked, and no name nor protocol and port twice. */
export const listenerRows = z.array(listenerRow).check(
  z.superRefine((rows, ctx) => {
    if (rows.length === 0) ctx.addIssue({ code: 'custom', message: 'Add at least one listener.' })
    const names = new Map<string, number>()
    const bindings = new Map<string, number>()
    rows.forEach((row, index) => {
      for (const issue of listenerIssues(row))
        ctx.addIssue({ code: 'custom', path: [index, ...issue.path], message: issue.message })
      const name = row.name.trim()
      const first = names.get(name)
      if (name && first !== undefined)
        ctx.addIssue({ code: 'custom', path: [index, 'name'], message: `Listener ${first + 1} has this name.` })
      else if (name) names.set(name, index)
      const binding = `${row.protocol} ${row.port.trim()}`
      const bound = bindings.get(binding)
      if (row.port.trim() && bound !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: [index, 'port'],
          message: `Listener ${bound + 1} already takes ${row.protocol.toUpperCase()} ${row.port.trim()}.`,
        })
      else bindings.set(binding, index)
    })
  }),
)

/** A new listener: TCP, no members yet, no health check. */
export const newListenerRow = (index: number): ListenerRow => ({
  name: index === 0 ? 'http' : '',
  protocol: 'tcp',
  port: index === 0 ? '80' : '',
  idleTimeout: '',
  allowedCidrs: [],
  proxyProtocolV2: false,
  members: [{ address: '', port: '' }],
  healthCheck: false,
  ...HEALTH_DEFAULTS,
})

const text = (value: number | undefined) => (value === undefined ? '' : String(value))

/** A listener as the platform reports it, as a form row. */
export function rowOfListener(listener: LoadBalancerListener): ListenerRow {
  const check = listener.pool.healthCheck
  return {
    name: listener.name,
    protocol: listener.protocol === 'udp' ? 'udp' : 'tcp',
    port: String(listener.port),
    idleTimeout: listener.protocol === 'udp' ? '' : text(listener.idleTimeoutSeconds),
    allowedCidrs: (listener.allowedCidrs ?? []).map((cidr) => ({ cidr })),
    proxyProtocolV2: listener.pool.proxyProtocolV2 ?? false,
    members: listener.pool.members.map((member) => ({ address: member.address, port: String(member.port) })),
    healthCheck: check !== undefined,
    ...(check
      ? {
          interval: text(check.intervalSeconds),
          timeout: text(check.timeoutSeconds),
          healthy: text(check.healthyThreshold),
          unhealthy: text(check.unhealthyThreshold),
        }
      : HEALTH_DEFAULTS),
  }
}

// Only a whole number typed is one: a blank field previews as null, never as the 0 Number('') would give.
const number = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN)

/**
 * A row as sent. What is left blank is left out (the platform's defaults apply); a UDP listener sends no idle
 * timeout, which the platform refuses for UDP. Proxy Protocol v2 is sent either way, so the body says what it means.
 */
export function listenerWrite(row: ListenerRow): LoadBalancerListenerWrite {
  const tcpIdle = row.protocol === 'tcp' && row.idleTimeout.trim()
  const health = Object.fromEntries(
    HEALTH_SETTINGS.flatMap((s) => (row[s.field].trim() ? [[s.wire, number(row[s.field])]] : [])),
  )
  return {
    name: row.name.trim(),
    protocol: row.protocol,
    port: number(row.port),
    ...(row.allowedCidrs.length ? { allowedCidrs: row.allowedCidrs.map(({ cidr }) => canonical(cidr)) } : {}),
    ...(tcpIdle ? { idleTimeoutSeconds: number(row.idleTimeout) } : {}),
    pool: {
      proxyProtocolV2: row.proxyProtocolV2,
      members: row.members.map((member) => ({ address: member.address.trim(), port: number(member.port) })),
      ...(row.healthCheck ? { healthCheck: health } : {}),
    },
  }
}

const canonical = (cidr: string) => {
  const block = parseCidr(cidr)
  return block.ok ? block.text : cidr.trim()
}

const HEALTH_FIELD: Record<string, string> = Object.fromEntries(HEALTH_SETTINGS.map((s) => [s.wire, s.field]))

/**
 * The form field a refusal's path under `spec.listeners` names (`['spec', 'listeners', 1, 'pool', 'members', 0,
 * 'port']` → `listeners.1.members.0.port`): every listener, member and source row is sent, so the indices agree.
 */
export function listenerFieldOf(path: FieldPath): string | undefined {
  if (path[0] !== 'spec' || path[1] !== 'listeners') return undefined
  const [, , index, key, sub, row, column] = path
  if (typeof index !== 'number') return 'listeners'
  const at = `listeners.${index}`
  switch (key) {
    case 'name':
    case 'protocol':
    case 'port':
      return `${at}.${key}`
    case 'idleTimeoutSeconds':
      return `${at}.idleTimeout`
    case 'allowedCidrs':
      return typeof sub === 'number' ? `${at}.allowedCidrs.${sub}.cidr` : `${at}.name`
    case 'pool':
      if (sub === 'members' && typeof row === 'number')
        return `${at}.members.${row}.${column === 'port' ? 'port' : 'address'}`
      if (sub === 'healthCheck' && typeof row === 'string' && HEALTH_FIELD[row]) return `${at}.${HEALTH_FIELD[row]}`
      return `${at}.name`
    default:
      return `${at}.name`
  }
}

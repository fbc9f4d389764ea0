// Security group rule semantics, in one place: which fields a protocol takes, how a port range is written and read,
// how a rule reads as a sentence, when two rules are the same, and when a rule is open to the whole internet.
// The editor, the detail table and the form schema all ask this module; none of them decides these things itself.

import { parseCidr } from '../../lib/cidr'

/** The platform's reading of a rule without an address range: it applies to every address. */
export const ANYWHERE = '0.0.0.0/0'

const MIN_PORT = 1
const MAX_PORT = 65535

/**
 * A rule in the console's terms, read from the API (`cidr` already normalised from `prefix`) or built by the editor.
 * An undefined or empty cidr means anywhere, as it does on the platform.
 */
export interface RuleShape {
  direction: string
  protocol: string
  port?: number
  portMax?: number
  cidr?: string
}

/** Only layer-4 protocols have ports; the platform refuses a port on any, icmp or vrrp. */
export function takesPorts(protocol: string): boolean {
  return protocol === 'tcp' || protocol === 'udp'
}

export type PortsCheck = { ok: true; port?: number; portMax?: number } | { ok: false; reason: string }

/**
 * Reads the ports field as typed: empty (or 0) for every port, "22" for one, "8000-8080" (or with an en dash, or spaces)
 * for a range. A range whose ends are equal is one port, since the platform wants `port < portMax`.
 */
export function parsePorts(text: string): PortsCheck {
  const trimmed = text.trim()
  // 0 is how many tools write "any port"; the summary and the request already read it so: the field agrees.
  if (trimmed === '' || /^0+$/.test(trimmed)) return { ok: true }
  const match = /^(\d+)\s*(?:[-–]\s*(\d+))?$/.exec(trimmed)
  if (!match) return { ok: false, reason: `Write one port (22) or a range (8000-8080), not "${trimmed}".` }
  const low = Number(match[1])
  const high = match[2] === undefined ? undefined : Number(match[2])
  for (const value of [low, high]) {
    if (value !== undefined && (value < MIN_PORT || value > MAX_PORT))
      return { ok: false, reason: `Ports are ${MIN_PORT} to ${MAX_PORT}; ${value} is not.` }
  }
  if (high === undefined || high === low) return { ok: true, port: low }
  if (high < low) return { ok: false, reason: `A range goes from low to high: write ${high}-${low}.` }
  return { ok: true, port: low, portMax: high }
}

/** The ports as the editor shows them: '' for all ports, "22", "8000-8080". The inverse of parsePorts. */
export function portsText(rule: Pick<RuleShape, 'port' | 'portMax'>): string {
  if (rule.port === undefined) return ''
  return rule.portMax === undefined ? String(rule.port) : `${rule.port}-${rule.portMax}`
}

/** Whether the range covers every address: no range, or any /0 block. */
export function isAnywhere(cidr: string | undefined): boolean {
  if (cidr === undefined || cidr.trim() === '') return true
  const parsed = parseCidr(cidr)
  return parsed.ok && parsed.cidr.length === 0
}

const PROTOCOL_NAMES: Record<string, string> = {
  any: 'any protocol',
  icmp: 'ICMP',
  tcp: 'TCP',
  udp: 'UDP',
  vrrp: 'VRRP',
}

export function protocolName(protocol: string): string {
  return PROTOCOL_NAMES[protocol] ?? protocol.toUpperCase()
}

export function directionName(direction: string): string {
  return direction === 'ingress' ? 'Inbound' : direction === 'egress' ? 'Outbound' : direction
}

/** "22", "8000–8080", "all ports", or '' for a protocol without ports. */
export function formatPorts(rule: RuleShape): string {
  if (!takesPorts(rule.protocol)) return ''
  if (rule.port === undefined) return 'all ports'
  return rule.portMax === undefined ? String(rule.port) : `${rule.port}–${rule.portMax}`
}

/** "anywhere" or the block as the platform holds it. */
function formatPeer(cidr: string | undefined): string {
  return isAnywhere(cidr) ? 'anywhere' : cidr!.trim()
}

/**
 * A rule as a sentence: "Allow inbound TCP 22 from 10.0.0.0/8", "Allow outbound any protocol to anywhere".
 * Inbound traffic comes from the range, outbound goes to it.
 */
export function describeRule(rule: RuleShape): string {
  const ports = formatPorts(rule)
  const what = [protocolName(rule.protocol), ports === 'all ports' ? 'on all ports' : ports].filter(Boolean).join(' ')
  const toward = rule.direction === 'egress' ? 'to' : 'from'
  return `Allow ${directionName(rule.direction).toLowerCase()} ${what} ${toward} ${formatPeer(rule.cidr)}`
}

/**
 * What makes two rules the same: direction, protocol, ports (only for protocols that take them) and the range,
 * normalised so "10.0.0.0/8" and " 10.0.0.0/8", or no range and 0.0.0.0/0, compare equal.
 */
export function ruleKey(rule: RuleShape): string {
  const ports = takesPorts(rule.protocol) ? portsText(rule) : ''
  const parsed = rule.cidr === undefined ? undefined : parseCidr(rule.cidr)
  const peer = isAnywhere(rule.cidr) ? ANYWHERE : parsed?.ok ? parsed.text : rule.cidr!.trim()
  return [rule.direction, rule.protocol, ports, peer].join('|')
}

/** For each rule, the index of the first earlier rule identical to it, or undefined when it is the first of its kind. */
export function findDuplicates(rules: readonly RuleShape[]): (number | undefined)[] {
  const first = new Map<string, number>()
  return rules.map((rule, index) => {
    const key = ruleKey(rule)
    const earlier = first.get(key)
    if (earlier === undefined) first.set(key, index)
    return earlier
  })
}

/** Web ports are meant to face the internet; anything else open to it deserves a second look. */
const PUBLIC_PORTS = new Set([80, 443])

/**
 * Whether a rule lets the whole internet in on something other than the web ports (tcp or udp 80 or 443, one port
 * each). Only inbound rules count: outbound to anywhere is how instances reach updates and APIs, not an exposure.
 */
export function isOpenToWorld(rule: RuleShape): boolean {
  if (rule.direction !== 'ingress' || !isAnywhere(rule.cidr)) return false
  const webPort =
    takesPorts(rule.protocol) && rule.port !== undefined && rule.portMax === undefined && PUBLIC_PORTS.has(rule.port)
  return !webPort
}

/** The warning shown on such a rule, naming what is exposed. */
export function openToWorldWarning(rule: RuleShape): string | undefined {
  if (!isOpenToWorld(rule)) return undefined
  const ports = formatPorts(rule)
  const what = [
    protocolName(rule.protocol),
    ports && ports !== 'all ports' ? `port${rule.portMax === undefined ? '' : 's'} ${ports}` : ports,
  ]
    .filter(Boolean)
    .join(' ')
  return `Open to the whole internet (0.0.0.0/0) on ${what}. Narrow the range to the addresses that need it.`
}

// The private ranges of RFC 1918, as the platform's networks are numbered from them.
const PRIVATE_RANGES = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'].flatMap((text) => {
  const check = parseCidr(text)
  return check.ok ? [check.cidr] : []
})

export type Exposure = 'internet' | 'internet-web' | 'private' | 'listed' | 'outbound'

/**
 * What a rule opens, for every rule: the whole internet (on the web ports, or on anything else), the private
 * ranges only, the listed public addresses only, or nothing inbound (an outbound rule).
 */
export function exposureOf(rule: RuleShape): Exposure {
  if (rule.direction !== 'ingress') return 'outbound'
  if (isAnywhere(rule.cidr)) return isOpenToWorld(rule) ? 'internet' : 'internet-web'
  const check = parseCidr(rule.cidr ?? '')
  if (check.ok && PRIVATE_RANGES.some((range) => range.first <= check.cidr.first && check.cidr.last <= range.last))
    return 'private'
  return 'listed'
}

/** How each exposure reads in the rules table, and what its badge's title adds. */
export const EXPOSURE_TEXT: Record<Exposure, { label: string; title: string }> = {
  internet: { label: 'Internet', title: 'Open to the whole internet on more than the web ports' },
  'internet-web': { label: 'Internet, web', title: 'Open to the whole internet on a web port (80 or 443)' },
  private: { label: 'Private', title: 'Open to private addresses only (10/8, 172.16/12, 192.168/16)' },
  listed: { label: 'Listed range', title: 'Open to the listed public addresses only' },
  outbound: { label: 'None inbound', title: 'An outbound rule: lets the instances reach out, lets nothing in' },
}

export interface RulePreset {
  id: string
  label: string
  description: string
  rules: RuleShape[]
}

/** One-click rules for the common cases; each adds its rows to the editor. */
export const RULE_PRESETS: readonly RulePreset[] = [
  {
    id: 'ssh',
    label: 'SSH',
    description: 'Inbound TCP 22 from anywhere',
    rules: [{ direction: 'ingress', protocol: 'tcp', port: 22, cidr: ANYWHERE }],
  },
  {
    id: 'http',
    label: 'HTTP',
    description: 'Inbound TCP 80 from anywhere',
    rules: [{ direction: 'ingress', protocol: 'tcp', port: 80, cidr: ANYWHERE }],
  },
  {
    id: 'https',
    label: 'HTTPS',
    description: 'Inbound TCP 443 from anywhere',
    rules: [{ direction: 'ingress', protocol: 'tcp', port: 443, cidr: ANYWHERE }],
  },
  {
    id: 'icmp',
    label: 'ICMP',
    description: 'Inbound ICMP (ping) from anywhere',
    rules: [{ direction: 'ingress', protocol: 'icmp', cidr: ANYWHERE }],
  },
  {
    id: 'egress',
    label: 'All egress',
    description: 'Outbound, any protocol, to anywhere',
    rules: [{ direction: 'egress', protocol: 'any', cidr: ANYWHERE }],
  },
]

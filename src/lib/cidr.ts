// IPv4 and CIDR rules the platform enforces, with reasons a person can act on. ipaddr.js reads and writes the
// addresses and blocks, as it does in the local cloud (server/local-cloud/platform/ip.ts); what is here is the
// platform's rules over it and the words for what the library refuses.
import ipaddr from 'ipaddr.js'
import { formatIpv4 } from './ipv4'

export type Ipv4Check = { ok: true; value: number } | { ok: false; reason: string }

/** IPv4 addresses as unsigned 32-bit numbers, to compare and order. */
const valueOf = (address: ipaddr.IPv4) => address.octets.reduce((value, octet) => value * 256 + octet, 0)

export function parseIpv4(text: string): Ipv4Check {
  const trimmed = text.trim()
  // Dotted decimal only: the library's parse alone also reads octal and hex parts ("010.0.0.1"), which the platform
  // refuses.
  if (ipaddr.IPv4.isValidFourPartDecimal(trimmed)) return { ok: true, value: valueOf(ipaddr.IPv4.parse(trimmed)) }
  return { ok: false, reason: whyNotIpv4(trimmed) }
}

/** Why the library refuses `text` as a dotted-decimal address, in words. */
function whyNotIpv4(text: string): string {
  if (text === '') return 'Enter an IPv4 address, e.g. 10.0.0.1.'
  if (text.includes(':')) return 'IPv6 addresses are not supported here; enter an IPv4 address.'
  const parts = text.split('.')
  if (parts.length !== 4) return `An IPv4 address has four numbers separated by dots; "${text}" has ${parts.length}.`
  const notNumber = parts.find((part) => !/^\d{1,3}$/.test(part))
  if (notNumber !== undefined) return `"${notNumber}" is not a number from 0 to 255.`
  const leadingZero = parts.find((part) => part.length > 1 && part.startsWith('0'))
  if (leadingZero !== undefined) return `"${leadingZero}" has a leading zero; write it without one.`
  return `${parts.map(Number).find((n) => n > 255)} is out of range: each number is 0 to 255.`
}

export { formatIpv4 }

export interface Cidr {
  network: number
  length: number
  /** First and last addresses of the block, inclusive. */
  first: number
  last: number
}

export type CidrCheck =
  | { ok: true; cidr: Cidr; text: string }
  | {
      ok: false
      reason: string
      /** The same block with host bits cleared, when that is the only problem. */ suggestion?: string
    }

const size = (length: number) => 2 ** (32 - length)

export function parseCidr(text: string): CidrCheck {
  const trimmed = text.trim()
  if (trimmed === '') return { ok: false, reason: 'Enter a CIDR block, e.g. 10.0.0.0/16.' }
  const slash = trimmed.indexOf('/')
  const address = parseIpv4(slash < 0 ? trimmed : trimmed.slice(0, slash))
  // Only an address is told to add a length: "garbage/24" would help no one.
  if (slash < 0)
    return address.ok
      ? { ok: false, reason: `Add a prefix length, e.g. ${trimmed}/24.` }
      : {
          ok: false,
          reason: `"${trimmed}" is no CIDR block: write an IPv4 address and a prefix length, e.g. 10.0.0.0/16.`,
        }
  if (!address.ok) return { ok: false, reason: address.reason }
  const lengthText = trimmed.slice(slash + 1)
  if (!/^\d{1,2}$/.test(lengthText) || Number(lengthText) > 32)
    return { ok: false, reason: `The prefix length must be a number from 0 to 32, not "${lengthText}".` }
  const length = Number(lengthText)
  const block = `${formatIpv4(address.value)}/${length}`
  const network = valueOf(ipaddr.IPv4.networkAddressFromCIDR(block))
  if (network !== address.value) {
    const suggestion = `${formatIpv4(network)}/${length}`
    return {
      ok: false,
      reason: `${trimmed} has host bits set: a /${length} block starts at ${formatIpv4(network)}.`,
      suggestion,
    }
  }
  return {
    ok: true,
    cidr: { network, length, first: network, last: valueOf(ipaddr.IPv4.broadcastAddressFromCIDR(block)) },
    text: block,
  }
}

/** The platform rejects networks smaller than /24 ("minimum network prefix size is /24"). */
const MIN_NETWORK_PREFIX = 24

export function checkNetworkPrefix(text: string): CidrCheck {
  const parsed = parseCidr(text)
  if (!parsed.ok) return parsed
  if (parsed.cidr.length > MIN_NETWORK_PREFIX) {
    return {
      ok: false,
      reason: `A network must be /${MIN_NETWORK_PREFIX} or larger (${size(MIN_NETWORK_PREFIX)}+ addresses); /${parsed.cidr.length} has ${size(parsed.cidr.length)}.`,
    }
  }
  return parsed
}

export function overlaps(a: Cidr, b: Cidr): boolean {
  return a.first <= b.last && b.first <= a.last
}

export function contains(block: Cidr, address: number): boolean {
  return address >= block.first && address <= block.last
}

// IPv4 and CIDR rules the platform enforces, with reasons a person can act on.

export type Ipv4Check = { ok: true; value: number } | { ok: false; reason: string }

export function parseIpv4(text: string): Ipv4Check {
  const trimmed = text.trim()
  if (trimmed === '') return { ok: false, reason: 'Enter an IPv4 address, e.g. 10.0.0.1.' }
  if (trimmed.includes(':'))
    return { ok: false, reason: 'IPv6 addresses are not supported here; enter an IPv4 address.' }
  const parts = trimmed.split('.')
  if (parts.length !== 4)
    return {
      ok: false,
      reason: `An IPv4 address has four numbers separated by dots; "${trimmed}" has ${parts.length}.`,
    }
  let value = 0
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return { ok: false, reason: `"${part}" is not a number from 0 to 255.` }
    if (part.length > 1 && part.startsWith('0'))
      return { ok: false, reason: `"${part}" has a leading zero; write it without one.` }
    const n = Number(part)
    if (n > 255) return { ok: false, reason: `${n} is out of range: each number is 0 to 255.` }
    value = value * 256 + n
  }
  return { ok: true, value }
}

export function formatIpv4(value: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.')
}

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
  if (slash < 0) return { ok: false, reason: `Add a prefix length, e.g. ${trimmed}/24.` }
  const address = parseIpv4(trimmed.slice(0, slash))
  if (!address.ok) return { ok: false, reason: address.reason }
  const lengthText = trimmed.slice(slash + 1)
  if (!/^\d{1,2}$/.test(lengthText) || Number(lengthText) > 32)
    return { ok: false, reason: `The prefix length must be a number from 0 to 32, not "${lengthText}".` }
  const length = Number(lengthText)
  const blockSize = size(length)
  const network = Math.floor(address.value / blockSize) * blockSize
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
    cidr: { network, length, first: network, last: network + blockSize - 1 },
    text: `${formatIpv4(network)}/${length}`,
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

import ipaddr from 'ipaddr.js'

/** IPv4 addresses as unsigned 32-bit numbers, so that the local cloud can hand out the next one of a prefix. */
const valueOf = (address: ipaddr.IPv4) => address.octets.reduce((value, octet) => value * 256 + octet, 0)

/**
 * A dotted-decimal address, as the platform reads one. The library's parse alone also reads octal and hex parts
 * ("010.0.0.1"), which the platform refuses.
 */
export function parseIPv4(text: string): number | null {
  return ipaddr.IPv4.isValidFourPartDecimal(text) ? valueOf(ipaddr.IPv4.parse(text)) : null
}

export function formatIPv4(value: number): string {
  return ipaddr.fromByteArray([value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255]).toString()
}

export interface Cidr {
  base: number
  length: number
  /** The number of addresses in the prefix. */
  size: number
  /** No host bits are set. */
  canonical: boolean
}

export function parseCidr(text: string): Cidr | null {
  const slash = text.indexOf('/')
  if (slash < 0) return null
  const address = parseIPv4(text.slice(0, slash))
  const lengthText = text.slice(slash + 1)
  // The length in decimal with no leading zero ("/08" is refused), which the library's parseCIDR would read.
  if (address === null || !/^(0|[1-9][0-9]?)$/.test(lengthText) || Number(lengthText) > 32) return null
  const length = Number(lengthText)
  const base = valueOf(ipaddr.IPv4.networkAddressFromCIDR(text))
  return { base, length, size: 2 ** (32 - length), canonical: base === address }
}

export function cidrContains(prefix: Cidr, address: number): boolean {
  return address >= prefix.base && address < prefix.base + prefix.size
}

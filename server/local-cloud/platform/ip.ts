/** IPv4 addresses as unsigned 32-bit numbers. */
export function parseIPv4(text: string): number | null {
  const parts = text.split('.')
  if (parts.length !== 4) return null
  let value = 0
  for (const part of parts) {
    // Decimal octets only: no signs, no leading zeros (which some parsers read as octal).
    if (!/^(0|[1-9][0-9]{0,2})$/.test(part)) return null
    const octet = Number(part)
    if (octet > 255) return null
    value = value * 256 + octet
  }
  return value
}

export function formatIPv4(value: number): string {
  return [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.')
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
  if (address === null || !/^(0|[1-9][0-9]?)$/.test(lengthText)) return null
  const length = Number(lengthText)
  if (length > 32) return null
  const size = 2 ** (32 - length)
  const base = address - (address % size)
  return { base, length, size, canonical: base === address }
}

export function cidrContains(prefix: Cidr, address: number): boolean {
  return address >= prefix.base && address < prefix.base + prefix.size
}

// IPv4 addresses and blocks as numbers, without ipaddr.js: for what the platform gave, which it has checked. A page
// that only shows them then loads none of the form code that checks what a person types (lib/cidr.ts, in the form's
// chunk with the library: scripts/chunk-groups.ts).

export function formatIpv4(value: number): string {
  return [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.')
}

/** A block written `a.b.c.d/n`: its network address (host bits cleared) and length; undefined for anything else. */
export function blockOf(text: string): { network: number; length: number } | undefined {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/.exec(text.trim())
  if (!match) return undefined
  const [a, b, c, d, length] = match.slice(1).map(Number) as [number, number, number, number, number]
  if ([a, b, c, d].some((octet) => octet > 255) || length > 32) return undefined
  const address = ((a * 256 + b) * 256 + c) * 256 + d
  return { network: address - (address % 2 ** (32 - length)), length }
}

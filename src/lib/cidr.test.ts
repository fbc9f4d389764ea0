import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import ipaddr from 'ipaddr.js'
import { checkNetworkPrefix, contains, formatIpv4, overlaps, parseCidr, parseIpv4 } from './cidr'

const cidr = (text: string) => {
  const parsed = parseCidr(text)
  if (!parsed.ok) throw new Error(parsed.reason)
  return parsed.cidr
}

describe('parseIpv4', () => {
  it('accepts dotted quads and round-trips them', () => {
    const parsed = parseIpv4('192.168.10.254')
    expect(parsed.ok && formatIpv4(parsed.value)).toBe('192.168.10.254')
  })
  it.each([
    ['10.0.0', 'four numbers'],
    ['10.0.0.256', 'out of range'],
    ['10.0.0.01', 'leading zero'],
    ['10.0.a.1', 'not a number'],
    ['fe80::1', 'IPv6'],
    ['', 'Enter an IPv4'],
  ])('rejects %s with a reason', (text, reason) => {
    const parsed = parseIpv4(text)
    expect(parsed.ok).toBe(false)
    expect(!parsed.ok && parsed.reason).toContain(reason)
  })
})

describe('parseCidr', () => {
  it('normalises a valid block', () => {
    const parsed = parseCidr(' 10.20.0.0/16 ')
    expect(parsed.ok && parsed.text).toBe('10.20.0.0/16')
    expect(parsed.ok && parsed.cidr.last).toBe(cidr('10.20.255.255/32').first)
  })
  it('explains host bits and suggests the block start', () => {
    const parsed = parseCidr('10.0.1.5/16')
    expect(parsed).toEqual({ ok: false, reason: expect.stringContaining('host bits'), suggestion: '10.0.0.0/16' })
  })
  it('asks for a prefix length when it is missing', () => {
    const parsed = parseCidr('10.0.0.0')
    expect(!parsed.ok && parsed.reason).toContain('10.0.0.0/24')
  })
  it('says a word that is no address is no CIDR block, rather than asking for its prefix length', () => {
    const parsed = parseCidr('garbage')
    expect(!parsed.ok && parsed.reason).toBe(
      '"garbage" is no CIDR block: write an IPv4 address and a prefix length, e.g. 10.0.0.0/16.',
    )
  })
  it('rejects prefix lengths above 32', () => {
    expect(parseCidr('10.0.0.0/33').ok).toBe(false)
  })
  it('accepts 0.0.0.0/0', () => {
    expect(parseCidr('0.0.0.0/0').ok).toBe(true)
  })
})

describe('checkNetworkPrefix', () => {
  it('allows /24 and larger blocks', () => {
    expect(checkNetworkPrefix('10.0.0.0/24').ok).toBe(true)
    expect(checkNetworkPrefix('10.0.0.0/8').ok).toBe(true)
  })
  it('rejects blocks smaller than /24 with the platform rule', () => {
    const parsed = checkNetworkPrefix('10.0.0.0/25')
    expect(!parsed.ok && parsed.reason).toContain('/24 or larger')
  })
})

describe('overlaps and contains', () => {
  it('detects nested and partial overlaps, not neighbours', () => {
    expect(overlaps(cidr('10.0.0.0/16'), cidr('10.0.4.0/24'))).toBe(true)
    expect(overlaps(cidr('10.0.0.0/24'), cidr('10.0.1.0/24'))).toBe(false)
  })
  it('tells whether an address is inside a block', () => {
    const ip = parseIpv4('10.0.0.1')
    expect(ip.ok && contains(cidr('10.0.0.0/24'), ip.value)).toBe(true)
    expect(ip.ok && contains(cidr('10.0.1.0/24'), ip.value)).toBe(false)
  })
})

// The console and the local cloud (server/local-cloud/platform/ip.ts) read addresses and blocks with ipaddr.js; the
// console adds the words for what it refuses. Each text the library refuses gets one of them, and a block starts and
// ends where the library says.
describe('agrees with ipaddr.js', () => {
  const octet = fc.oneof(fc.integer({ min: 0, max: 300 }).map(String), fc.constantFrom('00', '07', '010', 'a', ''))
  const dotted = fc.array(octet, { minLength: 3, maxLength: 5 }).map((parts) => parts.join('.'))

  it('on what is a dotted-decimal address, and says why it is not', () => {
    fc.assert(
      fc.property(dotted, (text) => {
        const parsed = parseIpv4(text)
        expect(parsed.ok).toBe(ipaddr.IPv4.isValidFourPartDecimal(text))
        if (!parsed.ok)
          expect(parsed.reason).toMatch(
            /^(An IPv4 address has four numbers|".*" is not a number|".*" has a leading zero|\d+ is out of range)/,
          )
      }),
    )
  })

  it('on the first and last address of a block', () => {
    const address = fc.tuple(...[0, 1, 2, 3].map(() => fc.integer({ min: 0, max: 255 }))).map((o) => o.join('.'))
    fc.assert(
      fc.property(address, fc.integer({ min: 0, max: 32 }), (text, length) => {
        const block = `${text}/${length}`
        const network = ipaddr.IPv4.networkAddressFromCIDR(block).toString()
        const parsed = parseCidr(`${network}/${length}`)
        expect(parsed.ok && formatIpv4(parsed.cidr.first)).toBe(network)
        expect(parsed.ok && formatIpv4(parsed.cidr.last)).toBe(ipaddr.IPv4.broadcastAddressFromCIDR(block).toString())
        expect(parseCidr(block).ok).toBe(network === text)
      }),
    )
  })
})

import { describe, expect, it } from 'vitest'
import { cidrContains, formatIPv4, parseCidr, parseIPv4 } from './ip.ts'

describe('IPv4 and CIDR parsing', () => {
  it('reads dotted-decimal addresses and rejects anything else', () => {
    expect(parseIPv4('10.0.1.5')).toBe(10 * 2 ** 24 + 1 * 256 + 5)
    expect(formatIPv4(parseIPv4('255.255.255.255') as number)).toBe('255.255.255.255')
    for (const bad of [
      '10.0.1',
      '10.0.1.256',
      '010.0.0.1',
      '1.2.3.4.5',
      '',
      ' 1.2.3.4',
      '1.2.3.-4',
      '::1',
      '1.2.3.4/32',
    ])
      expect(parseIPv4(bad)).toBeNull()
  })

  it('reads prefixes, noticing host bits', () => {
    expect(parseCidr('10.20.0.0/16')).toEqual({
      base: parseIPv4('10.20.0.0'),
      length: 16,
      size: 65536,
      canonical: true,
    })
    expect(parseCidr('10.20.0.5/16')?.canonical).toBe(false)
    expect(parseCidr('0.0.0.0/0')?.size).toBe(2 ** 32)
    for (const bad of ['10.0.0.0', '10.0.0.0/33', '10.0.0.0/', '10.0.0.0/08', '10.0.0/8', 'x/8'])
      expect(parseCidr(bad)).toBeNull()
  })

  it('tells whether an address is inside a prefix', () => {
    const prefix = parseCidr('192.168.10.0/24')
    if (!prefix) throw new Error('unparsed')
    expect(cidrContains(prefix, parseIPv4('192.168.10.255') as number)).toBe(true)
    expect(cidrContains(prefix, parseIPv4('192.168.11.0') as number)).toBe(false)
  })
})

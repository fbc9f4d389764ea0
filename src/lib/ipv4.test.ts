import { describe, expect, it } from 'vitest'
import { blockOf, formatIpv4 } from './ipv4'
import { parseCidr } from './cidr'

describe('blockOf', () => {
  it('reads a block as the form check does, its host bits cleared', () => {
    for (const text of ['10.0.0.0/16', '192.168.4.0/22', '0.0.0.0/0', '10.1.2.3/32']) {
      const checked = parseCidr(text)
      if (!checked.ok) throw new Error(text)
      expect(blockOf(text)).toEqual({ network: checked.cidr.network, length: checked.cidr.length })
    }
    expect(blockOf('10.0.0.77/24')).toEqual(blockOf('10.0.0.0/24'))
  })

  it('reads nothing that is not a block', () => {
    for (const text of ['10.0.0.0', '10.0.0.256/8', '10.0.0.0/33', 'fd00::/8', '', '10.0.0/8'])
      expect(blockOf(text)).toBe(undefined)
  })
})

describe('formatIpv4', () => {
  it('writes the dotted quad', () => {
    expect(formatIpv4(0)).toBe('0.0.0.0')
    expect(formatIpv4(0xffffffff)).toBe('255.255.255.255')
    expect(formatIpv4(10 * 2 ** 24 + 258)).toBe('10.0.1.2')
  })
})

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  describeRule,
  exposureOf,
  findDuplicates,
  isAnywhere,
  isOpenToWorld,
  openToWorldWarning,
  parsePorts,
  portsText,
  RULE_PRESETS,
  ruleKey,
  takesPorts,
  type RuleShape,
} from './rules'

describe('takesPorts', () => {
  it('is true only for tcp and udp', () => {
    expect(['any', 'icmp', 'tcp', 'udp', 'vrrp'].filter(takesPorts)).toEqual(['tcp', 'udp'])
  })
})

describe('parsePorts', () => {
  it('reads empty or 0 as every port, one port, and a range with a hyphen, an en dash or spaces', () => {
    expect(parsePorts('')).toEqual({ ok: true })
    expect(parsePorts('0')).toEqual({ ok: true })
    expect(parsePorts(' 22 ')).toEqual({ ok: true, port: 22 })
    expect(parsePorts('8000-8080')).toEqual({ ok: true, port: 8000, portMax: 8080 })
    expect(parsePorts('8000 – 8080')).toEqual({ ok: true, port: 8000, portMax: 8080 })
  })
  it('turns a range with equal ends into one port, since the platform wants port < portMax', () => {
    expect(parsePorts('80-80')).toEqual({ ok: true, port: 80 })
  })
  it('explains what is wrong', () => {
    expect(parsePorts('0-80')).toEqual({ ok: false, reason: 'Ports are 1 to 65535; 0 is not.' })
    expect(parsePorts('1-65536')).toEqual({ ok: false, reason: 'Ports are 1 to 65535; 65536 is not.' })
    expect(parsePorts('8080-8000')).toEqual({ ok: false, reason: 'A range goes from low to high: write 8000-8080.' })
    expect(parsePorts('ssh')).toEqual({ ok: false, reason: 'Write one port (22) or a range (8000-8080), not "ssh".' })
    expect(parsePorts('22,80')).toMatchObject({ ok: false })
  })
  it('round-trips with portsText for every valid port and range', () => {
    const port = fc.integer({ min: 1, max: 65535 })
    fc.assert(
      fc.property(port, port, (a, b) => {
        const rule = a === b ? { port: a } : { port: Math.min(a, b), portMax: Math.max(a, b) }
        expect(parsePorts(portsText(rule))).toEqual({ ok: true, ...rule })
      }),
    )
  })
})

describe('describeRule', () => {
  it('reads a rule as a sentence', () => {
    expect(describeRule({ direction: 'ingress', protocol: 'tcp', port: 22, cidr: '10.0.0.0/8' })).toBe(
      'Allow inbound TCP 22 from 10.0.0.0/8',
    )
    expect(describeRule({ direction: 'egress', protocol: 'any' })).toBe('Allow outbound any protocol to anywhere')
    expect(describeRule({ direction: 'ingress', protocol: 'udp', port: 8000, portMax: 8080, cidr: '0.0.0.0/0' })).toBe(
      'Allow inbound UDP 8000–8080 from anywhere',
    )
    expect(describeRule({ direction: 'ingress', protocol: 'tcp', cidr: '192.168.0.0/16' })).toBe(
      'Allow inbound TCP on all ports from 192.168.0.0/16',
    )
    expect(describeRule({ direction: 'ingress', protocol: 'icmp', cidr: '10.20.0.0/16' })).toBe(
      'Allow inbound ICMP from 10.20.0.0/16',
    )
    expect(describeRule({ direction: 'egress', protocol: 'vrrp', cidr: '10.0.0.0/24' })).toBe(
      'Allow outbound VRRP to 10.0.0.0/24',
    )
  })
  it('ignores a port on a protocol that takes none', () => {
    expect(describeRule({ direction: 'ingress', protocol: 'icmp', port: 8 })).toBe('Allow inbound ICMP from anywhere')
  })
})

describe('isAnywhere', () => {
  it('treats no range and any /0 block as anywhere', () => {
    expect([undefined, '', ' ', '0.0.0.0/0', '10.0.0.0/8', '0.0.0.0/1'].map(isAnywhere)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
    ])
  })
})

describe('findDuplicates', () => {
  it('points each repeated rule at its first occurrence, comparing normalised ranges', () => {
    const rules: RuleShape[] = [
      { direction: 'ingress', protocol: 'tcp', port: 22, cidr: '10.0.0.0/8' },
      { direction: 'ingress', protocol: 'tcp', port: 22, cidr: ' 10.0.0.0/8 ' },
      { direction: 'egress', protocol: 'tcp', port: 22, cidr: '10.0.0.0/8' },
      { direction: 'egress', protocol: 'any' },
      { direction: 'egress', protocol: 'any', cidr: '0.0.0.0/0' },
      { direction: 'ingress', protocol: 'tcp', port: 22, portMax: 23, cidr: '10.0.0.0/8' },
    ]
    expect(findDuplicates(rules)).toEqual([undefined, 0, undefined, undefined, 3, undefined])
  })
  it('ignores ports a protocol does not take', () => {
    expect(ruleKey({ direction: 'ingress', protocol: 'icmp', port: 8 })).toBe(
      ruleKey({ direction: 'ingress', protocol: 'icmp' }),
    )
  })
})

describe('exposureOf', () => {
  const of = (rule: Partial<RuleShape>) => exposureOf({ direction: 'ingress', protocol: 'tcp', ...rule })
  it('says what every rule exposes, not only the ones open to the internet', () => {
    expect(of({ port: 22 })).toBe('internet')
    expect(of({ port: 443, cidr: '0.0.0.0/0' })).toBe('internet-web')
    expect(of({ port: 22, cidr: '10.20.0.0/16' })).toBe('private')
    expect(of({ protocol: 'any', cidr: '192.168.1.7/32' })).toBe('private')
    expect(of({ port: 22, cidr: '172.32.0.0/16' })).toBe('listed')
    expect(of({ port: 22, cidr: '203.0.113.0/24' })).toBe('listed')
    expect(of({ direction: 'egress', protocol: 'any' })).toBe('outbound')
  })
})

describe('isOpenToWorld', () => {
  const open = (rule: Partial<RuleShape>) => isOpenToWorld({ direction: 'ingress', protocol: 'tcp', ...rule })
  it('flags inbound rules from anywhere except single web ports', () => {
    expect(open({ port: 22 })).toBe(true)
    expect(open({ port: 22, cidr: '0.0.0.0/0' })).toBe(true)
    expect(open({ protocol: 'any' })).toBe(true)
    expect(open({ protocol: 'icmp' })).toBe(true)
    expect(open({})).toBe(true)
    expect(open({ port: 80, portMax: 443 })).toBe(true)
    expect(open({ port: 80 })).toBe(false)
    expect(open({ port: 443 })).toBe(false)
    expect(open({ protocol: 'udp', port: 443 })).toBe(false)
  })
  it('does not flag a narrower range or outbound traffic', () => {
    expect(open({ port: 22, cidr: '203.0.113.0/24' })).toBe(false)
    expect(isOpenToWorld({ direction: 'egress', protocol: 'any' })).toBe(false)
  })
  it('says what is exposed', () => {
    expect(openToWorldWarning({ direction: 'ingress', protocol: 'tcp', port: 22 })).toBe(
      'Open to the whole internet (0.0.0.0/0) on TCP port 22. Narrow the range to the addresses that need it.',
    )
    expect(openToWorldWarning({ direction: 'ingress', protocol: 'tcp', port: 8000, portMax: 8080 })).toMatch(
      /on TCP ports 8000–8080\./,
    )
    expect(openToWorldWarning({ direction: 'ingress', protocol: 'any' })).toMatch(/on any protocol\./)
    expect(openToWorldWarning({ direction: 'ingress', protocol: 'tcp', port: 443 })).toBeUndefined()
  })
})

describe('presets', () => {
  it('are distinct rules, and only the web ports and egress go without a warning', () => {
    const rules = RULE_PRESETS.flatMap((preset) => preset.rules)
    expect(findDuplicates(rules).every((index) => index === undefined)).toBe(true)
    expect(RULE_PRESETS.filter((preset) => preset.rules.some(isOpenToWorld)).map((preset) => preset.id)).toEqual([
      'ssh',
      'icmp',
    ])
  })
})

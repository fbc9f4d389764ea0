import { describe, expect, it } from 'vitest'
import { securityGroupApi } from '../../api/securityGroups'
import type { SecurityGroup } from '../../api/schemas/regional'
import { describeRule, isOpenToWorld, RULE_PRESETS } from './rules'
import {
  duplicateRows,
  newRuleRow,
  rowOfRule,
  ruleOfRow,
  securityGroupCreateForm,
  toCreateWire,
  toUpdateWire,
  updateDefaults,
  type SecurityGroupCreateValues,
} from './security-group-form'
import { issuesOf, namedValues } from '../../test/form-fixtures'

const valid: SecurityGroupCreateValues = {
  ...namedValues('web-frontends', { name: 'env', value: 'prod' }),
  networkId: 'net-1',
  rules: [
    { direction: 'ingress', protocol: 'tcp', ports: '22', source: 'cidr', cidr: '10.0.0.0/8' },
    { direction: 'ingress', protocol: 'tcp', ports: '8000-8080', source: 'cidr', cidr: '172.16.0.0/12' },
    { direction: 'egress', protocol: 'any', ports: '', source: 'anywhere', cidr: '' },
  ],
}

const issues = (values: SecurityGroupCreateValues) => issuesOf(securityGroupCreateForm, values)

describe('security group create form', () => {
  it('sends a single port as port, a range as port and portMax, and anywhere as 0.0.0.0/0', () => {
    expect(issues(valid)).toEqual([])
    expect(toCreateWire(valid).body).toEqual({
      metadata: { name: 'web-frontends', tags: [{ name: 'env', value: 'prod' }] },
      spec: {
        networkId: 'net-1',
        rules: [
          { direction: 'ingress', protocol: 'tcp', port: 22, cidr: '10.0.0.0/8' },
          { direction: 'ingress', protocol: 'tcp', port: 8000, portMax: 8080, cidr: '172.16.0.0/12' },
          { direction: 'egress', protocol: 'any', cidr: '0.0.0.0/0' },
        ],
      },
    })
  })

  it('puts the range in both cidr and prefix on the wire', () => {
    const request = securityGroupApi.create.request({ body: toCreateWire(valid).body }) as {
      body: { spec: { rules: unknown[] } }
    }
    expect(request.body.spec.rules[1]).toEqual({
      direction: 'ingress',
      protocol: 'tcp',
      port: 8000,
      portMax: 8080,
      cidr: '172.16.0.0/12',
      prefix: '172.16.0.0/12',
    })
  })

  it('leaves out ports a protocol does not take, even when some were typed before switching', () => {
    const body = toCreateWire({
      ...valid,
      rules: [{ direction: 'ingress', protocol: 'icmp', ports: '22', source: 'anywhere', cidr: '' }],
    }).body
    expect(body.spec.rules).toEqual([{ direction: 'ingress', protocol: 'icmp', cidr: '0.0.0.0/0' }])
    expect(
      issues({
        ...valid,
        rules: [{ direction: 'ingress', protocol: 'icmp', ports: 'not a port', source: 'anywhere', cidr: '' }],
      }),
    ).toEqual([])
  })

  it('names the bad ports and CIDR of each row, with the fix for host bits', () => {
    const found = issues({
      ...valid,
      rules: [
        { direction: 'ingress', protocol: 'udp', ports: '9000-80', source: 'cidr', cidr: '10.1.2.3/8' },
        { direction: 'ingress', protocol: 'tcp', ports: '70000', source: 'cidr', cidr: '' },
      ],
    })
    expect(found).toEqual([
      'rules.0.ports: A range goes from low to high: write 80-9000.',
      'rules.0.cidr: 10.1.2.3/8 has host bits set: a /8 block starts at 10.0.0.0. Use 10.0.0.0/8.',
      'rules.1.ports: Ports are 1 to 65535; 70000 is not.',
      'rules.1.cidr: Enter a CIDR block, e.g. 10.0.0.0/16.',
    ])
  })

  it('does not check the CIDR text of a rule open to anywhere', () => {
    expect(
      issues({
        ...valid,
        rules: [{ direction: 'ingress', protocol: 'tcp', ports: '443', source: 'anywhere', cidr: 'left over' }],
      }),
    ).toEqual([])
  })

  it('refuses a duplicate rule, naming the rule it repeats', () => {
    const found = issues({
      ...valid,
      rules: [
        ...valid.rules,
        { direction: 'ingress', protocol: 'tcp', ports: '22', source: 'cidr', cidr: ' 10.0.0.0/8' },
      ],
    })
    expect(found).toEqual(['rules.3.duplicate: The same as rule 1.'])
  })

  it('requires a network and a valid name', () => {
    const found = issues({ ...valid, name: '', networkId: '' })
    expect(found[0]).toBe('name: Enter a name.')
    expect(found).toContain('networkId: Choose the network this group belongs to.')
  })
})

describe('rows and rules', () => {
  it('reads a rule from the API into a row and back unchanged', () => {
    const group = {
      metadata: { id: 'sg', name: 'nccl', description: 'x', tags: [{ name: 'team', value: 'r' }] },
      spec: {
        rules: [
          { direction: 'ingress', protocol: 'tcp', port: 29500, portMax: 29600, cidr: '10.20.0.0/16' },
          { direction: 'ingress', protocol: 'any' },
        ],
      },
      status: { networkId: 'n', regionId: 'r' },
    } as unknown as SecurityGroup
    const values = updateDefaults(group)
    expect(values.rules).toEqual([
      { direction: 'ingress', protocol: 'tcp', ports: '29500-29600', source: 'cidr', cidr: '10.20.0.0/16' },
      { direction: 'ingress', protocol: 'any', ports: '', source: 'anywhere', cidr: '' },
    ])
    expect(toUpdateWire(values).body.spec.rules).toEqual([
      { direction: 'ingress', protocol: 'tcp', port: 29500, portMax: 29600, cidr: '10.20.0.0/16' },
      { direction: 'ingress', protocol: 'any', cidr: '0.0.0.0/0' },
    ])
  })

  it('turns every preset into a valid row', () => {
    const rows = RULE_PRESETS.flatMap((preset) => preset.rules.map(rowOfRule))
    expect(issues({ ...valid, rules: rows })).toEqual([])
    expect(rows[0]).toEqual({ direction: 'ingress', protocol: 'tcp', ports: '22', source: 'anywhere', cidr: '' })
  })

  it('starts a new row with an empty CIDR to fill', () => {
    expect(issues({ ...valid, rules: [newRuleRow()] })).toEqual(['rules.0.cidr: Enter a CIDR block, e.g. 10.0.0.0/16.'])
  })
})

describe('pathOf: a platform error path back to the form field', () => {
  const { pathOf } = toCreateWire({ ...valid, rules: [newRuleRow(), newRuleRow(), newRuleRow()] })
  it('maps platform field paths to form fields', () => {
    expect(pathOf(['spec', 'rules', 2, 'portMax'])).toBe('rules.2.ports')
    expect(pathOf(['spec', 'rules', 0, 'port'])).toBe('rules.0.ports')
    expect(pathOf(['spec', 'rules', 1, 'prefix'])).toBe('rules.1.cidr')
    expect(pathOf(['spec', 'rules', 1, 'cidr'])).toBe('rules.1.cidr')
    expect(pathOf(['spec', 'networkId'])).toBe('networkId')
    expect(pathOf(['metadata', 'name'])).toBe('name')
    expect(pathOf(['spec', 'rules'])).toBeUndefined()
    expect(pathOf(['spec', 'rules', 0, 'weird'])).toBeUndefined()
  })

  it('a rule error on sent row N lands on the row the user sees as N (every row is sent), after blank tag rows', () => {
    const rules = [newRuleRow(), { ...newRuleRow(), cidr: '10.0.0.0/8' }, { ...newRuleRow(), ports: '80' }]
    const tags = [
      { name: '', value: '' },
      { name: 'env', value: 'prod' },
    ]
    const wire = toUpdateWire({ name: 'web', description: '', tags, rules })
    expect(wire.body.spec.rules).toHaveLength(3)
    expect(wire.pathOf(['spec', 'rules', 2, 'port'])).toBe('rules.2.ports')
    expect(wire.pathOf(['metadata', 'tags', 0, 'value'])).toBe('tags.1.value')
    expect(wire.pathOf(['spec', 'rules', 3, 'port'])).toBeUndefined()
  })
})

describe('rows being typed', () => {
  it('never read an empty CIDR block as anywhere, and are not compared for duplicates', () => {
    const blank = newRuleRow()
    expect(describeRule(ruleOfRow(blank))).toBe('Allow inbound TCP on all ports from …')
    expect(isOpenToWorld(ruleOfRow(blank))).toBe(false)
    expect(duplicateRows([blank, blank])).toEqual([undefined, undefined])
    const ssh = rowOfRule({ direction: 'ingress', protocol: 'tcp', port: 22 })
    expect(duplicateRows([ssh, blank, { ...ssh, ports: '2' }, ssh])).toEqual([undefined, undefined, undefined, 0])
  })
})

describe('port 0', () => {
  it('is all ports in the field, the rule summary and the request alike', () => {
    const row = { ...newRuleRow(), ports: '0', source: 'anywhere' as const }
    expect(describeRule(ruleOfRow(row))).toBe('Allow inbound TCP on all ports from anywhere')
    const values = { ...valid, rules: [row] }
    expect(securityGroupCreateForm.safeParse(values).success).toBe(true)
    expect(toCreateWire(values).body.spec.rules[0]).not.toHaveProperty('port')
  })
})

import { describe, expect, it } from 'vitest'
import type { Network } from '../../api/schemas/regional'
import { issuesOf, placedValues } from '../../test/form-fixtures'
import { findOverlap, networkCreateForm, toCreateWire, toUpdateWire, type NetworkCreateValues } from './network-form'

const valid: NetworkCreateValues = {
  ...placedValues('training-net', { name: 'env', value: 'prod' }),
  prefix: '10.8.0.0/16',
  reserve: '',
  providerReserve: '',
  dnsNameservers: [{ address: '1.1.1.1' }, { address: '' }],
  routes: [{ prefix: '192.168.0.0/24', nexthop: '10.8.0.1' }],
}

const issues = (values: NetworkCreateValues) => issuesOf(networkCreateForm, values)

describe('network create form', () => {
  it('sends the reservation typed, checks it at its fields, and sends none for the platform default', () => {
    expect(toCreateWire(valid).body.spec).not.toHaveProperty('reservations')
    const reserved = { ...valid, reserve: '/20', providerReserve: '24' }
    expect(issues(reserved)).toEqual([])
    expect(toCreateWire(reserved).body.spec.reservations).toEqual({
      prefixLength: 20,
      providerReservedPrefixLength: 24,
    })
    expect(issues({ ...valid, reserve: '16' })).toEqual([
      "reserve: Longer than the network's /16: the reservation is carved from inside it.",
    ])
    expect(issues({ ...valid, reserve: '20', providerReserve: '19' })).toEqual([
      "providerReserve: At least /20: the provider's part is carved from the reserved prefix.",
    ])
  })

  it('accepts a complete network and drops blank rows from the body', () => {
    expect(issues(valid)).toEqual([])
    expect(toCreateWire(valid).body).toEqual({
      metadata: { name: 'training-net', tags: [{ name: 'env', value: 'prod' }] },
      spec: {
        organizationId: 'acme',
        projectId: 'ml',
        regionId: 'eu-west-1',
        prefix: '10.8.0.0/16',
        dnsNameservers: ['1.1.1.1'],
        routes: [{ prefix: '192.168.0.0/24', nexthop: '10.8.0.1' }],
      },
    })
  })
  it('explains a prefix with host bits and suggests the fix', () => {
    expect(issues({ ...valid, prefix: '10.8.3.0/16' })).toEqual([
      'prefix: 10.8.3.0/16 has host bits set: a /16 block starts at 10.8.0.0. Use 10.8.0.0/16.',
    ])
  })
  it('enforces the /24-or-larger rule', () => {
    expect(issues({ ...valid, prefix: '10.8.0.0/26', routes: [] })[0]).toMatch(
      /^prefix: A network must be \/24 or larger/,
    )
  })
  it('names the bad DNS server and route fields', () => {
    const found = issues({
      ...valid,
      dnsNameservers: [{ address: '8.8.8' }],
      routes: [{ prefix: '10.0.0.0/33', nexthop: '172.16.0.1' }],
    })
    expect(found).toEqual([
      'dnsNameservers.0.address: An IPv4 address has four numbers separated by dots; "8.8.8" has 3.',
      'routes.0.prefix: The prefix length must be a number from 0 to 32, not "33".',
      'routes.0.nexthop: The next hop must be inside the network 10.8.0.0/16.',
    ])
  })
  it('rejects duplicate tag names and names the platform would refuse', () => {
    const found = issues({
      ...valid,
      name: '-bad',
      tags: [
        { name: 'env', value: 'a' },
        { name: 'env', value: 'b' },
      ],
    })
    expect(found).toEqual([
      expect.stringMatching(/^name: Use letters/),
      'tags.1.name: The tag "env" is already set above.',
    ])
  })
})

describe('pathOf: a platform error path back to the form field', () => {
  const pathOf = toCreateWire(valid).pathOf
  it('maps platform field paths to form fields', () => {
    expect(pathOf(['spec', 'prefix'])).toBe('prefix')
    expect(pathOf(['spec', 'dnsNameservers', 0])).toBe('dnsNameservers.0.address')
    expect(pathOf(['spec', 'routes', 0, 'nexthop'])).toBe('routes.0.nexthop')
    expect(pathOf(['metadata', 'name'])).toBe('name')
    expect(pathOf(['spec', 'somethingElse'])).toBeUndefined()
  })

  it('finds the tag row the platform names, counting only the rows that were sent', () => {
    // A blank first row is not sent: the platform's tag 1 is the form's row 2.
    const tags = [
      { name: '', value: '' },
      { name: 'team', value: 'a' },
      { name: 'owner', value: 'b' },
    ]
    const { pathOf } = toCreateWire({ ...valid, tags })
    expect(pathOf(['metadata', 'tags', 1, 'value'])).toBe('tags.2.value')
    expect(pathOf(['metadata', 'tags', 0])).toBe('tags.1.name')
    expect(pathOf(['metadata', 'tags', 2, 'name'])).toBeUndefined()
  })

  it('a DNS server error on sent row N lands on the row the user sees as N, after blank rows', () => {
    // Form rows: blank, 1.1.1.1, blank, 300.1.1.1. Sent: [1.1.1.1, 300.1.1.1]; the platform blames sent row 1.
    const dnsNameservers = [{ address: '' }, { address: '1.1.1.1' }, { address: ' ' }, { address: '300.1.1.1' }]
    const wire = toCreateWire({ ...valid, dnsNameservers })
    expect(wire.body.spec.dnsNameservers).toEqual(['1.1.1.1', '300.1.1.1'])
    expect(wire.pathOf(['spec', 'dnsNameservers', 1])).toBe('dnsNameservers.3.address')
    expect(wire.pathOf(['spec', 'dnsNameservers', 0])).toBe('dnsNameservers.1.address')
  })

  it('a route error on sent row N lands on the row the user sees as N, after blank rows, on edit too', () => {
    const routes = [
      { prefix: '', nexthop: '' },
      { prefix: '192.168.0.0/24', nexthop: '10.8.0.1' },
      { prefix: '', nexthop: '' },
      { prefix: '172.16.0.0/12', nexthop: '10.9.0.1' },
    ]
    const wire = toUpdateWire({
      name: 'n',
      description: '',
      tags: [],
      prefix: '10.8.0.0/16',
      dnsNameservers: [],
      routes,
    })
    expect(wire.body.spec.routes).toHaveLength(2)
    expect(wire.pathOf(['spec', 'routes', 1, 'nexthop'])).toBe('routes.3.nexthop')
    expect(wire.pathOf(['spec', 'routes', 0, 'prefix'])).toBe('routes.1.prefix')
    // A plain business sentence names the routes but no row: no field can take it, so it goes above the form.
    expect(wire.pathOf(['spec', 'routes'])).toBeUndefined()
  })
})

describe('findOverlap', () => {
  const network = (id: string, projectId: string, prefix: string) =>
    ({
      metadata: { id, name: id, projectId },
      spec: { dnsNameservers: [] },
      status: { prefix, regionId: 'r' },
    }) as unknown as Network
  const existing = [network('a', 'ml', '10.0.0.0/16'), network('b', 'other', '10.8.0.0/16')]
  it('finds an overlapping network in the same project only', () => {
    expect(findOverlap('10.0.4.0/24', existing, 'ml')?.metadata.id).toBe('a')
    expect(findOverlap('10.8.0.0/24', existing, 'ml')).toBeUndefined()
    expect(findOverlap('not a cidr', existing, 'ml')).toBeUndefined()
  })
})

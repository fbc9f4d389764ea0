import { beforeAll, describe, expect, it } from 'vitest'
import { useLocalCloud } from '../../test-cloud.ts'
import { byName } from '../../test-client.ts'

const local = useLocalCloud()
let networkId: string
const base = '/local/region/api/v2/securitygroups'

beforeAll(async () => {
  networkId = byName((await local.api.get('/local/region/api/v2/networks')).body, 'sandbox').metadata.id
})

const group = (name: string, rules: unknown[], network = () => networkId) => ({
  metadata: { name },
  spec: { networkId: network(), rules },
})

describe('security groups', () => {
  it('ignores a rule’s cidr, as the platform does: a rule sent with cidr alone opens to any source', async () => {
    const res = await local.api.post(
      base,
      group('sg-cidr-alone', [{ direction: 'ingress', protocol: 'tcp', port: 22, cidr: '10.1.0.0/16' }]),
    )
    expect(res.status).toBe(201)
    expect(res.body.spec.rules).toEqual([{ direction: 'ingress', protocol: 'tcp', port: 22, prefix: '0.0.0.0/0' }])
  })

  it('creates (201) with rules answered in the platform’s spelling (prefix, portMax) and takes scope from the network', async () => {
    const res = await local.api.post(
      base,
      group('sg-create', [
        { direction: 'ingress', protocol: 'tcp', port: 443, cidr: '0.0.0.0/0' },
        { direction: 'ingress', protocol: 'tcp', port: 8000, portMax: 8100, prefix: '10.0.0.0/8' },
        { direction: 'egress', protocol: 'any' },
      ]),
    )
    expect(res.status).toBe(201)
    const network = (await local.api.get(`/local/region/api/v2/networks/${networkId}`)).body
    expect(res.body.metadata).toMatchObject({
      name: 'sg-create',
      organizationId: network.metadata.organizationId,
      projectId: network.metadata.projectId,
      provisioningStatus: 'provisioned',
    })
    expect(res.body.status).toEqual({ regionId: network.status.regionId, networkId })
    expect(res.body.spec.rules).toEqual([
      { direction: 'ingress', protocol: 'tcp', port: 443, prefix: '0.0.0.0/0' },
      { direction: 'ingress', protocol: 'tcp', port: 8000, portMax: 8100, prefix: '10.0.0.0/8' },
      { direction: 'egress', protocol: 'any', prefix: '0.0.0.0/0' },
    ])
    expect((await local.api.get(`${base}/${res.body.metadata.id}`)).body).toEqual(res.body)
  })

  it('updates rules and metadata (202) and deletes (202)', async () => {
    const id = (await local.api.post(base, group('sg-update', []))).body.metadata.id
    const updated = await local.api.put(`${base}/${id}`, {
      metadata: { name: 'sg-updated', description: 'd' },
      spec: { rules: [{ direction: 'ingress', protocol: 'udp', port: 53, prefix: '10.0.0.0/8' }] },
    })
    expect(updated.status).toBe(202)
    expect(updated.body.metadata).toMatchObject({ name: 'sg-updated', description: 'd' })
    expect(updated.body.spec.rules).toEqual([{ direction: 'ingress', protocol: 'udp', port: 53, prefix: '10.0.0.0/8' }])
    expect((await local.api.del(`${base}/${id}`)).status).toBe(202)
    expect((await local.api.get(`${base}/${id}`)).status).toBe(404)
  })

  it('refuses to delete a group used by an instance, naming the instance', async () => {
    const inUse = byName((await local.api.get(base)).body, 'nccl-cluster')
    const res = await local.api.del(`${base}/${inUse.metadata.id}`)
    expect(res.status).toBe(403)
    expect(res.body.error_description).toMatch(/in use and cannot be deleted/)
    expect(res.body.error_description).toMatch(/trainer-h100-0/)
  })

  it.each([
    ['an unknown direction', { direction: 'sideways', protocol: 'tcp' }, '/spec/rules/0/direction'],
    ['an unknown protocol', { direction: 'ingress', protocol: 'sctp' }, '/spec/rules/0/protocol'],
    ['a missing protocol', { direction: 'ingress' }, '/spec/rules/0/protocol'],
    ['port 0', { direction: 'ingress', protocol: 'tcp', port: 0 }, '/spec/rules/0/port'],
    ['port 65536', { direction: 'ingress', protocol: 'tcp', port: 65536 }, '/spec/rules/0/port'],
    ['a fractional port', { direction: 'ingress', protocol: 'tcp', port: 22.5 }, '/spec/rules/0/port'],
    ['a port given as a string', { direction: 'ingress', protocol: 'tcp', port: '22' }, '/spec/rules/0/port'],
    ['an invalid cidr', { direction: 'ingress', protocol: 'tcp', cidr: '10.0.0.0/33' }, '/spec/rules/0/cidr'],
    ['an invalid prefix', { direction: 'ingress', protocol: 'tcp', prefix: 'anywhere' }, '/spec/rules/0/prefix'],
  ])('rejects a rule with %s', async (_label, rule, path) => {
    const res = await local.api.post(base, group('sg-invalid', [rule]))
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('invalid_request')
    expect(res.body.error_description).toContain(`"${path}"`)
  })

  // Rules across a rule's fields answer as the platform does: a plain sentence, with no field path.
  it.each([
    [
      'a port on icmp',
      { direction: 'ingress', protocol: 'icmp', port: 8 },
      'ports can only be given for tcp and udp rules',
    ],
    [
      'a port on any',
      { direction: 'ingress', protocol: 'any', port: 80 },
      'ports can only be given for tcp and udp rules',
    ],
    [
      'portMax not above port',
      { direction: 'ingress', protocol: 'tcp', port: 100, portMax: 100 },
      'must be greater than port',
    ],
    [
      'portMax without port',
      { direction: 'ingress', protocol: 'tcp', portMax: 100 },
      'a port range needs port as well as portMax',
    ],
    [
      'prefix and cidr that differ',
      { direction: 'ingress', protocol: 'tcp', prefix: '10.0.0.0/8', cidr: '0.0.0.0/0' },
      'prefix and cidr differ; send one of them, or both with the same value',
    ],
  ])('rejects a rule with %s (a plain sentence)', async (_label, rule, sentence) => {
    const res = await local.api.post(base, group('sg-invalid', [rule]))
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ error: 'invalid_request', error_description: sentence, trace_id: expect.any(String) })
  })

  it('rejects rules that are not an array, and an unknown network', async () => {
    expect(
      (await local.api.post(base, { metadata: { name: 'x' }, spec: { networkId, rules: {} } })).body.error_description,
    ).toContain('"/spec/rules"')
    const unknown = await local.api.post(
      base,
      group('sg-x', [], () => '7a1c2d3e-0000-4000-8000-000000000000'),
    )
    expect(unknown.status).toBe(400)
    expect(unknown.body.error_description).toBe('network does not exist')
  })

  it('accepts a duplicate name in the project, as the platform does', async () => {
    expect((await local.api.post(base, group('sg-dup', []))).status).toBe(201)
    expect((await local.api.post(base, group('sg-dup', []))).status).toBe(201)
  })

  it('filters by networkID, OR-ing several', async () => {
    const networks = (await local.api.get('/local/region/api/v2/networks')).body
    const fabric = byName(networks, 'training-fabric').metadata.id
    const prod = byName(networks, 'inference-prod').metadata.id
    const one = (await local.api.get(`${base}?networkID=${fabric}`)).body
    expect(one.length).toBeGreaterThan(0)
    expect(one.every((g: { status: { networkId: string } }) => g.status.networkId === fabric)).toBe(true)
    const both = (await local.api.get(`${base}?networkID=${fabric}&networkID=${prod}`)).body
    expect(new Set(both.map((g: { status: { networkId: string } }) => g.status.networkId))).toEqual(
      new Set([fabric, prod]),
    )
  })
})

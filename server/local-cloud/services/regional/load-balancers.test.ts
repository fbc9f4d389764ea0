import { beforeAll, describe, expect, it } from 'vitest'
import { startLocalCloud } from '../../testing.ts'
import { useLocalCloud } from '../../test-cloud.ts'
import { byName, eventually, testClient } from '../../test-client.ts'
import { EU_WEST_1, US_EAST_1 } from '../../catalog/ids.ts'

// The operations of region v1.20.0's /api/v2/loadbalancers: list 200 (400); create 201 (400, 403, 404, 422); get 200
// (404); update 202 (400, 404, 409, 422); delete 202 (404).
const local = useLocalCloud()
const path = '/local/region/api/v2/loadbalancers'
const networks = '/local/region/api/v2/networks'
let org: string
let sandbox: { id: string; prefix: string }

beforeAll(async () => {
  org = local.organizationId
  const listed = await local.api.get(`${networks}?organizationID=${org}`)
  const network = byName(listed.body, 'sandbox')
  sandbox = { id: network.metadata.id, prefix: network.status.prefix }
})

const listener = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  protocol: 'tcp',
  port: 80,
  pool: { members: [{ address: '192.168.10.10', port: 8080 }] },
  ...extra,
})

const body = (name: string, spec: Record<string, unknown> = {}) => ({
  metadata: { name },
  spec: { networkId: sandbox.id, listeners: [listener('http')], ...spec },
})

describe('load balancers', () => {
  it('creates one (201) on a network, with its project and region, a VIP in its CIDR and the TCP idle timeout default', async () => {
    const created = await local.api.post(
      path,
      body('lb-create', {
        publicIP: true,
        vipAddress: '192.168.10.200',
        listeners: [
          listener('http', {
            allowedCidrs: ['0.0.0.0/0', '10.1.2.3/16'],
            pool: {
              proxyProtocolV2: true,
              members: [{ address: '192.168.10.10', port: 8080 }],
              healthCheck: { intervalSeconds: 10, timeoutSeconds: 5, healthyThreshold: 2, unhealthyThreshold: 3 },
            },
          }),
          listener('dns', { protocol: 'udp', port: 53 }),
        ],
      }),
    )
    expect(created.status).toBe(201)
    const sandboxProject = byName(
      (await local.api.get(`/local/identity/api/v1/organizations/${org}/projects`)).body,
      'sandbox',
    )
    expect(created.body).toMatchObject({
      metadata: { name: 'lb-create', organizationId: org, projectId: sandboxProject.metadata.id },
      spec: { publicIP: true },
      status: { regionId: EU_WEST_1, networkId: sandbox.id, vipAddress: '192.168.10.200' },
    })
    expect(created.body.status.publicIP).toMatch(/^\d+\.\d+\.\d+\.\d+$/)
    const [http, dns] = created.body.spec.listeners
    expect(http).toMatchObject({ idleTimeoutSeconds: 60, allowedCidrs: ['0.0.0.0/0', '10.1.2.3/16'] })
    expect(http.pool.healthCheck).toEqual({
      intervalSeconds: 10,
      timeoutSeconds: 5,
      healthyThreshold: 2,
      unhealthyThreshold: 3,
    })
    // "Unsupported for UDP listeners": none is given one.
    expect(dns).not.toHaveProperty('idleTimeoutSeconds')
    // Read back as created, and listed by network and by region.
    const id = created.body.metadata.id
    expect((await local.api.get(`${path}/${id}`)).body).toEqual(created.body)
    const ids = async (query: string) =>
      ((await local.api.get(`${path}?${query}`)).body ?? []).map((b: { metadata: { id: string } }) => b.metadata.id)
    expect(await ids(`networkID=${sandbox.id}`)).toContain(id)
    expect(await ids(`regionID=${US_EAST_1}`)).not.toContain(id)
  })

  it('hands out a VIP from the network when none is asked, never one an instance or another balancer holds', async () => {
    const first = await local.api.post(path, body('lb-vip-a'))
    const second = await local.api.post(path, body('lb-vip-b'))
    const instances = (await local.api.get(`/local/region/api/v2/instances?networkID=${sandbox.id}`)).body
    const held = instances.map((i: { status: { privateIP?: string } }) => i.status.privateIP)
    for (const created of [first, second]) {
      expect(created.status).toBe(201)
      expect(created.body.status.vipAddress).toMatch(/^192\.168\.10\./)
      expect(held).not.toContain(created.body.status.vipAddress)
    }
    expect(first.body.status.vipAddress).not.toBe(second.body.status.vipAddress)
    const taken = await local.api.post(path, body('lb-vip-taken', { vipAddress: first.body.status.vipAddress }))
    expect(taken.status).toBe(422)
    expect(taken.body.error_description).toContain('/spec/vipAddress')
  })

  it('lists the demo organization’s balancers, each on its network', async () => {
    const listed = await local.api.get(`${path}?organizationID=${org}`)
    expect(listed.status).toBe(200)
    const gateway = byName(listed.body, 'llama-gateway')
    expect(gateway.spec.listeners.map((l: { name: string }) => l.name)).toEqual(['https', 'metrics'])
    expect(gateway.status.vipAddress).toMatch(/^10\.40\./)
    expect(gateway.status.publicIP).toBeDefined()
    expect(byName(listed.body, 'spark-internal').status.publicIP).toBeUndefined()
  })

  it('refuses what the schema refuses (400), naming the field and not the value', async () => {
    const refused = async (spec: Record<string, unknown>, field: string) => {
      const res = await local.api.post(path, body('lb-bad', spec))
      expect(res.status, field).toBe(400)
      expect(res.body.error_description, field).toContain(`"${field}"`)
    }
    await refused({ listeners: [] }, '/spec/listeners')
    await refused({ networkId: undefined }, '/spec/networkId')
    await refused({ vipAddress: '192.168.10.300' }, '/spec/vipAddress')
    await refused({ listeners: [listener('Web')] }, '/spec/listeners/0/name')
    await refused({ listeners: [listener('web', { protocol: 'http' })] }, '/spec/listeners/0/protocol')
    await refused({ listeners: [listener('web', { port: 0 })] }, '/spec/listeners/0/port')
    await refused({ listeners: [listener('web', { port: 65536 })] }, '/spec/listeners/0/port')
    await refused(
      { listeners: [listener('web', { allowedCidrs: ['10.0.0.0/33'] })] },
      '/spec/listeners/0/allowedCidrs/0',
    )
    await refused(
      { listeners: [listener('web', { idleTimeoutSeconds: 86401 })] },
      '/spec/listeners/0/idleTimeoutSeconds',
    )
    await refused({ listeners: [listener('web', { pool: {} })] }, '/spec/listeners/0/pool/members')
    await refused(
      { listeners: [listener('web', { pool: { members: [{ address: '192.168.10.10', port: 70000 }] } })] },
      '/spec/listeners/0/pool/members/0/port',
    )
    await refused(
      { listeners: [listener('web', { pool: { members: [], healthCheck: { intervalSeconds: 301 } } })] },
      '/spec/listeners/0/pool/healthCheck/intervalSeconds',
    )
    await refused(
      { listeners: [listener('web', { pool: { members: [], healthCheck: { unhealthyThreshold: 11 } } })] },
      '/spec/listeners/0/pool/healthCheck/unhealthyThreshold',
    )
  })

  it('refuses what parses but cannot be done (422): a VIP outside the CIDR, a name or a port twice, a UDP idle timeout', async () => {
    const unprocessable = async (spec: Record<string, unknown>, field: string) => {
      const res = await local.api.post(path, body('lb-422', spec))
      expect(res.status, field).toBe(422)
      expect(res.body.error).toBe('unprocessable_content')
      expect(res.body.error_description, field).toContain(field)
    }
    await unprocessable({ vipAddress: '10.0.0.5' }, '/spec/vipAddress')
    await unprocessable({ vipAddress: '192.168.10.255' }, '/spec/vipAddress')
    await unprocessable({ listeners: [listener('web'), listener('web', { port: 81 })] }, '/spec/listeners/1/name')
    await unprocessable({ listeners: [listener('web'), listener('web-2')] }, '/spec/listeners/1/port')
    await unprocessable(
      { listeners: [listener('dns', { protocol: 'udp', idleTimeoutSeconds: 30 })] },
      '/spec/listeners/0/idleTimeoutSeconds',
    )
  })

  it('answers 404 for a network that is not the caller’s, and for a balancer that does not exist', async () => {
    expect((await local.api.post(path, body('lb-nowhere', { networkId: 'no-such-network' }))).status).toBe(404)
    const foreign = (await local.second.get(networks)).body[0].metadata.id
    expect((await local.api.post(path, body('lb-foreign', { networkId: foreign }))).status).toBe(404)
    expect((await local.api.get(`${path}/no-such-lb`)).status).toBe(404)
    expect((await local.api.put(`${path}/no-such-lb`, body('lb-x'))).status).toBe(404)
    expect((await local.api.del(`${path}/no-such-lb`)).status).toBe(404)
  })

  it('updates only the public IP and the listeners (202): the network and the VIP stay as created', async () => {
    const created = (await local.api.post(path, body('lb-update', { publicIP: true }))).body
    const id = created.metadata.id
    const updated = await local.api.put(`${path}/${id}`, {
      metadata: { name: 'lb-update', description: 'now two listeners' },
      spec: {
        publicIP: false,
        // Not part of an update: ignored, as the document's update has neither.
        networkId: 'another-network',
        vipAddress: '192.168.10.201',
        listeners: [
          listener('http', { pool: { members: [{ address: '192.168.10.11', port: 8081 }] } }),
          listener('https', { port: 443 }),
        ],
      },
    })
    expect(updated.status).toBe(202)
    expect(updated.body.spec.listeners.map((l: { name: string }) => l.name)).toEqual(['http', 'https'])
    expect(updated.body.spec.listeners[0].pool.members).toEqual([{ address: '192.168.10.11', port: 8081 }])
    expect(updated.body.spec.publicIP).toBe(false)
    expect(updated.body.status.publicIP).toBeUndefined()
    expect(updated.body.status).toMatchObject({ networkId: sandbox.id, vipAddress: created.status.vipAddress })
    expect(updated.body.metadata.description).toBe('now two listeners')

    const bad = await local.api.put(`${path}/${id}`, { metadata: { name: 'lb-update' }, spec: { listeners: [] } })
    expect(bad.status).toBe(400)
    const twice = await local.api.put(`${path}/${id}`, {
      metadata: { name: 'lb-update' },
      spec: { listeners: [listener('a'), listener('a', { port: 81 })] },
    })
    expect(twice.status).toBe(422)
  })

  it('deletes one (202), after which a network it was on may go', async () => {
    const created = (await local.api.post(path, body('lb-delete'))).body
    expect((await local.api.del(`${path}/${created.metadata.id}`)).status).toBe(202)
    expect((await local.api.get(`${path}/${created.metadata.id}`)).status).toBe(404)
  })

  it('keeps the network it is on from being deleted (403), naming itself', async () => {
    const listed = await local.api.get(`${networks}?organizationID=${org}`)
    const dataLake = byName(listed.body, 'data-lake')
    const refused = await local.api.del(`${networks}/${dataLake.metadata.id}`)
    expect(refused.status).toBe(403)
    expect(refused.body.error_description).toContain('load balancers spark-internal')
  })

  it('is read by a member and created only by those whose roles grant it (403)', async () => {
    const member = testClient(local.started.url, local.started.cloud.tokens.member)
    expect((await member.get(`${path}?organizationID=${org}`)).status).toBe(200)
    expect((await member.post(path, body('lb-by-reader'))).status).toBe(403)
  })
})

describe('a load balancer over time', () => {
  it('reports its VIP once first reconciled and its public IP once provisioned, and refuses an update while deleted (409)', async () => {
    // Long enough that a poll every 10 ms sees each step on a loaded machine.
    const cloud = await startLocalCloud({ provisionMs: 1200 })
    try {
      const api = testClient(cloud.url, cloud.cloud.tokens.admin)
      const listed = await api.get(`${networks}?organizationID=${cloud.cloud.demo.organizationId}`)
      const networkId = byName(listed.body, 'sandbox').metadata.id
      const spec = { networkId, publicIP: true, listeners: [listener('http')] }
      const created = await api.post(path, { metadata: { name: 'lb-time' }, spec })
      expect(created.body.metadata.provisioningStatus).toBe('unknown')
      expect(created.body.status).not.toHaveProperty('vipAddress')
      expect(created.body.status).not.toHaveProperty('publicIP')
      const id = created.body.metadata.id
      const seen: string[] = []
      await eventually(async () => {
        const { body: read } = await api.get(`${path}/${id}`)
        const step = `${read.metadata.provisioningStatus} vip:${Boolean(read.status.vipAddress)} public:${Boolean(read.status.publicIP)}`
        if (seen.at(-1) !== step) seen.push(step)
        return read.metadata.provisioningStatus === 'provisioned'
      })
      expect(seen).toEqual([
        'unknown vip:false public:false',
        'provisioning vip:true public:false',
        'provisioned vip:true public:true',
      ])
      expect((await api.del(`${path}/${id}`)).status).toBe(202)
      const late = await api.put(`${path}/${id}`, { metadata: { name: 'lb-time' }, spec })
      expect(late.status).toBe(409)
      expect(late.body.error).toBe('conflict')
    } finally {
      await cloud.stop()
    }
  })
})

import { beforeAll, describe, expect, it } from 'vitest'
import { useLocalCloud } from '../../test-cloud.ts'
import { startLocalCloud } from '../../testing.ts'
import { eventually, testClient } from '../../test-client.ts'
import { EU_WEST_1, US_EAST_1 } from '../../catalog/ids.ts'

const local = useLocalCloud()
let org: string
let project: string
let otherProject: string

const region = '/local/region'

beforeAll(async () => {
  org = local.organizationId
  const projects = await local.api.get(`/local/identity/api/v1/organizations/${org}/projects`)
  project = projects.body[0].metadata.id
  otherProject = projects.body[1].metadata.id
})

function networkBody(name: string, overrides: Record<string, unknown> = {}, meta: Record<string, unknown> = {}) {
  return {
    metadata: { name, description: 'test network', ...meta },
    spec: {
      organizationId: org,
      projectId: project,
      regionId: EU_WEST_1,
      prefix: '10.99.0.0/24',
      dnsNameservers: ['1.1.1.1'],
      ...overrides,
    },
  }
}

describe('networks', () => {
  it('creates a network (201) and reads it back in the platform shape', async () => {
    const body = networkBody(
      'net-create',
      { routes: [{ prefix: '172.16.0.0/12', nexthop: '10.99.0.1' }] },
      { tags: [{ name: 'env', value: 'test' }] },
    )
    const created = await local.api.post(`${region}/api/v2/networks`, body)
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      metadata: {
        name: 'net-create',
        description: 'test network',
        organizationId: org,
        projectId: project,
        createdBy: expect.any(String),
        provisioningStatus: 'provisioned',
        healthStatus: 'healthy',
        tags: [{ name: 'env', value: 'test' }],
      },
      spec: { dnsNameservers: ['1.1.1.1'], routes: [{ prefix: '172.16.0.0/12', nexthop: '10.99.0.1' }] },
      status: { regionId: EU_WEST_1, prefix: '10.99.0.0/24' },
    })
    expect(Date.parse(created.body.metadata.creationTime)).not.toBeNaN()
    const read = await local.api.get(`${region}/api/v2/networks/${created.body.metadata.id}`)
    expect(read.status).toBe(200)
    expect(read.body).toEqual(created.body)
  })

  it('leaves out the routes of a network with none: the region document types them as an array, never null', async () => {
    const created = await local.api.post(`${region}/api/v2/networks`, networkBody('net-no-routes'))
    expect(created.status).toBe(201)
    expect(created.body.spec).toEqual({ dnsNameservers: ['1.1.1.1'] })
  })

  it('updates dns, routes and metadata (202 with the body)', async () => {
    const created = await local.api.post(`${region}/api/v2/networks`, networkBody('net-update'))
    const id = created.body.metadata.id
    const updated = await local.api.put(`${region}/api/v2/networks/${id}`, {
      metadata: { name: 'net-updated', tags: [{ name: 'k', value: 'v' }] },
      spec: { dnsNameservers: ['9.9.9.9', '8.8.8.8'], routes: [{ prefix: '0.0.0.0/0', nexthop: '10.99.0.254' }] },
    })
    expect(updated.status).toBe(202)
    expect(updated.body.metadata).toMatchObject({ name: 'net-updated', tags: [{ name: 'k', value: 'v' }] })
    expect(updated.body.spec).toEqual({
      dnsNameservers: ['9.9.9.9', '8.8.8.8'],
      routes: [{ prefix: '0.0.0.0/0', nexthop: '10.99.0.254' }],
    })
    expect(updated.body.status.prefix).toBe('10.99.0.0/24')
    expect((await local.api.get(`${region}/api/v2/networks/${id}`)).body.metadata.name).toBe('net-updated')
  })

  it('deletes a network (202), after which it is gone', async () => {
    const created = await local.api.post(`${region}/api/v2/networks`, networkBody('net-delete'))
    const id = created.body.metadata.id
    const deleted = await local.api.del(`${region}/api/v2/networks/${id}`)
    expect(deleted.status).toBe(202)
    expect((await local.api.get(`${region}/api/v2/networks/${id}`)).status).toBe(404)
    const list = await local.api.get(`${region}/api/v2/networks`)
    expect(list.body.map((n: { metadata: { id: string } }) => n.metadata.id)).not.toContain(id)
  })

  it('refuses to delete a network in use, naming its users', async () => {
    const list = await local.api.get(`${region}/api/v2/networks`)
    const fabric = list.body.find((n: { metadata: { name: string } }) => n.metadata.name === 'training-fabric')
    const res = await local.api.del(`${region}/api/v2/networks/${fabric.metadata.id}`)
    expect(res.status).toBe(403)
    expect(res.body.error).toBe('forbidden')
    expect(res.body.error_description).toMatch(/in use and cannot be deleted/)
    expect(res.body.error_description).toMatch(/trainer-h100-0/)
  })

  it('accepts a duplicate name, in the same project as in another, as the platform does', async () => {
    const first = await local.api.post(`${region}/api/v2/networks`, networkBody('net-dup'))
    expect(first.status).toBe(201)
    const dup = await local.api.post(`${region}/api/v2/networks`, networkBody('net-dup'))
    expect(dup.status).toBe(201)
    expect(dup.body.metadata.id).not.toBe(first.body.metadata.id)
    expect(
      (await local.api.post(`${region}/api/v2/networks`, networkBody('net-dup', { projectId: otherProject }))).status,
    ).toBe(201)
  })

  it.each([
    ['a prefix with host bits', { prefix: '10.99.0.5/24' }, '/spec/prefix', /host bits/],
    ['a prefix that is not CIDR', { prefix: '10.99.0.0' }, '/spec/prefix', /CIDR/],
    ['an octet out of range', { prefix: '10.300.0.0/16' }, '/spec/prefix', /CIDR/],
    ['a missing prefix', { prefix: undefined }, '/spec/prefix', /required/],
    ['an IPv6 DNS server', { dnsNameservers: ['2001:db8::1'] }, '/spec/dnsNameservers/0', /IPv4/],
    ['DNS servers that are not an array', { dnsNameservers: '1.1.1.1' }, '/spec/dnsNameservers', /array/],
    [
      'a route prefix that is not CIDR',
      { routes: [{ prefix: 'default', nexthop: '10.99.0.1' }] },
      '/spec/routes/0/prefix',
      /CIDR/,
    ],
    [
      'a next hop that is no address',
      { routes: [{ prefix: '0.0.0.0/0', nexthop: 42 }] },
      '/spec/routes/0/nexthop',
      /string/,
    ],
    ['a region id of the wrong type', { regionId: 7 }, '/spec/regionId', /string/],
  ])('rejects %s (400 naming the field)', async (_label, overrides, path, message) => {
    const res = await local.api.post(`${region}/api/v2/networks`, networkBody('net-invalid', overrides))
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('invalid_request')
    expect(res.body.error_description).toContain(`"${path}"`)
    expect(res.body.error_description).toMatch(message)
    expect(typeof res.body.trace_id).toBe('string')
  })

  it('reserves the prefix the create asks for, or the platform default, and keeps it through an update', async () => {
    const asked = await local.api.post(
      `${region}/api/v2/networks`,
      networkBody('net-reserved', { prefix: '10.96.0.0/16', reservations: { prefixLength: 20 } }),
    )
    expect(asked.status).toBe(201)
    expect(asked.body.status.reservations).toEqual({ prefixLength: 20 })
    const updated = await local.api.put(`${region}/api/v2/networks/${asked.body.metadata.id}`, {
      metadata: { name: 'net-reserved' },
      spec: { dnsNameservers: [], reservations: { prefixLength: 17 } },
    })
    expect(updated.status).toBe(202)
    expect(updated.body.status.reservations).toEqual({ prefixLength: 20 })

    const unasked = await local.api.post(`${region}/api/v2/networks`, networkBody('net-default-reserved'))
    expect(unasked.body.status.reservations).toEqual({ prefixLength: 25, providerReservedPrefixLength: 28 })
    const outOfRange = await local.api.post(
      `${region}/api/v2/networks`,
      networkBody('net-bad-reservation', { reservations: { prefixLength: 31 } }),
    )
    expect(outOfRange.status).toBe(400)
    expect(outOfRange.body.error_description).toContain('"/spec/reservations/prefixLength"')
  })

  // Rules beyond the body's shape answer as the platform does: a plain sentence, with no field path.
  it.each([
    ['a prefix smaller than /24', { prefix: '10.99.0.0/25' }, 'minimum network prefix size is /24'],
    [
      'a next hop outside the network',
      { routes: [{ prefix: '0.0.0.0/0', nexthop: '10.98.0.1' }] },
      'the next hop must be an address inside the network prefix',
    ],
    ['an unknown project', { projectId: 'no-such-project' }, 'project does not exist in the organization'],
    [
      'an unknown region',
      { regionId: 'mars-north-1' },
      'region does not exist or is not available to the organization',
    ],
    [
      'a reservation no smaller than the network',
      { reservations: { prefixLength: 24 } },
      'the reservation prefix length must be greater than the network prefix length',
    ],
    [
      'a provider part larger than the reservation',
      { reservations: { prefixLength: 26, providerReservedPrefixLength: 25 } },
      'the provider reserved prefix length must not be less than the reservation prefix length',
    ],
  ])('rejects %s (400, a plain sentence)', async (_label, overrides, sentence) => {
    const res = await local.api.post(`${region}/api/v2/networks`, networkBody('net-invalid', overrides))
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ error: 'invalid_request', error_description: sentence, trace_id: expect.any(String) })
  })

  it.each([
    ['a name with a space', { name: 'bad name' }, '/metadata/name'],
    ['a name starting with a hyphen', { name: '-bad' }, '/metadata/name'],
    ['a name of 64 characters', { name: 'a'.repeat(64) }, '/metadata/name'],
    ['a missing name', { name: undefined }, '/metadata/name'],
    ['tags that are not name/value pairs', { name: 'ok', tags: [{ name: 'k' }] }, '/metadata/tags/0/value'],
  ])('rejects metadata with %s', async (_label, meta, path) => {
    const res = await local.api.post(`${region}/api/v2/networks`, { metadata: meta, spec: networkBody('x').spec })
    expect(res.status).toBe(400)
    expect(res.body.error_description).toContain(`"${path}"`)
  })

  it('never echoes the rejected value', async () => {
    const res = await local.api.post(
      `${region}/api/v2/networks`,
      networkBody('net-echo', { prefix: 'SECRET-VALUE-123/99' }),
    )
    expect(res.status).toBe(400)
    expect(JSON.stringify(res.body)).not.toContain('SECRET-VALUE-123')
  })

  it('answers 403 for a network in an organization that is not the caller’s', async () => {
    const res = await local.api.post(
      `${region}/api/v2/networks`,
      networkBody('net-foreign', { organizationId: local.started.cloud.demo.secondOrganizationId }),
    )
    expect(res.status).toBe(403)
    expect(res.body.error).toBe('forbidden')
  })
})

describe('network list filters', () => {
  let ids: Record<string, string>
  beforeAll(async () => {
    ids = {}
    const specs: [string, string, string, { name: string; value: string }[]][] = [
      [
        'flt-a',
        project,
        EU_WEST_1,
        [
          { name: 'flt', value: 'x' },
          { name: 'tier', value: 'gold' },
        ],
      ],
      ['flt-b', project, US_EAST_1, [{ name: 'flt', value: 'x' }]],
      ['flt-c', otherProject, EU_WEST_1, [{ name: 'flt', value: 'y' }]],
    ]
    for (const [name, projectId, regionId, tags] of specs) {
      const res = await local.api.post(
        `${region}/api/v2/networks`,
        networkBody(name, { projectId, regionId }, { tags }),
      )
      ids[name] = res.body.metadata.id
    }
  })

  async function names(query: string): Promise<string[]> {
    const res = await local.api.get(`${region}/api/v2/networks?${query}`)
    expect(res.status).toBe(200)
    expect(Array.isArray(res.body)).toBe(true)
    return res.body
      .map((n: { metadata: { name: string } }) => n.metadata.name)
      .filter((n: string) => n.startsWith('flt-'))
      .sort()
  }

  it('matches every given tag', async () => {
    expect(await names('tag=flt%3Dx')).toEqual(['flt-a', 'flt-b'])
    expect(await names('tag=flt%3Dx&tag=tier%3Dgold')).toEqual(['flt-a'])
    expect(await names('tag=flt%3Dz')).toEqual([])
  })

  it('refuses a tag with more than one "=", as the platform does (it splits on every one)', async () => {
    const res = await local.api.get(`${region}/api/v2/networks?tag=a%3Db%3Dc`)
    expect(res.status).toBe(400)
    expect(res.body.error_description).toBe('tag decode failed')
  })

  it('ORs values of one filter and ANDs different filters', async () => {
    expect(await names(`projectID=${project}&projectID=${otherProject}`)).toEqual(['flt-a', 'flt-b', 'flt-c'])
    expect(await names(`projectID=${project}&regionID=${EU_WEST_1}`)).toEqual(['flt-a'])
    expect(await names(`regionID=${EU_WEST_1}&regionID=${US_EAST_1}&tag=flt%3Dy`)).toEqual(['flt-c'])
  })

  it('answers null, as the platform does, when the organization filter names no organization the caller may see', async () => {
    const res = await local.api.get(
      `${region}/api/v2/networks?organizationID=${local.started.cloud.demo.secondOrganizationId}`,
    )
    expect(res.status).toBe(200)
    expect(res.body).toBeNull()
    const own = `organizationID=${local.started.cloud.demo.organizationId}`
    expect((await local.api.get(`${region}/api/v2/networks?${own}&tag=no%3Dsuch`)).body).toEqual([])
    expect(
      (
        await local.api.get(
          `${region}/api/v2/networks?${own}&organizationID=${local.started.cloud.demo.secondOrganizationId}`,
        )
      ).body.length,
    ).toBeGreaterThan(0)
  })

  it('rejects a tag that is not name=value', async () => {
    const res = await local.api.get(`${region}/api/v2/networks?tag=novalue`)
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('invalid_request')
  })
})

describe('network lifecycle', () => {
  it('lists a new network as unknown until first reconciled, then provisioning, then provisioned, and a deleted one as deprovisioning, then gone', async () => {
    const slow = await startLocalCloud({ provisionMs: 400 })
    try {
      const client = testClient(slow.url, slow.cloud.tokens.admin)
      const orgId = slow.cloud.demo.organizationId
      const projectId = (await client.get(`/local/identity/api/v1/organizations/${orgId}/projects`)).body[0].metadata.id
      const listed = async (id: string) =>
        (await client.get(`${region}/api/v2/networks`)).body.find(
          (n: { metadata: { id: string } }) => n.metadata.id === id,
        )
      const created = await client.post(`${region}/api/v2/networks`, {
        metadata: { name: 'slow-net' },
        spec: { organizationId: orgId, projectId, regionId: EU_WEST_1, prefix: '10.50.0.0/24', dnsNameservers: [] },
      })
      const id = created.body.metadata.id
      expect(created.body.metadata).toMatchObject({ provisioningStatus: 'unknown', healthStatus: 'unknown' })
      await eventually(async () => (await listed(id))?.metadata.provisioningStatus === 'provisioning')
      expect((await listed(id)).metadata.healthStatus).toBe('unknown')
      await eventually(async () => (await listed(id))?.metadata.provisioningStatus === 'provisioned')
      expect((await listed(id)).metadata.healthStatus).toBe('healthy')
      expect((await client.del(`${region}/api/v2/networks/${id}`)).status).toBe(202)
      expect((await listed(id)).metadata.provisioningStatus).toBe('deprovisioning')
      // As on the platform, an update while it is deleted is refused.
      const update = await client.put(`${region}/api/v2/networks/${id}`, {
        metadata: { name: 'slow-net' },
        spec: { dnsNameservers: [] },
      })
      expect(update.status).toBe(400)
      expect(update.body.error_description).toBe('network is being deleted')
      await eventually(async () => (await listed(id)) === undefined)
    } finally {
      await slow.stop()
    }
  })
})

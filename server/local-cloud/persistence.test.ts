import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resetLocalCloudData } from './index.ts'
import { startLocalCloud } from './testing.ts'
import { testClient } from './test-client.ts'
import { ACME_ORG_ID, EU_WEST_1, GLOBEX_ORG_ID, US_EAST_1 } from './catalog/ids.ts'

let dataDir: string
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'local-cloud-persist-'))
})
afterAll(() => rm(dataDir, { recursive: true, force: true }))

describe('persistence', () => {
  it('keeps data and generated tokens across a restart', async () => {
    const first = await startLocalCloud({ dataDir })
    const api = testClient(first.url, first.cloud.tokens.admin)
    const org = first.cloud.demo.organizationId
    const project = (await api.get(`/local/identity/api/v1/organizations/${org}/projects`)).body[0].metadata.id
    const created = []
    // A burst of creates is coalesced into few writes, and all of it survives.
    for (let i = 0; i < 25; i++) {
      const res = await api.post('/local/region/api/v2/networks', {
        metadata: { name: `persist-${i}` },
        spec: {
          organizationId: org,
          projectId: project,
          regionId: EU_WEST_1,
          prefix: `10.200.${i}.0/24`,
          dnsNameservers: [],
        },
      })
      expect(res.status).toBe(201)
      created.push(res.body.metadata.id)
    }
    const tokens = first.cloud.tokens
    await first.stop()

    const second = await startLocalCloud({ dataDir })
    try {
      expect(second.cloud.tokens).toEqual(tokens)
      const api2 = testClient(second.url, tokens.admin)
      const list = await api2.get('/local/region/api/v2/networks')
      const ids = list.body.map((n: { metadata: { id: string } }) => n.metadata.id)
      for (const id of created) expect(ids).toContain(id)
      expect((await api2.get(`/local/region/api/v2/networks/${created[3]}`)).body.status.prefix).toBe('10.200.3.0/24')
    } finally {
      await second.stop()
    }
    // Only the state and the tokens: no temporary files left behind.
    expect((await readdir(dataDir)).sort()).toEqual(['state.json', 'tokens.json'])
  })

  it('keeps a data directory written while regions and organizations had their names for ids, under their UUIDs', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'local-cloud-former-ids-'))
    try {
      const first = await startLocalCloud({ dataDir: dir })
      const api = testClient(first.url, first.cloud.tokens.admin)
      const org = first.cloud.demo.organizationId
      const project = (await api.get(`/local/identity/api/v1/organizations/${org}/projects`)).body[0].metadata.id
      const made = await api.post('/local/region/api/v2/networks', {
        metadata: { name: 'kept-across' },
        spec: {
          organizationId: org,
          projectId: project,
          regionId: EU_WEST_1,
          prefix: '10.210.0.0/24',
          dnsNameservers: [],
        },
      })
      expect(made.status).toBe(201)
      await first.stop()
      // The state as the local cloud wrote it then: each region and demo organization named by its name.
      const path = join(dir, 'state.json')
      let text = await readFile(path, 'utf8')
      const former = {
        'eu-west-1': EU_WEST_1,
        'us-east-1': US_EAST_1,
        'acme-ai': ACME_ORG_ID,
        'globex-research': GLOBEX_ORG_ID,
      }
      for (const [name, id] of Object.entries(former)) text = text.replaceAll(id, name)
      await writeFile(path, text)

      const second = await startLocalCloud({ dataDir: dir })
      try {
        const again = testClient(second.url, second.cloud.tokens.admin)
        const network = await again.get(`/local/region/api/v2/networks/${made.body.metadata.id}`)
        expect(network.status).toBe(200)
        expect(network.body.status.regionId).toBe(EU_WEST_1)
        const organizations = (await again.get('/local/identity/api/v1/organizations')).body
        expect(organizations.map((o: { metadata: { id: string; name: string } }) => o.metadata)).toMatchObject([
          { id: ACME_ORG_ID, name: 'acme-ai' },
        ])
        const regions = (await again.get(`/local/region/api/v1/organizations/${ACME_ORG_ID}/regions`)).body
        expect(regions.map((r: { metadata: { id: string } }) => r.metadata.id)).toEqual([EU_WEST_1, US_EAST_1])
      } finally {
        await second.stop()
      }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('resets to the demo data, keeping the tokens', async () => {
    const first = await startLocalCloud({ dataDir })
    const api = testClient(first.url, first.cloud.tokens.admin)
    const demoCount = (await api.get('/local/region/api/v2/networks')).body.length
    const tokens = first.cloud.tokens
    await first.stop()
    await resetLocalCloudData(dataDir)
    const second = await startLocalCloud({ dataDir })
    try {
      expect(second.cloud.tokens).toEqual(tokens)
      const networks = (await testClient(second.url, tokens.admin).get('/local/region/api/v2/networks')).body
      expect(networks.length).toBeLessThan(demoCount)
      expect(networks.some((n: { metadata: { name: string } }) => n.metadata.name.startsWith('persist-'))).toBe(false)
    } finally {
      await second.stop()
    }
  })

  it('survives the leftovers of a crash: an abandoned temporary file, and an unreadable state file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'local-cloud-crash-'))
    try {
      const first = await startLocalCloud({ dataDir: dir })
      await first.stop()
      // A crash after writing the temporary file but before the rename.
      await writeFile(join(dir, 'state.json.4242.1700000000000.tmp'), '{"version":1,"organizations":[')
      const second = await startLocalCloud({ dataDir: dir })
      expect(
        (await testClient(second.url, second.cloud.tokens.admin).get('/local/identity/api/v1/organizations')).body,
      ).toHaveLength(1)
      await second.stop()
      expect((await readdir(dir)).sort()).toEqual(['state.json', 'tokens.json'])
      // Only a hand edit can break the state file; it is kept aside and the demo data loaded.
      await writeFile(join(dir, 'state.json'), 'not json')
      const third = await startLocalCloud({ dataDir: dir })
      expect(
        (await testClient(third.url, third.cloud.tokens.admin).get('/local/region/api/v2/networks')).body.length,
      ).toBeGreaterThan(0)
      await third.stop()
      expect((await readdir(dir)).some((n) => n.startsWith('state.json.unreadable-'))).toBe(true)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('uses tokens given in the options over stored ones', async () => {
    const started = await startLocalCloud({
      dataDir,
      adminToken: 'given-admin-token',
      secondToken: 'given-second-token',
    })
    try {
      expect(started.cloud.tokens).toMatchObject({ admin: 'given-admin-token', second: 'given-second-token' })
      const res = await testClient(started.url, 'given-second-token').get('/local/identity/api/v1/organizations')
      expect(res.body.map((o: { metadata: { id: string } }) => o.metadata.id)).toEqual([
        started.cloud.demo.secondOrganizationId,
      ])
    } finally {
      await started.stop()
    }
  })
})

// The activity log as an auditor uses it (issue #50): every write the console carried is in its organization's log
// and readable there, outsiders cannot write into it, refused writes to invented organizations cost nothing, and an
// acknowledged write is already recorded.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from 'redis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalCloud, type LocalCloud } from '../local-cloud/index.ts'
import { isRefused, type ActivityEntry } from './activity.ts'
import { MemoryActivityLog } from './activity-memory.ts'
import { RedisActivityLog } from './activity-redis.ts'
import { startConsoleOnRedis, startTestRedis, type TestRedis } from './session-store-test-redis.ts'
import { CSRF, signIn, startConsoleServer, type RunningConsole } from './test-support.ts'
import { EU_WEST_1 } from '../local-cloud/catalog/ids.ts'

const MEMBER = 'member-token-0123456789'

async function call(base: string, cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...CSRF, cookie },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await res.text()
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined }
}

const idOf = (answer: { body: unknown }) => (answer.body as { metadata: { id: string } }).metadata.id

async function activityOf(base: string, cookie: string, organization: string) {
  const res = await fetch(`${base}/console/activity?organization=${organization}`, { headers: { cookie } })
  expect(res.status).toBe(200)
  return ((await res.json()) as { entries: ActivityEntry[] }).entries
}

interface Cloud {
  dataDir: string
  cloud: LocalCloud
}

async function cloudFor(): Promise<Cloud> {
  const dataDir = await mkdtemp(join(tmpdir(), 'activity-audit-'))
  return { dataDir, cloud: await createLocalCloud({ dataDir, provisionMs: 0, memberToken: MEMBER }) }
}

/** The demo organization's project, region, network, flavor, image and storage class, as the forms pick them. */
async function placement(base: string, cookie: string, org: string) {
  const networks = (await call(base, cookie, 'GET', '/api/region/api/v2/networks')).body as {
    metadata: { id: string; projectId: string; name: string }
  }[]
  const sandbox = networks.find((network) => network.metadata.name === 'sandbox')!
  const catalog = `/api/region/api/v1/organizations/${org}/regions/${EU_WEST_1}`
  const first = async (path: string) =>
    ((await call(base, cookie, 'GET', path)).body as { metadata: { id: string } }[])[0]!.metadata.id
  return {
    projectId: sandbox.metadata.projectId,
    networkId: sandbox.metadata.id,
    flavorId: await first(`${catalog}/flavors`),
    imageId: await first(`${catalog}/images`),
    storageClassId: await first(`/api/region/api/v2/filestorageclasses?regionID=${EU_WEST_1}`),
  }
}

describe('every write the console carries is in its organization’s log, readable by its admin', () => {
  let setup: Cloud
  let running: RunningConsole
  beforeAll(async () => {
    setup = await cloudFor()
    running = await startConsoleServer({}, { localCloud: setup.cloud })
  })
  afterAll(async () => {
    await running.close()
    await setup.cloud.close()
    await rm(setup.dataDir, { recursive: true, force: true })
  })

  it('lists network, security group, file storage and instance writes, a power action and a snapshot', async () => {
    const { base } = running
    const org = setup.cloud.demo.organizationId
    const admin = await signIn(base, { demo: true })
    const at = await placement(base, admin, org)
    const where = { organizationId: org, projectId: at.projectId, regionId: EU_WEST_1 }
    const meta = (name: string) => ({ name: `${name}-${Date.now()}` })

    const network = await call(base, admin, 'POST', '/api/region/api/v2/networks', {
      metadata: meta('net'),
      spec: { ...where, prefix: '10.124.0.0/24', dnsNameservers: ['1.1.1.1'] },
    })
    expect(network.status).toBeLessThan(300)
    const networkId = idOf(network)
    const group = await call(base, admin, 'POST', '/api/region/api/v2/securitygroups', {
      metadata: meta('sg'),
      spec: { networkId, rules: [] },
    })
    expect(group.status).toBeLessThan(300)
    const groupId = idOf(group)
    const storage = await call(base, admin, 'POST', '/api/region/api/v2/filestorage', {
      metadata: meta('fs'),
      spec: {
        ...where,
        storageClassId: at.storageClassId,
        sizeGiB: 10,
        storageType: { nfs: { rootsquash: true } },
        attachments: { networkIds: [networkId] },
      },
    })
    expect(storage.status).toBeLessThan(300)
    const storageId = idOf(storage)
    const instance = await call(base, admin, 'POST', '/api/compute/api/v2/instances', {
      metadata: meta('vm'),
      spec: {
        organizationId: org,
        projectId: at.projectId,
        networkId: at.networkId,
        flavorId: at.flavorId,
        imageId: at.imageId,
        networking: { securityGroups: [], publicIP: false },
      },
    })
    expect(instance.status).toBeLessThan(300)
    const instanceId = idOf(instance)
    expect((await call(base, admin, 'POST', `/api/compute/api/v2/instances/${instanceId}/stop`)).status).toBe(202)
    const snapshot = await call(base, admin, 'POST', `/api/compute/api/v2/instances/${instanceId}/snapshot`, {
      metadata: meta('snap'),
    })
    expect(snapshot.status).toBe(201)
    for (const path of [
      `/api/compute/api/v2/instances/${instanceId}`,
      `/api/region/api/v2/filestorage/${storageId}`,
      `/api/region/api/v2/securitygroups/${groupId}`,
      `/api/region/api/v2/networks/${networkId}`,
    ])
      expect((await call(base, admin, 'DELETE', path)).status).toBeLessThan(300)

    const entries = await activityOf(base, admin, org)
    const said = entries.map((e) => `${e.method} ${e.path} ${e.action ?? ''}`.trim())
    expect(said).toEqual(
      expect.arrayContaining([
        'POST /api/v2/networks',
        'POST /api/v2/securitygroups',
        'POST /api/v2/filestorage',
        'POST /api/v2/instances',
        `POST /api/v2/instances/${instanceId}/stop stop`,
        `POST /api/v2/instances/${instanceId}/snapshot snapshot`,
        `DELETE /api/v2/instances/${instanceId}`,
        `DELETE /api/v2/filestorage/${storageId}`,
        `DELETE /api/v2/securitygroups/${groupId}`,
        `DELETE /api/v2/networks/${networkId}`,
      ]),
    )
    const deleted = entries.find((e) => e.method === 'DELETE' && e.resourceId === networkId)!
    expect(deleted).toMatchObject({ organizationId: org, subject: 'demo-admin', status: 202 })
    expect(deleted.resourceName).toMatch(/^net-/)
  })

  it('names a deleted group, whose delete answers no body, by the name a read of it gave before the delete', async () => {
    const { base } = running
    const org = setup.cloud.demo.organizationId
    const admin = await signIn(base, { demo: true })
    const groups = `/api/identity/api/v1/organizations/${org}/groups`
    const name = `leaving-${Date.now()}`
    const group = await call(base, admin, 'POST', groups, {
      metadata: { name },
      spec: { roleIDs: [], userIDs: [], serviceAccountIDs: [] },
    })
    expect(group.status).toBeLessThan(300)
    const groupId = idOf(group)
    expect((await call(base, admin, 'DELETE', `${groups}/${groupId}`)).status).toBeLessThan(300)

    const entries = await activityOf(base, admin, org)
    const deleted = entries.find((e) => e.method === 'DELETE' && e.resourceId === groupId)!
    expect(deleted).toMatchObject({ kind: 'identity:groups', resourceName: name })
  })

  it('keeps a refused managed Kubernetes create in the organization of the network or cluster its body names', async () => {
    const { base } = running
    const org = setup.cloud.demo.organizationId
    const admin = await signIn(base, { demo: true })
    const { networkId } = await placement(base, admin, org)
    const clusters = (await call(base, admin, 'GET', '/api/nks/api/v1/clusters')).body as { metadata: { id: string } }[]
    // Neither body names an organization: nks-core's create bodies have none.
    const cluster = await call(base, admin, 'POST', '/api/nks/api/v1/clusters', {
      metadata: { name: 'refused-cluster' },
      spec: { networkId, platformReleaseId: 'no-such-release' },
    })
    const pool = await call(base, admin, 'POST', '/api/nks/api/v1/nodepools', {
      metadata: { name: 'refused-pool' },
      spec: {
        clusterId: clusters[0]!.metadata.id,
        provisioningMode: 'compute',
        replicas: 1,
        compute: { flavorId: 'no-such-flavor' },
      },
    })

    const entries = await activityOf(base, admin, org)
    for (const [kind, name, answer] of [
      ['nks:clusters', 'refused-cluster', cluster],
      ['nks:nodepools', 'refused-pool', pool],
    ] as const) {
      expect(answer.status, name).toBeGreaterThanOrEqual(400)
      expect(entries.find((e) => e.resourceName === name)).toMatchObject({
        kind,
        method: 'POST',
        organizationId: org,
        status: answer.status,
      })
    }
  })

  it('names a user by its subject, an import by its image, and a delete the platform has no read of one for by its list', async () => {
    const { base } = running
    const org = setup.cloud.demo.organizationId
    const admin = await signIn(base, { demo: true })
    const identity = `/api/identity/api/v1/organizations/${org}`
    const subject = `named-${Date.now()}@acme.example`
    const user = await call(base, admin, 'POST', `${identity}/users`, {
      metadata: { name: 'ignored' },
      spec: { subject, state: 'active', groupIDs: [] },
    })
    expect(user.status).toBe(201)
    const userId = idOf(user)
    expect(
      (
        await call(base, admin, 'PUT', `${identity}/users/${userId}`, {
          spec: { subject, state: 'suspended', groupIDs: [] },
        })
      ).status,
    ).toBeLessThan(300)
    const account = `robot-${Date.now()}`
    const made = await call(base, admin, 'POST', `${identity}/serviceaccounts`, {
      metadata: { name: account },
      spec: { groupIDs: [] },
    })
    expect(made.status).toBeLessThan(300)
    const accountId = idOf(made)
    const images = `/api/region/api/v1/organizations/${org}/regions/${EU_WEST_1}/images`
    const imageName = `imported-${Date.now()}`
    const image = await call(base, admin, 'POST', images, {
      metadata: { name: imageName },
      spec: {
        uri: `https://example.com/rocky/${imageName}.raw`,
        architecture: 'aarch64',
        virtualization: 'baremetal',
        os: { kernel: 'linux', family: 'redhat', distro: 'rocky', version: '9.5' },
      },
    })
    expect(image.status).toBeLessThan(300)
    const imageId = idOf(image)
    for (const path of [
      `${identity}/users/${userId}`,
      `${identity}/serviceaccounts/${accountId}`,
      `${images}/${imageId}`,
    ])
      expect((await call(base, admin, 'DELETE', path)).status).toBeLessThan(300)

    const entries = await activityOf(base, admin, org)
    const said = (method: string, id: string) =>
      entries.filter((e) => e.method === method && e.resourceId === id).map((e) => e.resourceName)
    // The platform answers a user's name as the string "undefined": the subject names it.
    expect(said('POST', userId)).toEqual([subject])
    expect(said('PUT', userId)).toEqual([subject])
    expect(said('DELETE', userId)).toEqual([subject])
    expect(said('DELETE', accountId)).toEqual([account])
    // The import's path ends at its region: the entry names the image the answer made.
    expect(said('POST', imageId)).toEqual([imageName])
    expect(said('DELETE', imageId)).toEqual([imageName])
    expect(entries.some((e) => e.resourceId === EU_WEST_1)).toBe(false)
  })
})

describe('outsiders and refused writes', () => {
  let setup: Cloud
  let running: RunningConsole
  beforeAll(async () => {
    setup = await cloudFor()
    running = await startConsoleServer({ ACTIVITY_MAX_ENTRIES: '100' }, { localCloud: setup.cloud })
  })
  afterAll(async () => {
    await running.close()
    await setup.cloud.close()
    await rm(setup.dataDir, { recursive: true, force: true })
  })

  it(
    "never lets another organization's admin or a read-only member push an organization's own entries out",
    { timeout: 60_000 },
    async () => {
      const { base } = running
      const org = setup.cloud.demo.organizationId
      const admin = await signIn(base, { demo: true })
      const outsider = await signIn(base, { token: setup.cloud.tokens.second })
      const member = await signIn(base, { token: MEMBER })
      const made = await call(base, admin, 'POST', `/api/identity/api/v1/organizations/${org}/projects`, {
        metadata: { name: `own-${Date.now()}` },
        spec: { groupIDs: [] },
      })
      expect(made.status).toBe(202)
      const forge = async (cookie: string) => {
        for (let i = 0; i < 120; i++) {
          const path = `/api/identity/api/v1/organizations/${org}/projects/forged-${i}`
          expect((await call(base, cookie, 'DELETE', path)).status).toBeGreaterThanOrEqual(400)
        }
      }
      const own = (entries: ActivityEntry[]) => entries.filter((e) => e.method === 'POST' && e.status === 202)

      await forge(outsider)
      const afterOutsider = await activityOf(base, admin, org)
      expect(own(afterOutsider)).toHaveLength(1)
      expect(afterOutsider).toHaveLength(1)

      // The member's refusals are worth keeping ("Sam tried to delete … and was refused"), within their own share.
      await forge(member)
      const afterMember = await activityOf(base, admin, org)
      expect(own(afterMember)).toHaveLength(1)
      const refused = afterMember.filter(isRefused)
      expect(refused.length).toBeGreaterThan(0)
      expect(refused.length).toBeLessThan(100)
      expect(refused[0]!.path).toBe(`/api/v1/organizations/${org}/projects/forged-119`)
    },
  )

  it('keeps nothing of refused writes to invented organizations', async () => {
    const { base } = running
    const member = await signIn(base, { token: MEMBER })
    const kept = (running.app.activity as MemoryActivityLog).size
    for (let i = 0; i < 100; i++) {
      const path = `/api/identity/api/v1/organizations/invented-${i}/projects/p`
      expect((await call(base, member, 'DELETE', path)).status).toBeGreaterThanOrEqual(400)
    }
    expect((running.app.activity as MemoryActivityLog).size).toBe(kept)
  })
})

describe('refused writes to invented organizations', () => {
  let setup: Cloud
  let redis: TestRedis
  let running: RunningConsole
  beforeAll(async () => {
    setup = await cloudFor()
    // Once the store is ready: a sign-in before its connection is up is refused 503, as it should be.
    ;({ redis, running } = await startConsoleOnRedis({}, { localCloud: setup.cloud }))
  })
  afterAll(async () => {
    await running.close()
    await running.app.sessions.close()
    await running.app.activity.close()
    await redis.stop()
    await setup.cloud.close()
    await rm(setup.dataDir, { recursive: true, force: true })
  })

  it('add no key to Redis', { timeout: 60_000 }, async () => {
    const { base } = running
    const member = await signIn(base, { token: MEMBER })
    const client = createClient({ url: redis.url })
    await client.connect()
    try {
      const before = await client.dbSize()
      // Ten at a time, as a script would send them.
      for (let i = 0; i < 1000; i += 10) {
        const refused = await Promise.all(
          Array.from({ length: 10 }, (_, j) =>
            call(base, member, 'DELETE', `/api/identity/api/v1/organizations/invented-${i + j}/projects/p`),
          ),
        )
        expect(refused.every((answer) => answer.status >= 400)).toBe(true)
      }
      expect(await client.keys('cc:activity*')).toEqual([])
      expect(await client.dbSize()).toBe(before)
    } finally {
      await client.quit()
    }
  })
})

describe('an acknowledged write is recorded', () => {
  it('with Redis, an entry is kept before the write is sent, and its outcome before the 2xx leaves', async () => {
    const setup = await cloudFor()
    const redis = await startTestRedis()
    // The platform holds the create until the test lets it through.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let arrived = false
    const localCloud = {
      ...setup.cloud,
      fetch: async (request: Request) => {
        if (request.method === 'POST' && new URL(request.url).pathname.endsWith('/projects')) {
          arrived = true
          await held
        }
        return setup.cloud.fetch(request)
      },
    }
    // Sessions in memory, so only the log waits on Redis.
    const running = await startConsoleServer(
      {},
      { localCloud, activity: new RedisActivityLog(redis.url, { perOrganization: 100, total: 1000 }) },
    )
    const client = createClient({ url: redis.url })
    const stored = async (org: string) =>
      ((await client.xRange(`cc:activity:${org}`, '-', '+')) ?? []).map(
        (item) => JSON.parse(item.message.entry!) as ActivityEntry,
      )
    try {
      const { base } = running
      const org = setup.cloud.demo.organizationId
      const admin = await signIn(base, { demo: true })
      await client.connect()
      let answered = false
      const name = `durable-${Date.now()}`
      const made = call(base, admin, 'POST', `/api/identity/api/v1/organizations/${org}/projects`, {
        metadata: { name },
        spec: { groupIDs: [] },
      }).then((answer) => ((answered = true), answer))
      while (!arrived) await fetch(`${base}/console/health`)
      // The platform has the write: its entry is in Redis already, with no outcome.
      expect((await stored(org)).filter((e) => e.resourceName === name)).toEqual([
        expect.not.objectContaining({ status: expect.anything() }),
      ])
      // Redis stops answering while the platform carries out the create.
      redis.pause()
      release()
      const created = () =>
        setup.cloud
          .fetch(
            new Request(`http://local/local/identity/api/v1/organizations/${org}/projects`, {
              headers: { authorization: `Bearer ${setup.cloud.tokens.admin}` },
            }),
          )
          .then(async (res) =>
            ((await res.json()) as { metadata: { name: string } }[]).some((p) => p.metadata.name === name),
          )
      while (!(await created())) await fetch(`${base}/console/health`)
      // The console has had the platform's answer for two round trips of its own.
      await fetch(`${base}/console/health`)
      await fetch(`${base}/console/health`)
      expect(answered).toBe(false)
      redis.resume()
      expect((await made).status).toBe(202)
      // One entry, in the place of the first: the outcome.
      expect((await stored(org)).filter((e) => e.resourceName === name)).toEqual([
        expect.objectContaining({ status: 202 }),
      ])
    } finally {
      release()
      redis.resume()
      await client.quit().catch(() => undefined)
      await running.close()
      await running.app.activity.close()
      await redis.stop()
      await setup.cloud.close()
      await rm(setup.dataDir, { recursive: true, force: true })
    }
  })

  it('without Redis, the log is kept in DATA_DIR across a restart', async () => {
    const setup = await cloudFor()
    const dir = await mkdtemp(join(tmpdir(), 'activity-disk-'))
    try {
      const org = setup.cloud.demo.organizationId
      const first = await startConsoleServer({ DATA_DIR: dir }, { localCloud: setup.cloud })
      const admin = await signIn(first.base, { demo: true })
      const name = `kept-${Date.now()}`
      const made = await call(first.base, admin, 'POST', `/api/identity/api/v1/organizations/${org}/projects`, {
        metadata: { name },
        spec: { groupIDs: [] },
      })
      expect(made.status).toBe(202)
      await first.close()
      await first.app.activity.close()

      const second = await startConsoleServer({ DATA_DIR: dir }, { localCloud: setup.cloud })
      try {
        const again = await signIn(second.base, { demo: true })
        expect((await activityOf(second.base, again, org)).map((e) => e.resourceName)).toContain(name)
      } finally {
        await second.close()
        await second.app.activity.close()
      }
    } finally {
      await setup.cloud.close()
      await rm(setup.dataDir, { recursive: true, force: true })
      await rm(dir, { recursive: true, force: true })
    }
  })
})

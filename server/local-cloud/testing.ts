import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FLAVORS, IMAGES } from './catalog/regions.ts'
import { formatIPv4, parseCidr, parseIPv4 } from './platform/ip.ts'
import { live } from './platform/scope.ts'
import type { ResourceMeta } from './platform/store/records.ts'
import type { Tag } from './platform/validate.ts'
import { createLocalCloud, storeOf, type LocalCloud, type LocalCloudOptions } from './index.ts'
import { testClient } from './test-client.ts'

export interface StartedLocalCloud {
  /** e.g. http://127.0.0.1:39201 — the services are at `${url}/local/region` and so on. */
  url: string
  cloud: LocalCloud
  /** Where its state is kept. */
  dataDir: string
  /** Closes the server and the cloud; removes the data dir when this call created it. */
  stop(): Promise<void>
}

/**
 * A local cloud on its own plain HTTP server at 127.0.0.1 on a free port, with a fresh temporary data dir
 * unless one is given, no provisioning delay unless one is given, and lexical embeddings unless `embeddings: 'model'`
 * is given: a test of the endpoint's contract does not need the sentence encoder's meaning, which costs the test's
 * process a thread, its load time and its memory.
 */
export async function startLocalCloud(opts: Partial<LocalCloudOptions> = {}): Promise<StartedLocalCloud> {
  const ownDir = opts.dataDir === undefined
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'local-cloud-')))
  const cloud = await createLocalCloud({ provisionMs: 0, embeddings: 'lexical', ...opts, dataDir })
  const server = createServer((req, res) => cloud.handle(req, res))
  server.keepAliveTimeout = 1000
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    cloud,
    dataDir,
    async stop() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await cloud.close()
      if (ownDir) await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** A started local cloud, a client that calls it as its demo organization's admin, and that organization's id. */
export async function startAsAdmin(opts: Partial<LocalCloudOptions> = {}) {
  const cloud = await startLocalCloud(opts)
  return { cloud, api: testClient(cloud.url, cloud.cloud.tokens.admin), org: cloud.cloud.demo.organizationId }
}

/**
 * The `i`th of `count` seeded records: named `bulk-<kind>-00001`…, created a minute after the one before so the
 * last is the newest, provisioned, and tagged with its batch of a thousand (then `tags`).
 */
function bulkMeta(kind: string, i: number, count: number, now: number, tags: Tag[] = []): ResourceMeta {
  return {
    id: randomUUID(),
    name: `bulk-${kind}-${String(i + 1).padStart(5, '0')}`,
    tags: [{ name: 'batch', value: String(Math.floor(i / 1000)) }, ...tags],
    creationTime: new Date(now - (count - i) * 60_000).toISOString(),
    createdBy: 'seed@local-cloud',
    readyAt: now,
  }
}

type Store = ReturnType<typeof storeOf>

/**
 * A bulk seeder for benches and tests that need a large list: `insert` puts `count` records of the organization (the
 * demo one when none is given) straight into the store, no HTTP, and they are flushed to disk before it resolves.
 */
function bulkSeeder(insert: (store: Store, count: number, organizationId: string) => void) {
  return async (cloud: LocalCloud, count: number, organizationId = cloud.demo.organizationId): Promise<void> => {
    const store = storeOf(cloud)
    insert(store, count, organizationId)
    await store.flush()
  }
}

/** Sets one of the organization's quota limits, as the platform provider may for one organization. */
export async function grantQuota(
  cloud: LocalCloud,
  kind: string,
  quantity: number,
  organizationId = cloud.demo.organizationId,
): Promise<void> {
  const store = storeOf(cloud)
  const org = store.organizations.get(organizationId)
  if (!org) throw new Error(`no organization ${organizationId}`)
  store.setOrganization({ ...org, quotas: { ...org.quotas, [kind]: quantity } })
  await store.flush()
}

/**
 * Inserts `count` provisioned networks, spread over the organization's projects and regions, named
 * `bulk-network-00001`… with /24 prefixes from 10.128.0.0/9.
 */
export const seedManyNetworks = bulkSeeder((store, count, organizationId) => {
  const org = store.organizations.get(organizationId)
  const projects = [...live(store.projects, organizationId)]
  if (!org || projects.length === 0)
    throw new Error(`organization ${organizationId} has no projects to seed networks into`)
  if (count > 32768) throw new Error('at most 32768 networks fit in 10.128.0.0/9')
  const now = Date.now()
  const base = parseIPv4('10.128.0.0') as number
  for (let i = 0; i < count; i++) {
    const project = projects[i % projects.length]
    const regionId = org.regionIds[i % org.regionIds.length]
    if (!project || !regionId) continue
    store.networks.set({
      meta: bulkMeta('network', i, count, now, [{ name: 'env', value: i % 3 === 0 ? 'production' : 'dev' }]),
      organizationId,
      projectId: project.meta.id,
      regionId,
      prefix: `${formatIPv4(base + i * 256)}/24`,
      dnsNameservers: ['1.1.1.1'],
      routes: [],
    })
  }
})

/**
 * Inserts `count` running instances, spread over the organization's live networks, named `bulk-instance-00001`…
 * Each gets the next free private address of its network's lower half (the top /25 is storage's), a flavor and image
 * of its region, and every third one a Stopped power state.
 */
export const seedManyInstances = bulkSeeder((store, count, organizationId) => {
  const networks = [...live(store.networks, organizationId)]
  const free = networks.map((network) => {
    const prefix = parseCidr(network.prefix)
    if (!prefix) throw new Error(`stored network ${network.meta.id} has an unreadable prefix`)
    const taken = new Set(
      [...store.instances.values()].filter((i) => i.networkId === network.meta.id).map((i) => i.privateIP),
    )
    const addresses: string[] = []
    for (
      let address = prefix.base + 10;
      address < Math.min(prefix.base + prefix.size - 128, prefix.base + 65536);
      address++
    ) {
      const text = formatIPv4(address)
      if (!taken.has(text)) addresses.push(text)
    }
    return { network, addresses, next: 0 }
  })
  const capacity = free.reduce((sum, f) => sum + f.addresses.length, 0)
  if (count > capacity)
    throw new Error(`the organization's networks have room for ${capacity} more instances, not ${count}`)
  const now = Date.now()
  let slot = 0
  for (let i = 0; i < count; i++) {
    // Round-robin over the networks that still have a free address.
    let pool = free[slot++ % free.length]!
    while (pool.next >= pool.addresses.length) pool = free[slot++ % free.length]!
    const { network } = pool
    const flavors = FLAVORS.filter((f) => f.regionIds.includes(network.regionId) && !f.spec.gpu)
    const image = IMAGES.find((img) => img.regionIds.includes(network.regionId) && !img.spec.gpu)
    const flavor = flavors[i % flavors.length]
    if (!flavor || !image) throw new Error(`region ${network.regionId} has no CPU flavor or plain image`)
    store.instances.set({
      meta: bulkMeta('instance', i, count, now),
      organizationId,
      projectId: network.projectId,
      regionId: network.regionId,
      networkId: network.meta.id,
      flavorId: flavor.id,
      imageId: image.id,
      securityGroupIds: [],
      publicIP: false,
      privateIP: pool.addresses[pool.next++]!,
      power: { phase: i % 3 === 2 ? 'Stopped' : 'Running' },
    })
  }
})

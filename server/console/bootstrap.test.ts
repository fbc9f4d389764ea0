// GET /console/bootstrap against the real local cloud: the first screen's reads, each answered as the SPA's own
// request through the proxy would have been.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { consolePath, type ApiRequest } from '../../src/api/request.ts'
import { placedNetworksRead } from '../../src/api/networks.ts'
import { modelsRead } from '../../src/lib/catalog-reads.ts'
import { fileStorageReads } from '../../src/features/file-storage/file-storage-reads.ts'
import { groupReads } from '../../src/features/groups/group-reads.ts'
import { organizationReads } from '../../src/features/organization/organization-reads.ts'
import { projectReads } from '../../src/features/projects/project-reads.ts'
import { instanceReads } from '../../src/features/instances/instance-reads.ts'
import { networkReads } from '../../src/features/networks/network-reads.ts'
import { securityGroupReads } from '../../src/features/security-groups/security-group-reads.ts'
import { resources, type Resource } from '../../src/lib/resources.ts'
import { createLocalCloud, storeOf, type LocalCloud } from '../local-cloud/index.ts'
import { loadDeclaredRoutes } from './declared-routes.ts'
import { signIn, startConsoleServer, type RunningConsole } from './test-support.ts'
import { ACME_ORG_ID, GLOBEX_ORG_ID } from '../local-cloud/catalog/ids.ts'

interface Part {
  url: string
  status: number
  text: string
  sessionEnded: boolean
  traceId?: string
}

let dataDir: string
let cloud: LocalCloud
let server: RunningConsole

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'bootstrap-'))
  cloud = await createLocalCloud({ dataDir, provisionMs: 0, embeddings: 'lexical' })
  server = await startConsoleServer({}, { localCloud: cloud })
})

afterAll(async () => {
  await server.close()
  await cloud.close?.()
  await rm(dataDir, { recursive: true, force: true })
})

async function bootstrap(cookie: string | undefined, page: string, encoding = 'identity', language?: string) {
  const res = await fetch(`${server.base}/console/bootstrap?page=${encodeURIComponent(page)}`, {
    headers: {
      ...(cookie ? { cookie } : {}),
      'accept-encoding': encoding,
      ...(language ? { 'accept-language': language } : {}),
    },
  })
  const { parts, coming } = res.ok ? partsOf(await res.text()) : { parts: [] }
  return { res, parts, coming, byUrl: new Map(parts.map((part) => [part.url, part])) }
}

/**
 * The parts of a bootstrap: each a line of JSON with its body's length, then the body, then a newline; and, where it
 * falls among them, the line naming the parts still to come once every read has been asked (`coming`, no body).
 */
function partsOf(answer: string): { parts: Part[]; coming?: { urls: string[]; after: number } } {
  const parts: Part[] = []
  let coming: { urls: string[]; after: number } | undefined
  for (let at = 0; at < answer.length;) {
    const end = answer.indexOf('\n', at)
    const line = JSON.parse(answer.slice(at, end)) as (Omit<Part, 'text'> & { length: number }) | { coming: string[] }
    if ('coming' in line) {
      // The first names what is still to come once every read was asked; a later one, reads asked since.
      coming = { urls: [...(coming?.urls ?? []), ...line.coming], after: coming?.after ?? parts.length }
      at = end + 1
      continue
    }
    const { length, ...head } = line
    parts.push({ ...head, text: answer.slice(end + 1, end + 1 + length) })
    expect(answer[end + 1 + length]).toBe('\n')
    at = end + 2 + length
  }
  return { parts, coming }
}

/** What the SPA's own request for the same URL answers, through the same proxy. */
async function direct(cookie: string, url: string) {
  const res = await fetch(`${server.base}${url}`, { headers: { cookie, accept: 'application/json' } })
  return { status: res.status, text: await res.text() }
}

describe('GET /console/bootstrap', () => {
  it('carries the configuration as the reader asked for it, with how their language groups figures', async () => {
    const cookie = await signIn(server.base, { demo: true })
    const { byUrl } = await bootstrap(cookie, '/', 'identity', 'de-DE,de;q=0.9,en;q=0.8')
    const carried = JSON.parse(byUrl.get('/console/config')!.text)
    expect(carried.numbers).toMatchObject({ locale: 'de-DE', separator: '.', primary: 3 })
    const asked = await fetch(`${server.base}/console/config`, { headers: { 'accept-language': 'de-DE,de;q=0.9' } })
    expect(asked.headers.get('vary')).toMatch(/Accept-Language/i)
    expect((await asked.json()).numbers).toEqual(carried.numbers)
  })

  it('answers the session, the scope, the ACL and the list the page opens on, each as the proxy answers it', async () => {
    const cookie = await signIn(server.base, { demo: true })
    const { res, parts, byUrl } = await bootstrap(cookie, '/networks?project=all&region=all', 'br')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(parts.map((part) => part.url).sort()).toEqual(
      [
        '/console/session',
        '/console/config',
        '/api/identity/api/v1/organizations',
        `/api/identity/api/v1/organizations/${ACME_ORG_ID}/acl`,
        `/api/identity/api/v1/organizations/${ACME_ORG_ID}/projects`,
        `/api/region/api/v1/organizations/${ACME_ORG_ID}/regions`,
        `/api/region/api/v2/networks?organizationID=${ACME_ORG_ID}`,
      ].sort(),
    )
    for (const part of parts) {
      const own = await direct(cookie, part.url)
      expect({ url: part.url, status: part.status }).toEqual({ url: part.url, status: own.status })
      if (part.url.startsWith('/api/')) expect(JSON.parse(part.text)).toEqual(JSON.parse(own.text))
    }
    expect(JSON.parse(byUrl.get(`/api/region/api/v2/networks?organizationID=${ACME_ORG_ID}`)!.text)).not.toHaveLength(0)
  })

  it("carries a detail or edit page's item as the proxy answers it (a 404 too), and nothing for a create form", async () => {
    const cookie = await signIn(server.base, { demo: true })
    const networks = await direct(cookie, `/api/region/api/v2/networks?organizationID=${ACME_ORG_ID}`)
    const id = (JSON.parse(networks.text) as { metadata: { id: string } }[])[0]!.metadata.id
    for (const page of [`/networks/${id}`, `/networks/${id}/edit`]) {
      const { byUrl } = await bootstrap(cookie, page)
      const carried = byUrl.get(`/api/region/api/v2/networks/${id}`)!
      const own = await direct(cookie, `/api/region/api/v2/networks/${id}`)
      expect({ status: carried.status, body: JSON.parse(carried.text) }).toEqual({
        status: 200,
        body: JSON.parse(own.text),
      })
    }
    const gone = await bootstrap(cookie, '/instances/no-such-instance')
    expect(gone.byUrl.get('/api/compute/api/v2/instances/no-such-instance')?.status).toBe(404)
    // Each carried read continues the bootstrap's trace: the trace id a refused item shows is the one the console
    // server logged for it and sent to the platform.
    const trace = gone.res.headers.get('traceresponse')!.split('-')[1]
    expect(new Set(gone.parts.map((part) => part.traceId))).toEqual(new Set([trace]))
    const create = await bootstrap(cookie, '/networks/new')
    expect([...create.byUrl.keys()].filter((url) => url.startsWith('/api/region/api/v2/networks'))).toEqual([])
  })

  it('carries what a detail page shows beside its item, and what an edit form offers, as each page declares it', async () => {
    const cookie = await signIn(server.base, { demo: true })
    const urlsOf = (reads: Record<string, unknown>) =>
      Object.values(reads).map((read) => consolePath((read as { request: () => ApiRequest }).request()))
    for (const { path, reads, list } of [
      { path: 'networks', reads: networkReads, list: '/api/region/api/v2/networks' },
      { path: 'security-groups', reads: securityGroupReads, list: '/api/region/api/v2/securitygroups' },
      { path: 'file-storage', reads: fileStorageReads, list: '/api/region/api/v2/filestorage' },
      { path: 'instances', reads: instanceReads, list: '/api/compute/api/v2/instances' },
    ] as const) {
      const listed = await direct(cookie, `${list}?organizationID=${ACME_ORG_ID}`)
      const id = (JSON.parse(listed.text) as { metadata: { id: string } }[])[0]!.metadata.id
      const item = JSON.parse((await direct(cookie, consolePath(reads.item(id).request()))).text) as never
      const related = urlsOf(reads.related(item))
      expect(related.length, path).toBeGreaterThan(1)
      for (const [page, declared] of [
        [`/${path}/${id}`, related],
        [`/${path}/${id}/edit`, urlsOf(reads.edit(item))],
      ] as const) {
        const opened = await bootstrap(cookie, page)
        for (const url of declared) {
          const carried = opened.byUrl.get(url)
          expect(carried, `${page}: ${url}`).toBeDefined()
          const own = await direct(cookie, url)
          expect({ url, status: carried!.status }).toEqual({ url, status: own.status })
          expect(JSON.parse(carried!.text)).toEqual(JSON.parse(own.text))
        }
        // What the page does not read is not carried: the detail page's lists are not asked for the edit form.
        const other = (page.endsWith('/edit') ? related : []).filter((url) => !declared.includes(url))
        expect(
          other.filter((url) => opened.byUrl.has(url)),
          page,
        ).toEqual([])
        // Written, or named as coming, before the SPA's own reads stop waiting for the bootstrap.
        expect(opened.coming?.urls.filter((url) => !declared.includes(url) && !opened.byUrl.has(url))).toEqual([])
      }
    }
    // A refused item: nothing beside it, as the page shows the refusal alone.
    const gone = await bootstrap(cookie, '/instances/no-such-instance')
    expect(gone.parts.map((part) => part.url).filter((url) => /flavors|images|securitygroups/.test(url))).toEqual([])
  })

  it("carries a user's or service account's list with its detail and edit pages, which read their item out of it, and the groups' names", async () => {
    const cookie = await signIn(server.base, { demo: true })
    for (const [path, list] of [
      ['users', `/api/identity/api/v1/organizations/${ACME_ORG_ID}/users`],
      ['service-accounts', `/api/identity/api/v1/organizations/${ACME_ORG_ID}/serviceaccounts`],
    ] as const) {
      const own = await direct(cookie, list)
      const id = (JSON.parse(own.text) as { metadata: { id: string } }[])[0]!.metadata.id
      for (const page of [`/${path}/${id}`, `/${path}/${id}/edit`]) {
        const { byUrl } = await bootstrap(cookie, page)
        const carried = byUrl.get(list)
        expect(carried?.status, page).toBe(200)
        expect(JSON.parse(carried!.text)).toEqual(JSON.parse(own.text))
        // And the groups' names the page shows.
        expect(byUrl.get(`/api/identity/api/v1/organizations/${ACME_ORG_ID}/groups`)?.status, page).toBe(200)
      }
      expect((await bootstrap(cookie, `/${path}/new`)).byUrl.has(list)).toBe(false)
    }
  })

  it("carries what a group's and a project's pages read in the organization, as each page declares it", async () => {
    const cookie = await signIn(server.base, { demo: true })
    const org = ACME_ORG_ID
    const first = async (url: string) =>
      (JSON.parse((await direct(cookie, url)).text) as { metadata: { id: string } }[])[0]!.metadata.id
    const group = await first(`/api/identity/api/v1/organizations/${org}/groups`)
    const project = await first(`/api/identity/api/v1/organizations/${org}/projects`)
    for (const [page, reads] of [
      [`/groups/${group}`, groupReads(group, org)],
      [`/groups/${group}/edit`, groupReads(group, org)],
      [`/projects/${project}`, projectReads(project, org)],
    ] as const) {
      const { byUrl } = await bootstrap(cookie, page)
      for (const read of Object.values(reads)) {
        const url = consolePath((read as { request: () => ApiRequest }).request())
        const carried = byUrl.get(url)
        expect(carried, `${page}: ${url}`).toBeDefined()
        expect(JSON.parse(carried!.text)).toEqual(JSON.parse((await direct(cookie, url)).text))
      }
    }
  })

  it("carries the organization's page's organization and providers: the scope's, and on its edit form the URL's", async () => {
    const cookie = await signIn(server.base, { demo: true })
    // An edit form opened on another organization than the scope's reads that one: here the platform's 403, as the
    // form's own read would have had it.
    for (const [page, org, status] of [
      ['/organization', ACME_ORG_ID, 200],
      [`/organization/${ACME_ORG_ID}/edit`, ACME_ORG_ID, 200],
      [`/organization/${GLOBEX_ORG_ID}/edit`, GLOBEX_ORG_ID, 403],
    ] as const) {
      const { byUrl } = await bootstrap(cookie, page)
      const reads = Object.values(organizationReads(org)).map((read) => consolePath(read.request()))
      expect(reads).toContain(`/api/identity/api/v1/organizations/${org}`)
      for (const url of reads) {
        const carried = byUrl.get(url)
        // The services' versions belong to no organization: every signed-in caller reads them.
        expect(carried?.status, `${page}: ${url}`).toBe(url.endsWith('/api/version') ? 200 : status)
        // Each answer has a trace id of its own: the rest of the body is the same.
        const { trace_id: _carried, ...body } = JSON.parse(carried!.text) as { trace_id?: string }
        const { trace_id: _own, ...own } = JSON.parse((await direct(cookie, url)).text) as { trace_id?: string }
        expect(body).toEqual(own)
      }
    }
    // A path no page has, under the organization's: nothing of it.
    const none = await bootstrap(cookie, `/organization/${ACME_ORG_ID}`)
    const organizationItself = new RegExp(`organizations/${ACME_ORG_ID}(/oauth2providers)?$`)
    expect([...none.byUrl.keys()].filter((url) => organizationItself.test(url))).toEqual([])
  })

  it('carries what a create form asks as it opens, from the working scope and the link it was opened by', async () => {
    const cookie = await signIn(server.base, { demo: true })
    const org = ACME_ORG_ID
    const carries = async (page: string, urls: string[], withCookie = cookie) => {
      const { byUrl } = await bootstrap(withCookie, page)
      for (const url of urls) {
        expect(byUrl.get(url)?.status, `${page}: ${url}`).toBe(200)
        expect(JSON.parse(byUrl.get(url)!.text)).toEqual(JSON.parse((await direct(cookie, url)).text))
      }
      return byUrl
    }
    const identity = `/api/identity/api/v1/organizations/${org}`
    await carries(
      '/groups/new',
      ['roles', 'users', 'serviceaccounts', 'projects'].map((list) => `${identity}/${list}`),
    )
    const groupNames = `/api/region/api/v2/securitygroups?organizationID=${org}`
    // The quotas too: the form says what is left of the servers and GPUs.
    const bare = await carries('/instances/new', [groupNames, `${identity}/quotas`])
    expect([...bare.keys()].filter((url) => /\/(flavors|images)(\?|$)/.test(url))).toEqual([])
    // A link that preselects the placement: what the region, the project and the network offer.
    const network = [...storeOf(cloud).networks.values()].find((n) => n.organizationId === org && !n.meta.goneAt)!
    const placed = { organizationID: org, projectId: network.projectId, regionId: network.regionId }
    await carries(`/instances/new?project=${placed.projectId}&region=${placed.regionId}&network=${network.meta.id}`, [
      groupNames,
      `/api/region/api/v1/organizations/${org}/regions/${placed.regionId}/flavors`,
      `/api/region/api/v2/regions/${placed.regionId}/images?organizationID=${org}&scope=available`,
      consolePath(placedNetworksRead(placed).request()),
      `/api/region/api/v2/securitygroups?organizationID=${org}&networkID=${network.meta.id}`,
    ])
    // A security group's networks: the scope's, or the organization's when a link named the network.
    const stored = `${cookie}; cc_scope=${encodeURIComponent(JSON.stringify({ organizationId: org, projectId: placed.projectId }))}`
    const inProject = `/api/region/api/v2/networks?organizationID=${org}&projectID=${placed.projectId}`
    await carries('/security-groups/new', [inProject], stored)
    await carries(
      `/security-groups/new?network=${network.meta.id}`,
      [`/api/region/api/v2/networks?organizationID=${org}`],
      stored,
    )
  })

  it('carries what a catalog page reads, in the region it will show: the model endpoints, the flavors, the images', async () => {
    const cookie = await signIn(server.base, { demo: true })
    const org = ACME_ORG_ID
    const regions = (
      JSON.parse((await direct(cookie, `/api/region/api/v1/organizations/${org}/regions`)).text) as {
        metadata: { id: string }
      }[]
    ).map((region) => region.metadata.id)
    expect(regions.length).toBeGreaterThan(1)
    const [first, second] = regions as [string, string]
    const carries = async (page: string, url: string, withCookie = cookie) => {
      const { byUrl } = await bootstrap(withCookie, page)
      const carried = byUrl.get(url)
      expect(carried?.status, `${page}: ${url}`).toBe(200)
      expect(JSON.parse(carried!.text)).toEqual(JSON.parse((await direct(cookie, url)).text))
      return byUrl
    }
    const models = consolePath(modelsRead(org).request())
    for (const page of ['/models', '/playground?model=x']) await carries(page, models)
    const flavors = (region: string) => `/api/region/api/v1/organizations/${org}/regions/${region}/flavors`
    const images = (region: string) =>
      `/api/region/api/v2/regions/${region}/images?organizationID=${org}&scope=available`
    // The organization's first region, the URL's, and the stored scope's where it is still one of the regions.
    await carries('/flavors', flavors(first))
    await carries(`/images?region=${second}`, images(second))
    const stored = (regionId: string) =>
      `${cookie}; cc_scope=${encodeURIComponent(JSON.stringify({ organizationId: org, regionId }))}`
    await carries('/flavors?view=table', flavors(second), stored(second))
    await carries('/flavors', flavors(first), stored('a-region-since-removed'))
    const image = (JSON.parse((await direct(cookie, images(first))).text) as { metadata: { id: string } }[])[0]!
    await carries(`/images/${image.metadata.id}`, images(first))
    // A create form reads none of them.
    const create = await bootstrap(cookie, '/images/new')
    expect([...create.byUrl.keys()].filter((url) => /\/images(\?|$)/.test(url))).toEqual([])
  })

  it('counts a body beyond ASCII in characters, as the SPA reads it, so the parts after it still line up', async () => {
    const store = storeOf(cloud)
    const network = [...store.networks.values()].find((n) => n.organizationId === ACME_ORG_ID && !n.meta.goneAt)!
    // Accents take two bytes a character, the rocket four bytes and two UTF-16 characters.
    const description = 'Café réseau — lancement 🚀 pour l’équipe'
    store.networks.set({ ...network, meta: { ...network.meta, description } })
    await store.flush()
    const cookie = await signIn(server.base, { demo: true })
    for (const encoding of ['identity', 'br']) {
      const { parts, byUrl } = await bootstrap(cookie, '/networks?project=all&region=all', encoding)
      const list = JSON.parse(byUrl.get(`/api/region/api/v2/networks?organizationID=${ACME_ORG_ID}`)!.text) as {
        metadata: { id: string; description?: string }
      }[]
      expect(list.find((item) => item.metadata.id === network.meta.id)?.metadata.description).toBe(description)
      expect(parts).toHaveLength(7)
    }
  })

  // Issue 68: asked as every browser asks, a first screen was streamed in Brotli, whose streaming encoder held about
  // twice gzip's native memory for each page load in flight (bench/load-held.bench.ts shows the RSS under load).
  it('streams a first screen asked as a browser asks in gzip, and in Brotli only to a browser that takes nothing else', async () => {
    const cookie = await signIn(server.base, { demo: true })
    const asBrowsers = await bootstrap(cookie, '/networks?project=all&region=all', 'gzip, deflate, br, zstd')
    expect(asBrowsers.res.headers.get('content-encoding')).toBe('gzip')
    expect(asBrowsers.parts).toHaveLength(7)
    const brotliOnly = await bootstrap(cookie, '/networks?project=all&region=all', 'br')
    expect(brotliOnly.res.headers.get('content-encoding')).toBe('br')
    expect(brotliOnly.parts.map((part) => part.url).sort()).toEqual(asBrowsers.parts.map((part) => part.url).sort())
  })

  it("asks for the stored scope's lists, and the URL's filters over it", async () => {
    const cookie = await signIn(server.base, { demo: true })
    const scope = `cc_scope=${encodeURIComponent(JSON.stringify({ organizationId: ACME_ORG_ID, projectId: 'p-x' }))}`
    const stored = await bootstrap(`${cookie}; ${scope}`, '/security-groups')
    expect(stored.byUrl.has(`/api/region/api/v2/securitygroups?organizationID=${ACME_ORG_ID}&projectID=p-x`)).toBe(true)
    const lifted = await bootstrap(`${cookie}; ${scope}`, '/instances?project=all&region=r1')
    expect(lifted.byUrl.has(`/api/compute/api/v2/instances?organizationID=${ACME_ORG_ID}&regionID=r1`)).toBe(true)
    // A page whose filters it does not mirror, and a page with no list: the scope only.
    const tagged = await bootstrap(cookie, '/networks?tag=env%3Dprod')
    expect(tagged.parts.some((part) => part.url.includes('/networks'))).toBe(false)
    expect((await bootstrap(cookie, '/activity')).parts).toHaveLength(6)
  })

  it('gives a read-only member the 403 the proxy gives, and the other parts beside it', async () => {
    const cookie = await signIn(server.base, { token: cloud.tokens.member })
    const { res, parts } = await bootstrap(cookie, '/users')
    expect(res.status).toBe(200)
    const refused = parts.filter((part) => part.status === 403)
    // The users list, and the groups list whose names a people list shows: asked as the SPA asks it, not held for
    // the ACL, so the refusal reaches the SPA as its own request's answer.
    expect(refused.map((part) => part.url).sort()).toEqual([
      `/api/identity/api/v1/organizations/${ACME_ORG_ID}/groups`,
      `/api/identity/api/v1/organizations/${ACME_ORG_ID}/users`,
    ])
    // The same refusal, in the platform's words (each answer has its own trace id).
    const words = (text: string) => ({ ...(JSON.parse(text) as object), trace_id: undefined })
    for (const part of refused) expect(words(part.text)).toEqual(words((await direct(cookie, part.url)).text))
    expect(parts.filter((part) => part.status === 200)).toHaveLength(6)
    const session = parts.find((part) => part.url === '/console/session')!
    expect(session.status).toBe(200)
    expect(parts.find((part) => part.url === `/api/identity/api/v1/organizations/${ACME_ORG_ID}/acl`)!.status).toBe(200)
  })

  it("carries the overview's reads: its lists, quotas, prices, people and each region's flavors", async () => {
    const cookie = await signIn(server.base, { demo: true })
    const { parts, byUrl, coming } = await bootstrap(cookie, '/', 'gzip')
    const org = `/api/v1/organizations/${ACME_ORG_ID}`
    const regions = (JSON.parse(byUrl.get(`/api/region${org}/regions`)!.text) as { metadata: { id: string } }[]).map(
      (region) => region.metadata.id,
    )
    expect(regions.length).toBeGreaterThan(1)
    expect(parts.map((part) => part.url).sort()).toEqual(
      [
        '/console/session',
        '/console/config',
        '/api/identity/api/v1/organizations',
        `/api/identity${org}/acl`,
        `/api/identity${org}/projects`,
        `/api/region${org}/regions`,
        `/api/region/api/v2/networks?organizationID=${ACME_ORG_ID}`,
        `/api/region/api/v2/securitygroups?organizationID=${ACME_ORG_ID}`,
        `/api/region/api/v2/filestorage?organizationID=${ACME_ORG_ID}`,
        `/api/compute/api/v2/instances?organizationID=${ACME_ORG_ID}`,
        `/api/region/api/v2/loadbalancers?organizationID=${ACME_ORG_ID}`,
        `/api/nks/api/v1/clusters?organizationID=${ACME_ORG_ID}`,
        `/api/identity${org}/quotas`,
        `/api/aiproxy/organizations/${ACME_ORG_ID}/endpoints`,
        `/api/identity${org}/users`,
        `/api/identity${org}/serviceaccounts`,
        `/api/identity${org}/groups`,
        ...regions.map((region) => `/api/region${org}/regions/${region}/flavors`),
      ].sort(),
    )
    for (const part of parts) {
      const own = await direct(cookie, part.url)
      expect({ url: part.url, status: part.status }).toEqual({ url: part.url, status: own.status })
    }
    // Named once every read was asked: exactly the parts written after it.
    expect(coming).toBeDefined()
    expect(coming!.urls.sort()).toEqual(
      parts
        .slice(coming!.after)
        .map((part) => part.url)
        .sort(),
    )
  })

  it("asks the overview's people lists only where the caller's roles let them read them", async () => {
    const cookie = await signIn(server.base, { token: cloud.tokens.member })
    const { parts } = await bootstrap(cookie, '/')
    expect(parts.filter((part) => part.status !== 200).map((part) => part.url)).toEqual([])
    expect(parts.some((part) => /\/(users|serviceaccounts|groups)$/.test(part.url))).toBe(false)
    expect(parts.some((part) => part.url.startsWith('/api/region/api/v2/networks'))).toBe(true)
  })

  // A new row's pages open on the bootstrap only once bootstrap.ts names them (REGIONAL_LISTS or ORGANIZATION_LISTS,
  // DETAIL_PAGES or itemInList): left out, the page still works, one round trip later, and nothing else fails.
  it("carries each row's list on its list page, and its item (or the list it is read out of) on an item's page", async () => {
    const cookie = await signIn(server.base, { demo: true })
    const routes = await loadDeclaredRoutes()
    const paged = Object.entries(resources as Record<string, Resource>).filter(([, row]) => row.page)
    expect(paged.length).toBeGreaterThan(5)
    for (const [name, row] of paged) {
      const list = routes.find((route) => route.resource === name && route.op === 'list')
      expect(list, `${name}: a list endpoint`).toBeDefined()
      const listPath = `/api/${list!.service}/${list!.segments.join('/').replace(':organizationID', ACME_ORG_ID)}`
      const { parts } = await bootstrap(cookie, `/${row.path}`)
      const carried = parts.find((part) => part.url.split('?')[0] === listPath)
      // Each read once: the projects page's list is also the one every page is carried.
      const urls = parts.map((part) => part.url)
      expect(
        urls.filter((url, at) => urls.indexOf(url) !== at),
        `/${row.path} reads each once`,
      ).toEqual([])
      expect(carried?.status, `/${row.path} carries ${listPath}`).toBe(200)
      const first = (JSON.parse(carried!.text) as { metadata: { id: string } }[])[0]
      expect(first, `the demo's acme-ai has a ${name} item to open`).toBeDefined()
      const { id } = first!.metadata
      const page = `/${row.path}/${encodeURIComponent(id)}`
      const item = (await bootstrap(cookie, page)).parts.find((part) =>
        [listPath, `${listPath}/${encodeURIComponent(id)}`].includes(part.url.split('?')[0]!),
      )
      expect(item?.status, `${page} carries its item or its list`).toBe(200)
      expect(item!.text, page).toContain(id)
    }
  })

  it('carries only the signed-out session (null) signed out, and answers 400 for a page that is not a path here', async () => {
    const signedOut = await bootstrap(undefined, '/networks')
    expect(signedOut.res.status).toBe(200)
    expect(signedOut.parts.map(({ url, status, text }) => ({ url, status, text }))).toEqual([
      { url: '/console/session', status: 200, text: 'null' },
    ])
    expect(signedOut.coming?.urls).toEqual([])
    expect((await bootstrap(undefined, '//evil.example/x')).res.status).toBe(400)
  })
})

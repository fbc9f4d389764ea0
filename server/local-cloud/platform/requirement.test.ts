import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { PLATFORM_SERVICES, PUBLIC_ROUTES, createApp } from '../app.ts'
import { emptyState } from '../demo/builder.ts'
import { Authenticator } from './auth.ts'
import { route, type Route } from './context.ts'
import { ListCache } from './list-cache.ts'
import { isRequirement } from './requirement.ts'
import { platformService } from './service.ts'
import { Store } from './store/store.ts'

let dataDir: string
let store: Store
const token = 'requirement-test-admin'
const settings = { provisionMs: 0, latencyMs: 0, failureRate: 0, embeddings: 'lexical' as const }

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'local-cloud-requirements-'))
  store = await Store.open(dataDir, emptyState)
})
afterAll(async () => {
  await store.close()
  await rm(dataDir, { recursive: true, force: true })
})
afterEach(() => vi.unstubAllEnvs())

const auth = () =>
  new Authenticator(store, [{ token, principal: { organizationId: 'org', subject: 'admin', organizationAdmin: true } }])

describe('every route the local cloud registers', () => {
  it('declares what its caller needs, or is one of the named public routes', () => {
    const declared = new Map<string, unknown>()
    for (const { base, routes } of PLATFORM_SERVICES) {
      for (const r of routes) declared.set(`${r.method} ${base}${r.path}`, r.needs)
    }
    // As production builds it, where the startup check below does not stop an undeclared route first.
    vi.stubEnv('NODE_ENV', 'production')
    const app = createApp(store, auth(), settings)
    const served = app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`)
    // The walk covers the services: every declared route is among those served.
    expect(served).toEqual(expect.arrayContaining([...declared.keys()]))
    const ungoverned = served.filter(
      (key) => !isRequirement(declared.get(key)) && !(PUBLIC_ROUTES as readonly string[]).includes(key),
    )
    expect(ungoverned).toEqual([])
  })

  it('answers any other method only with a refusal (405 on a declared path, 404 elsewhere)', () => {
    const paths = new Set<string>(PUBLIC_ROUTES.map((key) => key.split(' ')[1] ?? ''))
    for (const { base, routes } of PLATFORM_SERVICES) for (const r of routes) paths.add(`${base}${r.path}`)
    const app = createApp(store, auth(), settings)
    // Catch-alls are the services' middleware and not-found answers; any other ALL route is a declared path's 405.
    const other = app.routes.filter((r) => r.method === 'ALL' && !r.path.endsWith('*') && !paths.has(r.path))
    expect(other.map((r) => r.path)).toEqual([])
  })
})

describe('a route that declares nothing', () => {
  const undeclared = {
    method: 'GET',
    path: '/api/v2/widgets',
    handler: () => ({ status: 200, body: [] }),
  } as unknown as Route
  const deps = () => ({ store, auth: auth(), listCache: new ListCache(), settings })

  it('stops the local cloud from starting outside production', () => {
    vi.stubEnv('NODE_ENV', 'development')
    expect(() => platformService([undeclared], deps(), { pathParams: {} })).toThrow(
      'these routes declare no permission (see platform/requirement.ts): GET /api/v2/widgets',
    )
  })

  it('is refused with 403 in production, even to an administrator', async () => {
    vi.stubEnv('NODE_ENV', 'production')
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const declared = route('GET', '/api/v2/regions', { endpoint: 'region:regions', op: 'read' }, () => ({
      status: 200,
      body: [],
    }))
    const app = platformService([undeclared, declared], deps(), { pathParams: {} })
    const call = (path: string) => app.request(path, { headers: { Authorization: `Bearer ${token}` } })
    const refused = await call('/api/v2/widgets')
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ error: 'forbidden' })
    expect((await call('/api/v2/regions')).status).toBe(200)
    errors.mockRestore()
  })
})

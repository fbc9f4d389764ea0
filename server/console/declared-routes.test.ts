import { readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalCloud, type LocalCloud } from '../local-cloud/index.ts'
import { writeOf } from './activity.ts'
import { mayRead } from './activity-routes.ts'
import { isParameter, isWrite, loadDeclaredRoutes } from './declared-routes.ts'
import * as tables from './declared-tables.ts'
import { isCollectionPath } from '../../src/api/request.ts'

const declaredRoutes = await loadDeclaredRoutes()
const API_DIR = join(import.meta.dirname, '../../src/api')

/** A concrete path for a template: each parameter a value of its own name. */
const pathOf = (segments: readonly string[]) =>
  `/${segments.map((segment) => (isParameter(segment) ? `${segment.slice(1)}-1` : segment)).join('/')}`

describe('the routes the SPA declares', () => {
  it('come from every module of the endpoint tables', () => {
    const declaring = readdirSync(API_DIR)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) =>
        /\b(endpoint|listEndpoint|organizationRead)(<[^>]*>)?\(/.test(readFileSync(join(API_DIR, file), 'utf8')),
      )
      .map((file) => file.replace(/\.ts$/, ''))
      .filter((name) => name !== 'endpoint' && name !== 'resource-table')
    expect(Object.keys(tables).sort()).toEqual(expect.arrayContaining(declaring.sort()))
    expect(declaredRoutes.filter(isWrite).length).toBeGreaterThan(10)
  })

  // COLLECTION_SEGMENTS (src/api/request.ts): a 404 on a list or create path says the platform does not offer it (a
  // list then says so), where on an item's path it says the item is gone. A collection left out of it reads as an item.
  it('end each list and create path in a collection the SPA knows, and no item path', () => {
    const collections = declaredRoutes.filter((route) => route.op === 'list' || route.op === 'create')
    expect(collections.length).toBeGreaterThan(10)
    for (const { method, segments } of collections)
      expect(isCollectionPath(pathOf(segments)), `${method} ${pathOf(segments)}`).toBe(true)
    for (const { method, segments } of declaredRoutes.filter((route) => isParameter(route.segments.at(-1)!)))
      expect(isCollectionPath(pathOf(segments)), `${method} ${pathOf(segments)}`).toBe(false)
  })

  describe("each write is recorded under a kind its organization's admin may read", () => {
    let dataDir: string
    let cloud: LocalCloud
    let acl: Parameters<typeof mayRead>[0]
    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'declared-routes-'))
      cloud = await createLocalCloud({ dataDir, provisionMs: 0 })
      const answer = await cloud.fetch(
        new Request(`http://local/local/identity/api/v1/organizations/${cloud.demo.organizationId}/acl`, {
          headers: { authorization: `Bearer ${cloud.tokens.admin}` },
        }),
      )
      expect(answer.status).toBe(200)
      acl = (await answer.json()) as typeof acl
    })
    afterAll(async () => {
      await cloud.close()
      await rm(dataDir, { recursive: true, force: true })
    })

    // Every write of an endpoint table (a request built by hand, the embeddings run, changes no resource).
    for (const route of declaredRoutes.filter((route) => isWrite(route) && route.resource))
      it(`${route.method} /api/${route.service}${pathOf(route.segments)}`, () => {
        const write = writeOf(route.service, route.method, pathOf(route.segments))
        expect(write?.kind).toBeDefined()
        expect(mayRead(acl, write!.kind)).toBe(true)
        // The organization is named by the path, or learnt from a read of the resource or the answer.
        expect(Boolean(write!.organizationId || write!.itemPath || route.op === 'create')).toBe(true)
      })
  })
})

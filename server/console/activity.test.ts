import { randomUUID } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalCloud, type LocalCloud } from '../local-cloud/index.ts'
import { createClient } from 'redis'
import { isRefused, principalOf, writeOf, type ActivityEntry, type ActivityLog, type Dropped } from './activity.ts'
import { MemoryActivityLog } from './activity-memory.ts'
import { RedisActivityLog } from './activity-redis.ts'
import { startTestRedis } from './session-store-test-redis.ts'
import { CSRF, signIn, startConsoleServer, type RunningConsole } from './test-support.ts'
import { loadDeclaredRoutes } from './declared-routes.ts'
import { pageStart } from './activity-routes.ts'

// writeOf and the labels read the tables' routes, loaded by the console's first API request.
await loadDeclaredRoutes()

describe('the activity log', () => {
  let dataDir: string
  let cloud: LocalCloud
  let running: RunningConsole
  const activity = new MemoryActivityLog({ perOrganization: 3, total: 100 })
  let admin: string
  let member: string
  let org: string

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'activity-'))
    cloud = await createLocalCloud({ dataDir, provisionMs: 0, memberToken: 'member-token-0123456789' })
    running = await startConsoleServer({}, { localCloud: cloud, activity })
    admin = await signIn(running.base, { demo: true })
    member = await signIn(running.base, { token: 'member-token-0123456789' })
    org = cloud.demo.organizationId
  })
  afterAll(async () => {
    await running.close()
    await cloud.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  const projects = () => `${running.base}/api/identity/api/v1/organizations/${org}/projects`
  const create = (cookie: string, body: object) =>
    fetch(projects(), { method: 'POST', headers: { ...CSRF, cookie }, body: JSON.stringify(body) })
  const read = async (cookie: string, query = '') => {
    const res = await fetch(`${running.base}/console/activity?organization=${org}${query}`, { headers: { cookie } })
    return {
      status: res.status,
      body: (await res.json()) as {
        entries: ActivityEntry[]
        people: unknown[]
        dropped: Dropped
        unreadable: string[]
      },
    }
  }

  it('records who wrote what and how it ended, and never a token, cookie or the rest of a request body', async () => {
    const secret = 'request-body-secret-7f3a'
    const made = await create(admin, {
      metadata: { name: `activity-${Date.now()}`, description: secret },
      spec: { groupIDs: [] },
    })
    expect(made.status).toBe(202)
    const madeId = ((await made.json()) as { metadata: { id: string } }).metadata.id
    const refused = await create(admin, {
      metadata: { name: 'refused-name', description: secret },
      spec: { groupIDs: ['no-such-group'] },
    })
    expect(refused.status).toBeGreaterThanOrEqual(400)

    const { body } = await read(admin)
    expect(body.entries[0]).toMatchObject({
      subject: 'demo-admin',
      organizationId: org,
      method: 'POST',
      kind: 'identity:projects',
      status: refused.status,
      errorCode: expect.any(String),
      traceId: expect.stringMatching(/^[\da-f]{32}$/),
      // The name the write asked for, the one field of its body the log keeps beside an organization.
      resourceName: 'refused-name',
    })
    expect(body.entries[1]).toMatchObject({ kind: 'identity:projects', resourceId: madeId, status: 202 })
    expect(body.entries[1]!.resourceName).toMatch(/^activity-/)

    const stored = JSON.stringify(await activity.list(org))
    for (const kept of [
      secret,
      cloud.tokens.admin,
      'member-token-0123456789',
      admin.split('=')[1]!,
      member.split('=')[1]!,
    ])
      expect(stored).not.toContain(kept)
  })

  it('keeps the newest entries up to its cap, the oldest dropped first', async () => {
    for (let i = 0; i < 4; i++)
      await create(admin, { metadata: { name: `cap-${Date.now()}-${i}` }, spec: { groupIDs: [] } })
    // The refused create of the test before is kept beside them, in the refusals' own share.
    const names = (await activity.list(org)).filter((entry) => !isRefused(entry)).map((entry) => entry.resourceName)
    expect(names).toHaveLength(3)
    expect(names[0]).toMatch(/-3$/)
    // The page is told up to when entries are gone, and that every kept one is later.
    const { body } = await read(admin)
    const kept = body.entries.filter((entry) => !isRefused(entry))
    expect(body.dropped.accepted).toBeDefined()
    expect(kept.every((entry) => entry.at >= body.dropped.accepted!)).toBe(true)
    expect(body.dropped.refused).toBeUndefined()
  })

  it("shows a member only the kinds their ACL lets them read, and no other organization's log", async () => {
    // The member reads projects (the readers group); the filters narrow what is shown.
    const mine = await read(member, '&outcome=failed')
    expect(mine.status).toBe(200)
    expect(mine.body.entries.every(isRefused)).toBe(true)
    const other = await fetch(`${running.base}/console/activity?organization=${cloud.demo.secondOrganizationId}`, {
      headers: { cookie: member },
    })
    expect(other.status).toBe(403)
    expect((await fetch(`${running.base}/console/activity?organization=${org}`)).status).toBe(401)
  })

  it('refuses a page or time filter that is no ISO time, saying what it wants', async () => {
    for (const query of ['&before=yesterday', '&since=', '&since=2026-11-26']) {
      const res = await fetch(`${running.base}/console/activity?organization=${org}${query}`, {
        headers: { cookie: admin },
      })
      expect(res.status, query).toBe(400)
      expect(JSON.stringify(await res.json())).toMatch(/must be an ISO time/)
    }
    expect((await read(admin, '&before=2999-01-01T00:00:00.000Z')).status).toBe(200)
  })

  it('sends the newest entries up to a limit, counting all that match, and refuses a limit it cannot keep', async () => {
    for (const name of ['limit-a', 'limit-b'])
      expect(
        (await create(admin, { metadata: { name: `${name}-${Date.now()}` }, spec: { groupIDs: [] } })).status,
      ).toBe(202)
    const whole = await read(admin)
    const newest = await read(admin, '&limit=1')
    expect(newest.body.entries).toEqual(whole.body.entries.slice(0, 1))
    expect((newest.body as { total?: number }).total).toBe(whole.body.entries.length)
    for (const query of ['&limit=0', '&limit=201', '&limit=five', '&limit=']) {
      const res = await fetch(`${running.base}/console/activity?organization=${org}${query}`, {
        headers: { cookie: admin },
      })
      expect(res.status, query).toBe(400)
      expect(JSON.stringify(await res.json())).toMatch(/limit must be a whole number from 1 to 200/)
    }
  })

  it("leaves out the kinds the member's ACL does not let them read", async () => {
    // The readers group reads projects, not the organization's users.
    const userChange: ActivityEntry = {
      id: 'user-change',
      at: new Date().toISOString(),
      subject: 'demo-admin',
      displayName: 'Demo admin',
      organizationId: org,
      method: 'DELETE',
      service: 'identity',
      kind: 'identity:users',
      resourceId: 'u-1',
      path: `/api/v1/organizations/${org}/users/u-1`,
      status: 202,
      traceId: '0af7651916cd43dd8448eb211c80319c',
    }
    await activity.record(userChange)
    const kinds = async (cookie: string) => (await read(cookie)).body.entries.map((entry) => entry.kind)
    expect(await kinds(admin)).toContain('identity:users')
    expect(await kinds(member)).not.toContain('identity:users')
    expect(await kinds(member)).toContain('identity:projects')
    // And the page is told which kinds it leaves out for the member's role: none for the admin.
    expect((await read(member)).body.unreadable).toContain('identity:users')
    expect((await read(member)).body.unreadable).not.toContain('identity:projects')
    expect((await read(admin)).body.unreadable).toEqual([])
  })
})

describe('what a write is about', () => {
  it('reads the organization, kind, id and action from the route the endpoint tables declare', () => {
    const org = '/api/v1/organizations/3f2a9c1e-0000-4000-8000-000000000001'
    expect(writeOf('identity', 'POST', `${org}/serviceaccounts/sa-1/rotate`)).toEqual({
      organizationId: '3f2a9c1e-0000-4000-8000-000000000001',
      kind: 'identity:serviceaccounts',
      resourceId: 'sa-1',
      action: 'rotate',
    })
    expect(writeOf('compute', 'POST', '/api/v2/instances/0b5e8b9a-1c2d/start')).toEqual({
      kind: 'compute:instances',
      resourceId: '0b5e8b9a-1c2d',
      action: 'start',
      itemPath: '/api/v2/instances/0b5e8b9a-1c2d',
    })
    expect(writeOf('identity', 'PUT', '/api/v1/organizations/acme-ai/projects/web?x=1')).toEqual({
      organizationId: 'acme-ai',
      kind: 'identity:projects',
      resourceId: 'web',
    })
    expect(writeOf('region', 'POST', '/api/v2/networks')).toEqual({ kind: 'region:networks' })
    expect(writeOf('region', 'GET', '/api/v2/networks')).toBeUndefined()
    expect(writeOf('region', 'POST', `${org}/invented`)).toBeUndefined()
    expect(writeOf('inference', 'POST', '/v1/embeddings')).toBeUndefined()
  })

  it('names a token session by a hash, never the token', () => {
    const who = principalOf({ kind: 'token', token: 'opaque-secret-token' })
    expect(who.subject).toMatch(/^token-[\da-f]{12}$/)
    expect(JSON.stringify(who)).not.toContain('opaque-secret-token')
  })
})

const entryOf = (organizationId: string, resourceName: string, status = 202): ActivityEntry => ({
  id: randomUUID(),
  at: new Date().toISOString(),
  subject: 's',
  displayName: 'S',
  organizationId,
  method: 'POST',
  service: 'region',
  kind: 'region:networks',
  resourceName,
  path: '/api/v2/networks',
  status,
  traceId: '0af7651916cd43dd8448eb211c80319c',
})

/** Fills a log: 5 writes of a small organization, then 30 of a large one, then 5 refusals of the small one. */
async function fill(log: ActivityLog) {
  for (let i = 0; i < 5; i++) await log.record(entryOf('small', `small-${i}`))
  for (let i = 0; i < 30; i++) await log.record(entryOf('large', `large-${i}`))
  for (let i = 0; i < 5; i++) await log.record(entryOf('small', `refused-${i}`, 403))
}

/**
 * After fill: the large organization gave up its 13 oldest writes and the small one 3 refusals (beyond its share of 2)
 * and none of its writes. Each is told up to which entry, and keeps every later one.
 */
async function expectDropped(log: ActivityLog) {
  const large = await log.dropped('large')
  expect(large.refused).toBeUndefined()
  expect((await log.list('large')).every((entry) => entry.at >= large.accepted!)).toBe(true)
  const small = await log.dropped('small')
  expect(small.accepted).toBeUndefined()
  expect(small.refused).toBeDefined()
}

describe('the bound on the whole log', () => {
  it('in memory: the largest organization gives up its oldest, refusals keep to their share', async () => {
    const log = new MemoryActivityLog({ perOrganization: 20, total: 24 })
    await fill(log)
    expect(log.size).toBe(24)
    const small = (await log.list('small')).map((e) => e.resourceName)
    // 5 accepted, and the newest 2 refusals (a tenth of 20).
    expect(small).toHaveLength(7)
    expect(small).toEqual(expect.arrayContaining(['small-0', 'small-4', 'refused-3', 'refused-4']))
    expect((await log.list('large')).map((e) => e.resourceName)).toEqual(
      Array.from({ length: 17 }, (_, i) => `large-${29 - i}`),
    )
    await expectDropped(log)
  })

  it('on disk: read back at start, and the file rewritten once it holds twice what is kept', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'activity-file-'))
    const file = join(dir, 'console-activity.jsonl')
    try {
      const log = new MemoryActivityLog({ perOrganization: 2, total: 2 }, file)
      for (let i = 0; i < 1100; i++) await log.record(entryOf('org', `n-${i}`))
      const lines = (await readFile(file, 'utf8')).split('\n').filter(Boolean)
      expect(lines.length).toBeLessThan(1100)
      const dropped = await log.dropped('org')
      await log.close()
      const again = new MemoryActivityLog({ perOrganization: 2, total: 2 }, file)
      expect((await again.list('org')).map((e) => e.resourceName)).toEqual(['n-1099', 'n-1098'])
      // Though the rewritten file holds none of the entries that were dropped.
      expect(dropped.accepted).toBeDefined()
      expect(await again.dropped('org')).toEqual(dropped)
      await again.close()
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('in Redis: the same, across the streams', async () => {
    const redis = await startTestRedis()
    const log = new RedisActivityLog(redis.url, { perOrganization: 20, total: 24 })
    const raw = createClient({ url: redis.url })
    try {
      await fill(log)
      expect((await log.list('small')).map((e) => e.resourceName)).toHaveLength(7)
      expect(await log.list('large')).toHaveLength(17)
      await expectDropped(log)
      await raw.connect()
      expect(await raw.get('cc:activity-total')).toBe('24')
    } finally {
      await raw.quit().catch(() => undefined)
      await log.close()
      await redis.stop()
    }
  })
})

describe('an entry kept before its write is sent', () => {
  const pending = (): ActivityEntry => {
    const { status: _status, ...entry } = entryOf('org', 'under-way')
    return { ...entry, at: '2026-11-26T10:00:00.000Z' }
  }

  it('is replaced by its outcome, in memory and on disk once read back', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'activity-replaced-'))
    const file = join(dir, 'console-activity.jsonl')
    try {
      const log = new MemoryActivityLog({ perOrganization: 5, total: 10 }, file)
      const before = pending()
      const kept = await log.record(before)
      await log.record({ ...entryOf('org', 'other'), at: '2026-11-26T10:00:01.000Z' })
      await log.record({ ...before, status: 403, errorCode: 'forbidden' }, kept)
      const outcomes = async (of: ActivityLog) =>
        (await of.list('org')).map((entry) => `${entry.resourceName} ${entry.status}`)
      expect(await outcomes(log)).toEqual(['other 202', 'under-way 403'])
      expect(log.size).toBe(2)
      await log.close()
      const again = new MemoryActivityLog({ perOrganization: 5, total: 10 }, file)
      expect(await outcomes(again)).toEqual(['other 202', 'under-way 403'])
      expect(again.size).toBe(2)
      await again.close()
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('is replaced by its outcome in Redis, counted once, in its own organization or another', async () => {
    const redis = await startTestRedis()
    const log = new RedisActivityLog(redis.url, { perOrganization: 5, total: 10 })
    const raw = createClient({ url: redis.url })
    try {
      const before = pending()
      await log.record({ ...before, status: 202 }, await log.record(before))
      const elsewhere = pending()
      await log.record({ ...elsewhere, organizationId: 'other', status: 201 }, await log.record(elsewhere))
      expect((await log.list('org')).map((entry) => entry.status)).toEqual([202])
      expect((await log.list('other')).map((entry) => entry.status)).toEqual([201])
      await raw.connect()
      expect(await raw.get('cc:activity-total')).toBe('2')
      expect(await raw.zRangeWithScores('cc:activity-counts', 0, -1)).toEqual(
        expect.arrayContaining([
          { value: 'org', score: 1 },
          { value: 'other', score: 1 },
        ]),
      )
    } finally {
      await raw.quit().catch(() => undefined)
      await log.close()
      await redis.stop()
    }
  })
})

describe('the activity log in Redis', () => {
  it('is one capped stream per organization, newest first', async () => {
    const redis = await startTestRedis()
    const log = new RedisActivityLog(redis.url, { perOrganization: 2, total: 100 })
    try {
      const entry = (name: string, organizationId = 'org-1'): ActivityEntry => ({
        id: randomUUID(),
        at: new Date().toISOString(),
        subject: 's',
        displayName: 'S',
        organizationId,
        method: 'POST',
        service: 'region',
        kind: 'region:networks',
        resourceName: name,
        path: '/api/v1/organizations/org-1/networks',
        status: 202,
        traceId: '0af7651916cd43dd8448eb211c80319c',
      })
      for (const name of ['one', 'two', 'three']) await log.record(entry(name))
      await log.record(entry('elsewhere', 'org-2'))
      expect((await log.list('org-1')).map((e) => e.resourceName)).toEqual(['three', 'two'])
      expect((await log.list('org-2')).map((e) => e.resourceName)).toEqual(['elsewhere'])
    } finally {
      await log.close()
      await redis.stop()
    }
  })
})

describe('the pages of the log', () => {
  // Newest first, as the log lists them: three entries share one millisecond, across the end of a page.
  const at = (second: number) => `2026-11-26T10:00:0${second}.000Z`
  const entries = [
    { ...entryOf('org', 'e'), at: at(5), traceId: 'e' },
    { ...entryOf('org', 'd'), at: at(4), traceId: 'd' },
    { ...entryOf('org', 'c'), at: at(4), traceId: 'c' },
    { ...entryOf('org', 'b'), at: at(4), traceId: 'b' },
    { ...entryOf('org', 'a'), at: at(3), traceId: 'a' },
  ]
  const pageAfter = (last: ActivityEntry) => entries.slice(pageStart(entries, last.at, last.traceId))

  it('start after the last entry shown, its own millisecond included', () => {
    expect(pageAfter(entries[1]!).map((entry) => entry.traceId)).toEqual(['c', 'b', 'a'])
    expect(pageAfter(entries[3]!).map((entry) => entry.traceId)).toEqual(['a'])
    expect(pageAfter(entries[4]!)).toEqual([])
  })

  it('start at the first older entry where the last one shown has been dropped since', () => {
    expect(pageStart(entries, at(4), 'gone')).toBe(4)
    expect(pageStart(entries, at(4), undefined)).toBe(4)
    expect(pageStart(entries, at(2), 'gone')).toBe(5)
  })
})

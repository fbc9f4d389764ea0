import { expect, test, type Page } from '@playwright/test'
import {
  ADMIN_TOKEN,
  PORTS,
  alive,
  kill,
  logs,
  query,
  served,
  startCloud,
  startNginx,
  startPrometheus,
  startRedis,
  startReplica,
  stop,
  stopAll,
} from './parts'

const A = `127.0.0.1:${PORTS.a}`
const B = `127.0.0.1:${PORTS.b}`
let prometheus: string

test.beforeAll(async () => {
  await startRedis()
  await startCloud()
  ;[prometheus] = await Promise.all([startPrometheus(), startReplica('a'), startReplica('b')])
  await startNginx()
})
test.afterAll(stopAll)

/** Every console and API answer the page gets, to assert none failed whichever replica served it. */
function watch(page: Page) {
  const failures: string[] = []
  page.on('response', (res) => {
    const path = new URL(res.url()).pathname
    if ((path.startsWith('/api/') || path.startsWith('/console/')) && res.status() >= 400)
      failures.push(`${res.status()} ${res.request().method()} ${path} ${res.headers()['x-request-id'] ?? ''}`)
  })
  // A request the page itself abandons (a navigation cancels its fetches) is not a failure of the servers.
  page.on('requestfailed', (req) => {
    if (req.failure()?.errorText !== 'net::ERR_ABORTED')
      failures.push(`${req.failure()?.errorText} ${req.method()} ${new URL(req.url()).pathname}`)
  })
  return failures
}

async function open(page: Page, link: string, heading: string | RegExp) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).click()
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible()
}

async function playground(page: Page) {
  await open(page, 'Embeddings playground', /playground/i)
  await page.getByRole('region', { name: 'Inputs' }).getByRole('button', { name: 'Load example' }).click()
  const runs = page.getByRole('region', { name: 'Runs this session' }).getByText(/^Run \d+ · bge-m3$/)
  const before = await runs.count()
  await page.getByRole('button', { name: 'Create embeddings' }).click()
  // The run is listed once the embeddings came back through the console (the analysis after it is the browser's).
  await expect(runs).toHaveCount(before + 1)
}

test('two replicas behind nginx share sessions through Redis: kills, restarts and a store outage', async ({ page }) => {
  // Each replica reaches every service at the shared cloud, and embeds none of its own.
  for (const port of [PORTS.a, PORTS.b]) {
    const local = await fetch(`http://127.0.0.1:${port}/local/region/api/v2/networks`)
    expect([local.status, await local.text()]).toEqual([404, expect.stringContaining('embedded local cloud is off')])
  }
  const failures = watch(page)
  await page.goto('/networks')
  await page.getByLabel('Bearer token').fill(ADMIN_TOKEN)
  await page.getByRole('button', { name: 'Sign in with token' }).click()
  await expect(page.getByRole('heading', { name: 'Networks', level: 1 })).toBeVisible()
  // Before sign-in the page asked for a session it did not have yet (401): from here on, nothing may fail.
  failures.length = 0

  await open(page, 'Instances', 'Instances')
  await playground(page)
  expect(failures).toEqual([])
  // Round robin: both replicas answered part of that walk.
  expect(served.a).toBeGreaterThan(0)
  expect(served.b).toBeGreaterThan(0)

  await test.step("Prometheus scraped both replicas and counted the walk's requests", async () => {
    const up = async () => Object.fromEntries((await query(prometheus, 'up')).map((s) => [s.labels.instance, s.value]))
    await expect.poll(up).toEqual({ [A]: 1, [B]: 1 })
    const counted = () =>
      query(prometheus, 'sum by (instance) (console_http_request_duration_seconds_count{upstream!="none"})')
    // The proxied calls of the walk, on both replicas (a scrape a second after they were answered).
    await expect
      .poll(async () =>
        (await counted())
          .filter((s) => s.value > 0)
          .map((s) => s.labels.instance)
          .sort(),
      )
      .toEqual([A, B])
  })

  const upOf = async (instance: string) => (await query(prometheus, `up{instance="${instance}"}`))[0]?.value

  await test.step('SIGKILL replica A mid-walk: still signed in, nothing lost, and Prometheus saw it go down', async () => {
    await open(page, 'Networks', 'Networks')
    await kill('a')
    await open(page, 'Instances', 'Instances')
    await playground(page)
    await open(page, 'Networks', 'Networks')
    expect(failures).toEqual([])
    await expect.poll(() => upOf(A)).toBe(0)
  })

  await test.step('restart both replicas: still signed in, and Prometheus saw A come back', async () => {
    await startReplica('a')
    await expect.poll(() => upOf(A)).toBe(1)
    expect(await stop('b')).toBe(0)
    await startReplica('b')
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Networks', level: 1 })).toBeVisible()
    await open(page, 'Instances', 'Instances')
    expect(failures).toEqual([])
  })

  await test.step('stop Redis: a clear 503 naming the store, and no crash', async () => {
    await stop('redis')
    for (let i = 0; i < 4; i++) {
      const res = await page.request.get('/console/session')
      expect(res.status()).toBe(503)
      expect((await res.json()).error_description).toContain(`127.0.0.1:${PORTS.redis}`)
    }
    expect(alive('a') && alive('b')).toBe(true)
  })

  await test.step('restart Redis: work continues in the same session', async () => {
    await startRedis()
    // Each replica's Redis client reconnects on its own, and nginx may send the next request to either: wait for both
    // (the session cookie is the host's, so it goes to each replica's own port too).
    for (const replica of ['a', 'b'] as const) {
      await expect
        .poll(async () => (await page.request.get(`http://localhost:${PORTS[replica]}/console/session`)).status(), {
          timeout: 15_000,
        })
        .toBe(200)
    }
    failures.length = 0
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Instances', level: 1 })).toBeVisible()
    await open(page, 'Networks', 'Networks')
    expect(failures).toEqual([])
  })

  await test.step("one trace id in the browser's error, the replica's log and the local cloud's", async () => {
    // A network id that names nothing: the page says it is not found, with the trace to quote.
    await page.goto('/networks/0b6c0d44-0000-4000-8000-000000000000')
    await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible()
    const said = await page.getByRole('main').textContent()
    const traceId = /trace id ([\da-f]{32})/.exec(said ?? '')?.[1]
    expect(traceId, said ?? '').toMatch(/^[\da-f]{32}$/)
    // The page's first-screen reads (its bootstrap) share one trace: the read that found nothing answered 404.
    const line = (name: 'a' | 'b' | 'cloud') =>
      logs[name].find((entry) => entry.traceId === traceId && entry.status === 404)
    // nginx started the trace ($request_id), the replica that served the call continued it and sent it upstream.
    await expect
      .poll(() => line('a') ?? line('b'))
      .toMatchObject({
        reqId: traceId,
        route: expect.stringMatching(/^\/api\/region\/.*\/networks\/:id$/),
        status: 404,
        upstream: 'region',
      })
    await expect.poll(() => line('cloud')).toMatchObject({ msg: 'local cloud request', status: 404 })
  })
})

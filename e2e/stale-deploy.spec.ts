import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../server/free-port'
import { expect, test } from './fixtures'
import { choose } from './helpers'
import { nextVersionOf } from './next-version'

// A tab opened before a deploy asks for a page whose code the new version no longer has. This console is its own,
// on a copy of the build whose Activity page has gone, so the shared console's files stay whole for the other tests.
let server: ChildProcess | undefined
let base = ''
let missing = ''

test.beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'console-e2e-dist-'))
  cpSync(process.env.DIST_DIR ?? 'dist', dist, { recursive: true })
  const chunk = readdirSync(join(dist, 'assets')).find((file) => /^ActivityRoute-[\w-]+\.js$/.test(file))!
  for (const file of [chunk, `${chunk}.br`]) rmSync(join(dist, 'assets', file), { force: true })
  missing = `/assets/${chunk}`
  const port = await freePort()
  base = `http://localhost:${port}`
  server = spawn('node', ['server/launch.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      DIST_DIR: dist,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'console-e2e-stale-')),
      SKIP_BUILD: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  })
  await expect
    .poll(
      () =>
        fetch(`${base}/console/health`).then(
          (answer) => answer.status,
          () => 0,
        ),
      { timeout: 60_000 },
    )
    .toBe(200)
})

test.afterAll(() => {
  server?.kill()
})

test('a page whose code is gone since the tab opened reloads once into the new version, then says so', async ({
  page,
  allowConsole,
}) => {
  // The browser logs each refused download of the missing file: the one that sent the page to the check, and the
  // reloaded page's.
  allowConsole(/404|Failed to fetch dynamically imported module/)
  const signedIn = await page.request.post(`${base}/console/session`, {
    data: { demo: true },
    headers: { 'X-Requested-With': 'cloud-console', Origin: base },
  })
  expect(signedIn.ok()).toBe(true)
  await page.goto(`${base}/networks`)
  await expect(page.getByRole('heading', { name: 'Networks', level: 1 })).toBeVisible()

  let loads = 0
  page.on('load', () => loads++)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click()

  // Reloaded once, onto the page asked for; the file is missing there too, so the page says so and stops.
  await expect(page.getByRole('heading', { name: 'The console has been updated', level: 1 })).toBeVisible()
  await expect(page.getByRole('alert')).toContainText('The new version is missing this page’s code, after a reload too')
  await expect(page.getByRole('alert')).toContainText(missing)
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible()
  expect(new URL(page.url()).pathname).toBe('/activity')
  expect(loads).toBe(1)
})

// Issue 68: a form submitted from a page loaded before a deploy created its resource and reloaded into the new
// version, but its notification was lost, and the notifications' chunk failed as an uncaught error. A console of its
// own, with its sessions in a Redis of its own so they outlive the deploy: the server restarts on the next version.
test.describe('a deploy while a form is open', () => {
  let redis: ChildProcess | undefined
  let consoleServer: ChildProcess | undefined
  let site = ''
  let start: (dist: string) => Promise<void>
  let stop: () => Promise<void>

  test.beforeAll(async () => {
    const redisPort = await freePort()
    redis = spawn(
      'redis-server',
      ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    )
    const port = await freePort()
    site = `http://localhost:${port}`
    const dataDir = mkdtempSync(join(tmpdir(), 'console-e2e-deploy-'))
    start = async (dist) => {
      consoleServer = spawn('node', ['server/launch.mjs'], {
        env: {
          ...process.env,
          PORT: String(port),
          DIST_DIR: dist,
          DATA_DIR: dataDir,
          SKIP_BUILD: 'true',
          LOG_LEVEL: 'error',
          SESSION_STORE_URL: `redis://127.0.0.1:${redisPort}`,
          SESSION_SECRET: 'e2e-deploy-secret-of-at-least-32-chars',
        },
        stdio: 'ignore',
      })
      await expect
        .poll(
          () =>
            fetch(`${site}/readyz`).then(
              (answer) => answer.status,
              () => 0,
            ),
          { timeout: 60_000 },
        )
        .toBe(200)
    }
    stop = async () => {
      const exited = new Promise((resolve) => consoleServer!.once('exit', resolve))
      consoleServer!.kill('SIGTERM')
      await exited
    }
    await start(process.env.DIST_DIR ?? 'dist')
  })

  test.afterAll(async () => {
    consoleServer?.kill()
    redis?.kill()
  })

  test('a form submitted from a page opened before a deploy creates once, and its notification shows in the new version', async ({
    page,
    allowConsole,
  }) => {
    // The old version's files the page had not loaded yet are refused: the browser logs each (a stylesheet's as of
    // the wrong type, the 404's text).
    allowConsole(/404|Failed to fetch dynamically imported module|Refused to apply style/)
    const signedIn = await page.request.post(`${site}/console/session`, {
      data: { demo: true },
      headers: { 'X-Requested-With': 'cloud-console', Origin: site },
    })
    expect(signedIn.ok()).toBe(true)
    await page.goto(`${site}/networks/new`)
    const name = `deployed-${Date.now().toString(36)}`
    await page.getByLabel('Name').fill(name)
    await choose(page, 'Project')
    await choose(page, 'Region')
    await page.getByLabel('Prefix').fill('10.88.0.0/16')

    const next = mkdtempSync(join(tmpdir(), 'console-e2e-next-'))
    nextVersionOf(process.env.DIST_DIR ?? 'dist', next)
    await stop()
    await start(next)

    await page.getByRole('button', { name: 'Create network' }).click()
    await expect(page.getByRole('heading', { name, exact: true, level: 1 })).toBeVisible()
    await expect(page.getByRole('alert').filter({ hasText: `Network ${name} created` })).toBeVisible()
    // The new version's files, loaded by the reload.
    const scripts = await page.evaluate(() => [...document.scripts].map((script) => script.src).filter(Boolean))
    expect(scripts.every((src) => /n\.js$/.test(src))).toBe(true)
    const listed = await page.request.get(`${site}/api/region/api/v2/networks`)
    const names = ((await listed.json()) as { metadata: { name: string } }[]).map((network) => network.metadata.name)
    expect(names.filter((each) => each === name)).toHaveLength(1)
  })
})

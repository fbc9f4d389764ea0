import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../server/free-port'
import { expect, test } from './fixtures'

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

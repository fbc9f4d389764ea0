import { defineConfig, devices } from '@playwright/test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { EXPECT_TIMEOUT } from './e2e/expect'
import { CHROMIUM_ARGS } from './scripts/chromium-args'

const port = Number(process.env.E2E_PORT ?? 8181)
const baseURL = `http://localhost:${port}`
// A fresh local cloud per run, so tests start from the demo data.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'console-e2e-'))
// e2e/oidc.spec.ts needs a second console whose access tokens last 5 s; it starts only when that spec is in the run.
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? port + 1)
const specArgs = process.argv.filter((arg) => arg.endsWith('.spec.ts') || arg.startsWith('e2e/'))
const runsOidc = specArgs.length === 0 || specArgs.some((arg) => arg.includes('oidc'))

export default defineConfig({
  testDir: 'e2e',
  // Tests own their data (uniquely named resources, no counts of what others add), so they run in any order, in
  // parallel. Four workers on two cores: a test waits (on a provisioning state, a poll, a transition) for a share of
  // its time, which the other workers fill; with two the cores sat idle an eighth of the tier, and three still left
  // some (E2E_WORKERS overrides).
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 4),
  // A test runs once without a trace (recording one costs a share of the tier's CPU). If it fails, it runs again
  // with its trace recorded, so the failure keeps one; a test that then passes is flaky, and flaky fails the run.
  retries: 1,
  failOnFlakyTests: true,
  timeout: 60_000,
  expect: { timeout: EXPECT_TIMEOUT },
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  outputDir: 'test-results/e2e',
  use: {
    baseURL,
    // The retry of a failed test records its trace: each action's DOM snapshot, the network and the console. Not its
    // screencast: recording that made Chromium composite and encode frames all test long.
    trace: { mode: 'on-first-retry', screenshots: false },
    screenshot: 'only-on-failure',
    viewport: { width: 1440, height: 900 },
    // As a user who asked the system for less motion: menus and dialogs appear without moving (theme.ts). Clicked
    // during its 200 ms opening, a dialog's button could move out from under the click between Playwright's check of
    // the target and the click itself; on a loaded machine that left "Suspend user" unpressed (identity.spec.ts).
    // e2e/motion.spec.ts checks both settings.
    reducedMotion: 'reduce',
    // As every browser does: headless Chromium alone sends no Accept-Language unless told, and the console server then
    // has no language to write figures in, so each page built Intl's number format itself (src/lib/number-grouping.ts).
    locale: 'en-US',
    // A worker's tests share one browser context and page, which Playwright resets between them: it clears cookies,
    // storage and the cache of the origins visited, closes other pages, and removes routes, init scripts and bindings.
    // A new context and page per test cost more than a page load (a renderer started, the bundle compiled afresh); a
    // test whose context options differ (a locale, another console's base URL) still gets a context of its own.
    // Permissions a test grants are not reset by Playwright: e2e/fixtures.ts revokes them after each test.
    reuseContext: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || undefined,
      // V8 compiles and collects on the page's own thread, not on helper threads: the tier's pages are short-lived,
      // and the helpers' work (and the kernel's, unmapping what they freed) cost more than it saved. Nor does it
      // optimize with TurboFan: a page lives a few seconds, too short for the compile to pay for itself (axe's runs do
      // pay, but less than the rest saves). And the compositor runs in the browser process, not a GPU process of its
      // own: without a GPU it draws in software either way. The benchmarks keep Chromium's and V8's defaults.
      args: [...CHROMIUM_ARGS, '--js-flags=--single-threaded --no-turbofan', '--in-process-gpu'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } }],
  webServer: [
    {
      // The production server, as npm start runs it: the pre-built bundle under plain node.
      command: 'node server/launch.mjs',
      url: `${baseURL}/console/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        SKIP_BUILD: 'true',
        // How long a transient state (provisioning, Pending, Stopping) lasts, which every wait for Running, Stopped or
        // provisioned pays. The pages show a write's answer (or an accepted power action's passing state) at once, not
        // a refetch that could miss a short state; only a new project's first "provisioning" comes from a refetch of
        // the list right after its create.
        LOCAL_CLOUD_PROVISION_MS: '1500',
        LOCAL_CLOUD_TOKEN: 'e2e-admin-token',
        LOCAL_CLOUD_SECOND_TOKEN: 'e2e-second-token',
        LOCAL_CLOUD_MEMBER_TOKEN: 'e2e-member-token',
        // /local/testing/answer-next: the platform's faults the demo data never shows (e2e/platform-faults.spec.ts);
        // /local/testing/hang: a caller of its own whose calls of one operation are never answered (overview.spec.ts).
        // Both answer only LOCAL_CLOUD_TOKEN (e2e/helpers.ts).
        LOCAL_CLOUD_TEST_HOOKS: 'true',
        // One JSON line per request would flood the piped output; warnings and errors still show.
        LOG_LEVEL: 'warn',
      },
      stdout: 'pipe',
    },
    ...(runsOidc
      ? [
          {
            command: 'node server/launch.mjs',
            url: `http://localhost:${oidcPort}/console/health`,
            reuseExistingServer: false,
            timeout: 120_000,
            env: {
              PORT: String(oidcPort),
              DATA_DIR: mkdtempSync(join(tmpdir(), 'console-e2e-oidc-')),
              SKIP_BUILD: 'true',
              LOCAL_CLOUD_PROVISION_MS: '0',
              LOCAL_CLOUD_ACCESS_TOKEN_SECONDS: '5',
              // /local/identity/testing/oidc, which answers only LOCAL_CLOUD_TOKEN (e2e/helpers.ts).
              LOCAL_CLOUD_TOKEN: 'e2e-admin-token',
              LOCAL_CLOUD_TEST_HOOKS: 'true',
              LOG_LEVEL: 'warn',
            },
            stdout: 'pipe' as const,
          },
        ]
      : []),
  ],
})

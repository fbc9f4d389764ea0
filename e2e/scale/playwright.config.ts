import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_ARGS } from '../../scripts/chromium-args'
import { PUBLIC_URL } from './parts'

// The scale tier: its own parts (Redis, two replicas, nginx, a shared local cloud), started by the spec itself.
export default defineConfig({
  testDir: '.',
  // Not *.spec.ts, so the main e2e run (testDir e2e) leaves this tier alone.
  testMatch: '*.scale.ts',
  workers: 1,
  retries: 0,
  timeout: 180_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: '../../test-results/playwright-scale.json' }]],
  outputDir: '../../test-results/e2e-scale',
  use: {
    baseURL: PUBLIC_URL,
    // A failed test's trace without its screencast, which costs CPU all test long. Recorded from the start: this one
    // test starts its own servers, so unlike the main tier's it is not run again to record one.
    trace: { mode: 'retain-on-failure', screenshots: false },
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || undefined,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } }],
})

import { createServer, type Server } from 'node:http'
import { screen } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listen, signIn, startConsoleServer, type RunningConsole } from '../../server/console/test-support'
import { startLocalCloud, type StartedLocalCloud } from '../../server/local-cloud/testing'
import { configureApi, resetApiConfig } from '../api/config'
import { slowServices } from '../api/waiting'
import { setScope } from '../lib/scope'
import { renderRoute, warmRoutes } from './console-harness'

// The regional API takes the call and never answers; the other services answer (a local cloud stands in for them).
// The console server gives up at UPSTREAM_TIMEOUT_MS and says so; until then the page says what it is waiting on,
// from the call's patience (PATIENCE_MS, src/api/waiting.ts) on. The timeout is set just past that patience, as the
// test waits it out in real time: the page's timer starts before the server's, and of two due timers the earlier runs
// first, so the notice still shows before the 504 however late a loaded machine runs them.
const TOKEN = 'hung-upstream-token'
let platform: StartedLocalCloud
let hung: Server
let console_: RunningConsole
const calls: string[] = []

beforeAll(async () => {
  platform = await startLocalCloud({ adminToken: TOKEN })
  hung = createServer((req) => void calls.push(req.url ?? ''))
  const hungUrl = await listen(hung)
  console_ = await startConsoleServer({
    REGION_URL: hungUrl,
    COMPUTE_URL: `${platform.url}/local/compute`,
    IDENTITY_URL: `${platform.url}/local/identity`,
    AIPROXY_URL: `${platform.url}/local/aiproxy`,
    INFERENCE_URL: `${platform.url}/local/inference`,
    UPSTREAM_TIMEOUT_MS: '6000',
  })
  const cookie = await signIn(console_.base, { token: TOKEN })
  configureApi({
    baseUrl: console_.base,
    fetch: (input, init) =>
      fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie } }),
  })
  setScope({ organizationId: platform.cloud.demo.organizationId })
  await warmRoutes('/networks')
})

afterAll(async () => {
  resetApiConfig()
  await console_?.close()
  hung?.closeAllConnections()
  await new Promise<void>((resolve) => (hung ? hung.close(() => resolve()) : resolve()))
  await platform?.stop()
})

describe('a service that never answers', () => {
  it('is named on the page while it is awaited, then the console server’s 504 says so, each read sent once', async () => {
    // Each step waits for the event that brings it, not for a time: the call's patience running out, then the notice
    // that follows it, then the console server's 504, which a loaded machine may bring later than the clock says.
    const named = new Promise<void>((resolve) => {
      const stop = slowServices.subscribe(() => {
        if (!slowServices.get().includes('region')) return
        stop()
        resolve()
      })
    })
    renderRoute('/networks')
    await named
    // Shown from then until the 504 answers the call, which removes it.
    expect(await screen.findByText(/Still waiting on the regional API at 127\.0\.0\.1/)).toBeTruthy()
    expect(await screen.findByText(/did not answer within 6 s/, {}, { timeout: 10_000 })).toBeTruthy()
    // The notice goes once the 504 has answered the wait.
    expect(screen.queryByText(/Still waiting on/)).toBeNull()
    // Each read was sent once: not again after the server's 504.
    expect(calls.length).toBeGreaterThan(0)
    expect(new Set(calls).size).toBe(calls.length)
  }, 30_000)
})

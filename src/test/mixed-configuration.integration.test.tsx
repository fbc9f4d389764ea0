import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { screen } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readConfig } from '../../server/config'
import { mixedCredentialWarning } from '../../server/console/credential'
import { signIn, startConsoleServer, type RunningConsole } from '../../server/console/test-support'
import { createLocalCloud, type LocalCloud } from '../../server/local-cloud/index'
import { startLocalCloud, type StartedLocalCloud } from '../../server/local-cloud/testing'
import { configureApi, resetApiConfig } from '../api/config'
import { getSession } from '../api/session'
import { setScope } from '../lib/scope'
import { renderRoute, warmRoutes } from './console-harness'

// REGION_URL, COMPUTE_URL and IDENTITY_URL name the platform (a local cloud of its own stands in for it, with its own
// tokens), and the model services stay on the console's embedded local cloud, as the README allows. The embedded
// services cannot accept the platform's credential: their 401 is theirs, not the session's end.
const PLATFORM_TOKEN = 'mixed-configuration-platform-token'
let platform: StartedLocalCloud
let embedded: LocalCloud
let embeddedDir: string
let console_: RunningConsole
const env = () => ({
  REGION_URL: `${platform.url}/local/region`,
  COMPUTE_URL: `${platform.url}/local/compute`,
  IDENTITY_URL: `${platform.url}/local/identity`,
})

beforeAll(async () => {
  platform = await startLocalCloud({ adminToken: PLATFORM_TOKEN })
  embeddedDir = await mkdtemp(join(tmpdir(), 'mixed-embedded-'))
  embedded = await createLocalCloud({ dataDir: embeddedDir, provisionMs: 0 })
  console_ = await startConsoleServer(env(), { localCloud: embedded })
  const cookie = await signIn(console_.base, { token: PLATFORM_TOKEN })
  configureApi({
    baseUrl: console_.base,
    fetch: (input, init) =>
      fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie } }),
  })
  setScope({ organizationId: platform.cloud.demo.organizationId })
  await warmRoutes('/models')
})

afterAll(async () => {
  resetApiConfig()
  await console_?.close()
  await embedded?.close()
  await rm(embeddedDir, { recursive: true, force: true })
  await platform?.stop()
})

describe('a mixed configuration: the platform for region, compute and identity, the model services embedded', () => {
  it('says at startup that the embedded services will refuse the platform’s credential, naming their settings', () => {
    const warning = mixedCredentialWarning(readConfig({ PORT: '0', ...env() }))
    expect(warning).toMatch(/AIPROXY_URL/)
    expect(warning).toMatch(/INFERENCE_URL/)
    expect(mixedCredentialWarning(readConfig({ PORT: '0' }))).toBeUndefined()
  })

  it('shows the model catalog’s refusal on the page and keeps the session', async () => {
    renderRoute('/models')
    expect(await screen.findByText(/runs on the embedded local cloud/)).toBeTruthy()
    expect(screen.getByText(/AIPROXY_URL/)).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Session ended' })).toBeNull()
    expect(screen.queryByRole('dialog', { name: 'Your session has ended' })).toBeNull()
    expect(await getSession()).not.toBeNull()
  })
})

// One service refusing the session's credential while the identity API that issued it accepts it (a regional API
// whose token validation is broken): that service's calls are refused, named, and the session goes on.
import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalCloud, type StartedLocalCloud } from '../local-cloud/testing.ts'
import { listen, signIn, startConsoleServer, type RunningConsole } from './test-support.ts'

const TOKEN = 'one-service-refuses-token'
let platform: StartedLocalCloud
let broken: Server
let console_: RunningConsole
let cookie: string

beforeAll(async () => {
  platform = await startLocalCloud({ adminToken: TOKEN })
  broken = createServer((_req, res) => {
    res.writeHead(401, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ error: 'access_denied', error_description: 'token validation failed', trace_id: 'rg-1' }))
  })
  console_ = await startConsoleServer({
    REGION_URL: await listen(broken),
    COMPUTE_URL: `${platform.url}/local/compute`,
    IDENTITY_URL: `${platform.url}/local/identity`,
    AIPROXY_URL: `${platform.url}/local/aiproxy`,
    INFERENCE_URL: `${platform.url}/local/inference`,
  })
  cookie = await signIn(console_.base, { token: TOKEN })
})

afterAll(async () => {
  await console_?.close()
  broken?.closeAllConnections()
  await new Promise<void>((resolve) => (broken ? broken.close(() => resolve()) : resolve()))
  await platform?.stop()
})

describe('a service that refuses a credential the identity API accepts', () => {
  it('refuses that call in the platform’s words, naming the service, and does not end the session', async () => {
    const refused = await fetch(`${console_.base}/api/region/api/v2/networks`, { headers: { cookie } })
    expect(refused.status).toBe(401)
    expect(refused.headers.get('x-console-session')).toBeNull()
    const body = (await refused.json()) as { error_description: string; trace_id?: string }
    expect(body.error_description).toMatch(/^token validation failed\. The regional API at http:\/\/127\.0\.0\.1:\d+ /)
    expect(body.error_description).toContain('which the identity API accepts')
    expect(body.trace_id).toBe('rg-1')

    const organizations = await fetch(`${console_.base}/api/identity/api/v1/organizations`, { headers: { cookie } })
    expect(organizations.status).toBe(200)
  })
})

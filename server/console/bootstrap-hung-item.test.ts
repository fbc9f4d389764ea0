import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startLocalCloud, type StartedLocalCloud } from '../local-cloud/testing.ts'
import { listen, signIn, startConsoleServer, type RunningConsole } from './test-support.ts'

// The compute API takes the call and never answers; the others answer. An instance's page waits for its item, which
// is the page's own part to wait for; the rest of the SPA's requests must not.
const TOKEN = 'hung-item-token'
let platform: StartedLocalCloud
let hung: Server
let server: RunningConsole

beforeAll(async () => {
  platform = await startLocalCloud({ adminToken: TOKEN })
  hung = createServer(() => undefined)
  server = await startConsoleServer({
    REGION_URL: `${platform.url}/local/region`,
    COMPUTE_URL: await listen(hung),
    IDENTITY_URL: `${platform.url}/local/identity`,
    AIPROXY_URL: `${platform.url}/local/aiproxy`,
    INFERENCE_URL: `${platform.url}/local/inference`,
    UPSTREAM_TIMEOUT_MS: '60000',
  })
})

afterAll(async () => {
  await server?.close()
  hung?.closeAllConnections()
  await new Promise<void>((resolve) => (hung ? hung.close(() => resolve()) : resolve()))
  await platform?.stop()
})

it("names the parts still to come while a detail page's item hangs, so the SPA's other requests go out", async () => {
  const cookie = await signIn(server.base, { token: TOKEN })
  const page = encodeURIComponent('/instances/i-hung')
  const controller = new AbortController()
  const res = await fetch(`${server.base}/console/bootstrap?page=${page}`, {
    headers: { cookie, 'accept-encoding': 'identity' },
    signal: controller.signal,
  })
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
  let text = ''
  // Read until the line naming what is still to come; before, it waited for the item, held for the proxy's minute.
  while (!/^\{"coming":/m.test(text)) {
    const { done, value } = await reader.read()
    expect(done, text).toBe(false)
    text += value
  }
  controller.abort()
  const named = JSON.parse(text.split('\n').find((line) => line.startsWith('{"coming":'))!) as { coming: string[] }
  expect(named.coming).toContain('/api/compute/api/v2/instances/i-hung')
})

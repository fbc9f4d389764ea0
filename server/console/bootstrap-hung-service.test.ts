import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startLocalCloud, type StartedLocalCloud } from '../local-cloud/testing.ts'
import { listen, signIn, startConsoleServer, type RunningConsole } from './test-support.ts'
import { ACME_ORG_ID } from '../local-cloud/catalog/ids.ts'

// One API takes the call and never answers; the others answer. A page waits for what it reads of that API, which is
// the page's own part to wait for; the rest of the SPA's requests must not: the bootstrap names what is still to come
// without waiting for it.
const TOKEN = 'hung-service-token'
let platform: StartedLocalCloud
let hung: Server
/** A console whose compute API hangs, one whose regional API hangs, and one whose APIs all answer. */
let computeHung: RunningConsole
let regionHung: RunningConsole
let answering: RunningConsole

beforeAll(async () => {
  platform = await startLocalCloud({ adminToken: TOKEN, testHooks: true })
  hung = createServer(() => undefined)
  const hungUrl = await listen(hung)
  const local = (service: string) => `${platform.url}/local/${service}`
  const services = {
    REGION_URL: local('region'),
    COMPUTE_URL: local('compute'),
    IDENTITY_URL: local('identity'),
    AIPROXY_URL: local('aiproxy'),
    INFERENCE_URL: local('inference'),
    UPSTREAM_TIMEOUT_MS: '60000',
  }
  computeHung = await startConsoleServer({ ...services, COMPUTE_URL: hungUrl })
  regionHung = await startConsoleServer({ ...services, REGION_URL: hungUrl })
  answering = await startConsoleServer(services)
})

afterAll(async () => {
  await computeHung?.close()
  await regionHung?.close()
  await answering?.close()
  hung?.closeAllConnections()
  await new Promise<void>((resolve) => (hung ? hung.close(() => resolve()) : resolve()))
  await platform?.stop()
})

/** The parts the bootstrap of `page` names as still to come, read as soon as it names them. */
async function namedComing(server: RunningConsole, page: string, token = TOKEN): Promise<string[]> {
  const cookie = await signIn(server.base, { token })
  const controller = new AbortController()
  const res = await fetch(`${server.base}/console/bootstrap?page=${encodeURIComponent(page)}`, {
    headers: { cookie, 'accept-encoding': 'identity' },
    signal: controller.signal,
  })
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
  let text = ''
  // Read until the line naming what is still to come: held for the proxy's minute, it would time the test out.
  while (!/^\{"coming":/m.test(text)) {
    const { done, value } = await reader.read()
    expect(done, text).toBe(false)
    text += value
  }
  controller.abort()
  return (JSON.parse(text.split('\n').find((line) => line.startsWith('{"coming":'))!) as { coming: string[] }).coming
}

it("names the parts still to come while a detail page's item hangs, so the SPA's other requests go out", async () => {
  expect(await namedComing(computeHung, '/instances/i-hung')).toContain('/api/compute/api/v2/instances/i-hung')
})

it("names the parts still to come while a catalog's regions hang, before it knows which region's list to ask", async () => {
  const coming = await namedComing(regionHung, '/flavors')
  expect(coming.filter((url) => url.endsWith('/regions'))).toHaveLength(1)
})

it("names the parts still to come while the overview's regions hang, before it knows each region's flavors", async () => {
  const coming = await namedComing(regionHung, '/')
  expect(coming.filter((url) => url.endsWith('/regions'))).toHaveLength(1)
})

it("names the parts still to come while the caller's ACL hangs, before it knows which people lists they may read", async () => {
  // The ACL alone hangs, for this caller (the local cloud's test hook): the organization and its lists answer.
  const hang = await fetch(`${platform.url}/local/testing/hang`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify({
      calls: [{ method: 'GET', path: `/local/identity/api/v1/organizations/${ACME_ORG_ID}/acl` }],
    }),
  })
  const { token } = (await hang.json()) as { token: string }
  for (const page of ['/', '/users']) {
    const coming = await namedComing(answering, page, token)
    expect(coming, page).toContain(`/api/identity/api/v1/organizations/${ACME_ORG_ID}/acl`)
  }
})

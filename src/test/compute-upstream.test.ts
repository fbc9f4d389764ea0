import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startConsoleServer, type RunningConsole } from '../../server/console/test-support'
import { readConfig } from '../../server/config'
import { startLocalCloud, type StartedLocalCloud } from '../../server/local-cloud/testing'
import { testClient } from '../../server/local-cloud/test-client'
import { configureApi, resetApiConfig } from '../api/config'
import { instanceApi } from '../api/instances'
import { networkApi } from '../api/networks'

// The platform serves instances from a compute service beside the regional one. Two separate local clouds stand in
// for them: the console is pointed at the first for the regional API and at the second for compute, and an instance
// that exists only in the second must be what the SPA's instance calls see.
const TOKEN = 'compute-upstream-test-token'
let region: StartedLocalCloud
let compute: StartedLocalCloud
let console_: RunningConsole

beforeAll(async () => {
  ;[region, compute] = await Promise.all([
    startLocalCloud({ adminToken: TOKEN }),
    startLocalCloud({ adminToken: TOKEN }),
  ])
  const onCompute = testClient(compute.url, TOKEN)
  const [network] = (await onCompute.get('/local/region/api/v2/networks')).body
  const created = await onCompute.post('/local/compute/api/v2/instances', {
    metadata: { name: 'compute-only' },
    spec: {
      organizationId: network.metadata.organizationId,
      projectId: network.metadata.projectId,
      regionId: network.status.regionId,
      networkId: network.metadata.id,
      flavorId: (
        await onCompute.get(
          `/local/region/api/v1/organizations/${network.metadata.organizationId}/regions/${network.status.regionId}/flavors`,
        )
      ).body[0].metadata.id,
      imageId: (
        await onCompute.get(
          `/local/region/api/v1/organizations/${network.metadata.organizationId}/regions/${network.status.regionId}/images`,
        )
      ).body[0].metadata.id,
    },
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)

  console_ = await startConsoleServer({
    REGION_URL: `${region.url}/local/region`,
    COMPUTE_URL: `${compute.url}/local/compute`,
    IDENTITY_URL: `${region.url}/local/identity`,
    AIPROXY_URL: `${region.url}/local/aiproxy`,
    INFERENCE_URL: `${region.url}/local/inference`,
  })
  const signIn = await fetch(`${console_.base}/console/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'cloud-console' },
    body: JSON.stringify({ token: TOKEN }),
  })
  expect(signIn.status).toBe(201)
  const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!
  configureApi({
    baseUrl: console_.base,
    fetch: (input, init) =>
      fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie } }),
  })
})

afterAll(async () => {
  resetApiConfig()
  await console_?.close()
  await Promise.all([region?.stop(), compute?.stop()])
})

const names = (items: { metadata: { name: string } }[]) => items.map((item) => item.metadata.name)

describe('COMPUTE_URL', () => {
  it('sends the SPA’s instance calls to the compute upstream, and the rest to the regional one', async () => {
    const instances = await instanceApi.list.call({})
    expect(names(instances)).toContain('compute-only')
    const created = instances.find((i) => i.metadata.name === 'compute-only')!
    expect((await instanceApi.detail.call({ instanceID: created.metadata.id })).metadata.name).toBe('compute-only')
    // The regional upstream has never heard of it: it is not where the console looked.
    const regional = await testClient(region.url, TOKEN).get('/local/region/api/v2/instances')
    expect(names(regional.body)).not.toContain('compute-only')
    expect((await networkApi.list.call({})).length).toBeGreaterThan(0)
  })

  it('defaults to REGION_URL, so the spec’s single base URL keeps serving instances', () => {
    const config = readConfig({ REGION_URL: 'https://region.example.com/base' })
    expect(config.upstreams.compute).toBe('https://region.example.com/base')
    expect(config.embedded).not.toContain('compute')
    const embedded = readConfig({})
    expect(embedded.upstreams.compute).toBe('http://localhost:8080/local/compute')
    expect(embedded.embedded).toContain('compute')
  })
})

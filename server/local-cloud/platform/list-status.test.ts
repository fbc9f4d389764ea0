import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startLocalCloud, type StartedLocalCloud } from '../testing.ts'
import { testClient, type TestClient } from '../test-client.ts'

// A list is cached until an item's status next changes by itself: each list must say when, or it would keep showing
// a new item as being made long after the platform has made it.
let cloud: StartedLocalCloud
let admin: TestClient
beforeAll(async () => {
  cloud = await startLocalCloud({ provisionMs: 1000 })
  admin = testClient(cloud.url, cloud.cloud.tokens.admin)
})
afterAll(() => cloud.stop())
afterEach(() => vi.useRealTimers())

type Listed = { metadata: { name: string; provisioningStatus: string } }[]

/** The listed item's status now, and once its making is over (the clock moved on, nothing else). */
async function statusBeforeAndAfter(list: string, name: string): Promise<[string, string]> {
  const status = async () => ((await admin.get(list)).body as Listed).find((i) => i.metadata.name === name)!
  const before = (await status()).metadata.provisioningStatus
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2000 })
  return [before, (await status()).metadata.provisioningStatus]
}

describe('a list read again once an item is made', () => {
  it('shows a new access key made', async () => {
    const endpoints = '/local/storage/api/v1/objectstorageendpoints'
    const [endpoint] = (await admin.get(endpoints)).body as {
      metadata: { id: string }
      spec: { identityPolicies: { name: string }[] }
    }[]
    const keys = `${endpoints}/${endpoint!.metadata.id}/accesskeys`
    const made = await admin.post(keys, {
      metadata: { name: 'settling-key' },
      spec: { identityPolicy: endpoint!.spec.identityPolicies[0]!.name },
    })
    expect(made.status).toBe(201)
    const [before, after] = await statusBeforeAndAfter(keys, 'settling-key')
    expect(before).not.toBe('provisioned')
    expect(after).toBe('provisioned')
  })
})

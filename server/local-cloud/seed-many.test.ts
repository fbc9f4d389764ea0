import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedManyInstances, startLocalCloud, type StartedLocalCloud } from './testing.ts'
import { testClient, type TestClient } from './test-client.ts'

describe('seedManyInstances', () => {
  let started: StartedLocalCloud
  let api: TestClient
  beforeAll(async () => {
    started = await startLocalCloud()
    api = testClient(started.url, started.cloud.tokens.admin)
  })
  afterAll(() => started.stop())

  it('adds instances that list like created ones, each on its own free address inside its network', async () => {
    const before = (await api.get('/local/region/api/v2/instances')).body.length
    await seedManyInstances(started.cloud, 500)
    const listed = (await api.get('/local/region/api/v2/instances')).body as {
      metadata: { name: string }
      status: { networkId: string; privateIP: string; powerState: string }
    }[]
    expect(listed).toHaveLength(before + 500)
    const seeded = listed.filter((i) => i.metadata.name.startsWith('bulk-instance-'))
    expect(seeded).toHaveLength(500)
    expect(new Set(seeded.map((i) => i.status.powerState))).toEqual(new Set(['Running', 'Stopped']))
    // No two instances of a network share an address, seeded or from the demo data.
    const addresses = listed.map((i) => `${i.status.networkId} ${i.status.privateIP}`)
    expect(new Set(addresses).size).toBe(addresses.length)
  })

  it('answers a large list whole, with its length, as often as it is asked (the cached list is shared, not used up)', async () => {
    await seedManyInstances(started.cloud, 300)
    const read = async () => {
      const res = await fetch(`${started.url}/local/region/api/v2/instances`, {
        headers: { Authorization: `Bearer ${started.cloud.tokens.admin}` },
      })
      const bytes = new Uint8Array(await res.arrayBuffer())
      return { length: Number(res.headers.get('content-length')), bytes }
    }
    const [first, second] = [await read(), await read()]
    expect(first.bytes.byteLength).toBeGreaterThan(64 * 1024)
    expect(first.length).toBe(first.bytes.byteLength)
    // Compared as text: a deep equality of two byte arrays compares them byte by byte, for seconds at this size.
    const text = new TextDecoder()
    expect(second.length).toBe(first.length)
    expect(text.decode(second.bytes)).toBe(text.decode(first.bytes))
    expect(JSON.parse(text.decode(second.bytes))).toHaveLength(
      (await api.get('/local/region/api/v2/instances')).body.length,
    )
  })

  it('refuses more instances than the networks have addresses for', async () => {
    await expect(seedManyInstances(started.cloud, 10_000_000)).rejects.toThrow(/room for \d+ more instances/)
  })
})

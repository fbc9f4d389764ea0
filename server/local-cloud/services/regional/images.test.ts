import { describe, expect, it } from 'vitest'
import { useLocalCloud } from '../../test-cloud.ts'
import { startLocalCloud } from '../../testing.ts'
import { eventually, testClient } from '../../test-client.ts'
import { importFailure } from './images.ts'
import { EU_WEST_1 } from '../../catalog/ids.ts'

const local = useLocalCloud()
const images = () => `/local/region/api/v1/organizations/${local.organizationId}/regions/${EU_WEST_1}/images`

/** The region document's own example of an image create request, as a console would send it. */
const documented = (name: string, uri = `https://example.com/buckets/myimages/${name}.raw`) => ({
  metadata: { name },
  spec: {
    uri,
    architecture: 'x86_64',
    virtualization: 'virtualized',
    os: { kernel: 'linux', family: 'debian', distro: 'ubuntu', variant: 'server', codename: 'noble', version: '24.04' },
    softwareVersions: { kubernetes: 'v1.25.6' },
    gpu: { vendor: 'NVIDIA', driver: '525.85.05', models: ['A100', 'H100', 'H200'] },
  },
})

describe('image import (POST …/regions/{regionID}/images)', () => {
  it('answers 200 with the image as the platform reads it, then lists it beside the catalog’s', async () => {
    const res = await local.api.post(images(), documented('ubu2404-gpu'))
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      metadata: {
        id: expect.any(String),
        name: 'ubu2404-gpu',
        creationTime: expect.any(String),
        createdBy: expect.any(String),
      },
      spec: {
        architecture: 'x86_64',
        sizeGiB: expect.any(Number),
        virtualization: 'virtualized',
        os: documented('x').spec.os,
        softwareVersions: { kubernetes: 'v1.25.6' },
        gpu: { vendor: 'NVIDIA', driver: '525.85.05', models: ['A100', 'H100', 'H200'] },
      },
      status: { state: 'ready' },
    })
    const listed = (await local.api.get(images())).body as { metadata: { id: string } }[]
    expect(listed.some((i) => i.metadata.id === res.body.metadata.id)).toBe(true)
  })

  it('takes any family and distribution, as region v1.20.0 types them (v1.13.0 took two of each)', async () => {
    const body = documented('alma')
    const os = { kernel: 'linux', family: 'rhel', distro: 'almalinux', version: '9.4' }
    const res = await local.api.post(images(), { ...body, spec: { ...body.spec, os } })
    expect(res.status).toBe(200)
    expect(res.body.spec.os).toEqual(os)
  })

  it('keeps the write metadata’s description and tags, and answers with them', async () => {
    const body = documented('tagged')
    const metadata = { ...body.metadata, description: 'CUDA base', tags: [{ name: 'team', value: 'ml' }] }
    const res = await local.api.post(images(), { ...body, metadata })
    expect(res.body.metadata).toMatchObject(metadata)
    const listed = (await local.api.get(images())).body as { metadata: { id: string } }[]
    expect(listed.find((i) => i.metadata.id === res.body.metadata.id)?.metadata).toMatchObject(metadata)
  })

  it('refuses what the document does not allow, naming the field and never echoing the value', async () => {
    const cases: [string, (body: ReturnType<typeof documented>) => unknown, string][] = [
      ['no URI', (b) => ({ ...b, spec: { ...b.spec, uri: undefined } }), '/spec/uri'],
      ['a URI that is not one', (b) => ({ ...b, spec: { ...b.spec, uri: 'not a uri' } }), '/spec/uri'],
      ['an unknown architecture', (b) => ({ ...b, spec: { ...b.spec, architecture: 'riscv' } }), '/spec/architecture'],
      ['no distribution', (b) => ({ ...b, spec: { ...b.spec, os: { ...b.spec.os, distro: '' } } }), '/spec/os/distro'],
      [
        'a software version that is not v1.2.3',
        (b) => ({ ...b, spec: { ...b.spec, softwareVersions: { kubernetes: '1.25' } } }),
        '/spec/softwareVersions/kubernetes',
      ],
      ['a GPU without a driver', (b) => ({ ...b, spec: { ...b.spec, gpu: { vendor: 'AMD' } } }), '/spec/gpu/driver'],
    ]
    for (const [what, change, pointer] of cases) {
      const res = await local.api.post(images(), change(documented('refused')))
      expect(res.status, what).toBe(400)
      expect(res.body.error, what).toBe('invalid_request')
      expect(res.body.error_description, what).toContain(`"${pointer}"`)
      expect(res.body.error_description, what).not.toContain('not a uri')
    }
  })

  it('takes a name already in the region as a second image, and refuses an unknown region (404) and the read-only member (403)', async () => {
    // The region document lists no 409 here: the platform keeps no image name unique.
    const again = await local.api.post(images(), documented('rocky-9.5-20250301'))
    expect(again.status).toBe(200)
    expect(again.body.metadata.name).toBe('rocky-9.5-20250301')
    const nowhere = images().replace(EU_WEST_1, 'mars-1')
    expect((await local.api.post(nowhere, documented('lost'))).status).toBe(404)
    const member = testClient(local.started.url, local.started.cloud.tokens.member)
    const refused = await member.post(images(), documented('not-mine'))
    expect(refused.status).toBe(403)
    expect(refused.body.error).toBe('forbidden')
    expect((await member.get(images())).status).toBe(200)
  })

  it('moves from pending through creating to ready, or to failed when the region cannot use the URL', async () => {
    const slow = await startLocalCloud({ provisionMs: 400 })
    try {
      const client = testClient(slow.url, slow.cloud.tokens.admin)
      const path = `/local/region/api/v1/organizations/${slow.cloud.demo.organizationId}/regions/${EU_WEST_1}/images`
      const good = await client.post(path, documented('good'))
      const bad = await client.post(path, documented('bad', 'https://mirror.invalid/good.raw'))
      expect(good.body.status.state).toBe('pending')
      const stateOf = async (id: string) =>
        ((await client.get(path)).body as { metadata: { id: string }; status: { state: string } }[]).find(
          (i) => i.metadata.id === id,
        )?.status.state
      await eventually(async () => (await stateOf(good.body.metadata.id)) === 'creating')
      expect(await eventually(async () => (await stateOf(good.body.metadata.id)) === 'ready')).toBe(true)
      expect(await eventually(async () => (await stateOf(bad.body.metadata.id)) === 'failed')).toBe(true)
    } finally {
      await slow.stop()
    }
  })
})

describe('why an import fails', () => {
  it('needs a public HTTP(S) host and a raw disk image', () => {
    expect(importFailure('https://example.com/images/noble.raw')).toBeUndefined()
    expect(importFailure('https://example.com/images/noble.img')).toBeUndefined()
    expect(importFailure('ftp://example.com/noble.raw')).toBe('the region downloads over HTTP or HTTPS only')
    for (const host of ['mirror.invalid', 'localhost', 'nas.local', '10.1.2.3', '192.168.0.9'])
      expect(importFailure(`http://${host}/noble.raw`), host).toBe('the host cannot be reached from the region')
    expect(importFailure('https://example.com/noble.qcow2')).toBe('the file is not a raw disk image')
    expect(importFailure('https://example.com/noble.vmdk.gz')).toBe('the file is not a raw disk image')
  })
})

describe('the public v2 list (GET /api/v2/regions/{regionID}/images)', () => {
  const v2 = (query = '') => `/local/region/api/v2/regions/${EU_WEST_1}/images${query}`
  const names = (body: { metadata: { name: string } }[]) => body.map((image) => image.metadata.name)

  it('lists the platform’s images and the organization’s own; scope=owned only its own, and status filters', async () => {
    const own = (await local.api.post(images(), documented('v2-own'))).body.metadata.name
    const all = await local.api.get(v2())
    expect(all.status).toBe(200)
    expect(names(all.body)).toEqual(expect.arrayContaining(['ubuntu-24.04-server-20250602', own]))
    // The same as the hidden v1 list, which the console reads today.
    expect(new Set(names(all.body))).toEqual(new Set(names((await local.api.get(images())).body)))
    expect(names((await local.api.get(v2('?scope=available'))).body)).toEqual(names(all.body))
    const owned = names((await local.api.get(v2(`?scope=owned&organizationID=${local.organizationId}`))).body)
    expect(owned).toContain(own)
    expect(owned).not.toContain('ubuntu-24.04-server-20250602')
    const states = async (query: string) =>
      new Set(((await local.api.get(v2(query))).body as { status: { state: string } }[]).map((i) => i.status.state))
    expect(await states('?status=ready')).toEqual(new Set(['ready']))
  })

  it('refuses a scope or status the document does not list (400), and a region the organization lacks (404)', async () => {
    for (const query of ['?scope=mine', '?status=ready&status=gone']) {
      const res = await local.api.get(v2(query))
      expect(res.status, query).toBe(400)
      expect(res.body.error).toBe('invalid_request')
    }
    expect((await local.api.get('/local/region/api/v2/regions/mars-1/images')).status).toBe(404)
  })
})

// A platform (or its ingress) that compresses its JSON, as every browser asks it to: the log reads what the answers
// name, and the browser gets the platform's bytes as they came.
import { compress as zstd, init as initZstd } from '@bokuweb/zstd-wasm'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalCloud, type LocalCloud } from '../local-cloud/index.ts'
import type { ActivityEntry } from './activity.ts'
import { CSRF, listen, rawRequest, signIn, startConsoleServer, type RunningConsole } from './test-support.ts'
import { EU_WEST_1 } from '../local-cloud/catalog/ids.ts'

const ENCODINGS: Record<string, (bytes: Buffer) => Uint8Array> = {
  gzip: (bytes) => gzipSync(bytes),
  deflate: (bytes) => deflateSync(bytes),
  br: (bytes) => brotliCompressSync(bytes),
  zstd: (bytes) => zstd(bytes, 10),
}

let dataDir: string
let cloud: LocalCloud
let platform: Server
let running: RunningConsole
/** The bytes the stand-in sent for each write, by the encoding it used. */
const sent = new Map<string, Buffer>()

beforeAll(async () => {
  await initZstd()
  dataDir = await mkdtemp(join(tmpdir(), 'activity-compressed-'))
  cloud = await createLocalCloud({ dataDir, provisionMs: 0 })
  // The local cloud behind an ingress that compresses every answer with a body in the first encoding the request
  // accepts.
  platform = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', async () => {
      const headers = new Headers()
      for (const name of ['authorization', 'content-type', 'accept']) {
        const value = req.headers[name]
        if (typeof value === 'string') headers.set(name, value)
      }
      const answer = await cloud.fetch(
        new Request(`http://local${req.url}`, {
          method: req.method,
          headers,
          ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
        }),
      )
      const body = Buffer.from(await answer.arrayBuffer())
      const encoding = (req.headers['accept-encoding'] ?? '').split(',')[0]!.trim()
      const out: Record<string, string> = { 'content-type': answer.headers.get('content-type') ?? 'application/json' }
      if (!body.byteLength || !ENCODINGS[encoding]) return void res.writeHead(answer.status, out).end(body)
      const compressed = Buffer.from(ENCODINGS[encoding](body))
      if (req.method !== 'GET') sent.set(encoding, compressed)
      res.writeHead(answer.status, { ...out, 'content-encoding': encoding }).end(compressed)
    })
  })
  const url = await listen(platform)
  running = await startConsoleServer({
    REGION_URL: `${url}/local/region`,
    COMPUTE_URL: `${url}/local/compute`,
    IDENTITY_URL: `${url}/local/identity`,
  })
})

afterAll(async () => {
  await running.close()
  await running.app.activity.close()
  platform.closeAllConnections()
  platform.close()
  await cloud.close()
  await rm(dataDir, { recursive: true, force: true })
})

describe('answers the platform compresses', () => {
  it('are recorded with the names they give, and reach the browser as the platform sent them', async () => {
    const { base } = running
    const org = cloud.demo.organizationId
    const cookie = await signIn(base, { token: cloud.tokens.admin })
    const networks = (await (await fetch(`${base}/api/region/api/v2/networks`, { headers: { cookie } })).json()) as {
      metadata: { projectId: string; name: string }
    }[]
    const projectId = networks.find((network) => network.metadata.name === 'sandbox')!.metadata.projectId
    const write = async (encoding: string, path: string, body: object) => {
      const answer = await rawRequest(base, {
        method: 'POST',
        path,
        headers: { ...CSRF, cookie, 'accept-encoding': encoding },
        body: JSON.stringify(body),
      })
      expect(answer.status, path).toBeLessThan(300)
      expect(answer.headers['content-encoding']).toBe(encoding)
      expect(answer.bytes.equals(sent.get(encoding)!)).toBe(true)
    }

    const idOf = async (list: string, name: string) =>
      (
        (await (await fetch(`${base}${list}`, { headers: { cookie } })).json()) as {
          metadata: { id: string; name: string }
        }[]
      ).find((item) => item.metadata.name === name)!.metadata.id

    let prefix = 140
    for (const encoding of Object.keys(ENCODINGS)) {
      const name = `${encoding}-${Date.now()}`
      await write(encoding, '/api/region/api/v2/networks', {
        metadata: { name: `${name}-net` },
        spec: {
          organizationId: org,
          projectId,
          regionId: EU_WEST_1,
          prefix: `10.${prefix++}.0.0/24`,
          dnsNameservers: [],
        },
      })
      const network = await idOf('/api/region/api/v2/networks', `${name}-net`)
      await write(encoding, '/api/region/api/v2/securitygroups', {
        metadata: { name: `${name}-sg` },
        spec: { networkId: network, rules: [] },
      })
      await write(encoding, `/api/identity/api/v1/organizations/${org}/serviceaccounts`, {
        metadata: { name: `${name}-sa` },
        spec: { groupIDs: [] },
      })

      const entries = (
        (await (await fetch(`${base}/console/activity?organization=${org}`, { headers: { cookie } })).json()) as {
          entries: ActivityEntry[]
        }
      ).entries
      for (const [kind, suffix, list] of [
        ['region:networks', 'net', '/api/region/api/v2/networks'],
        ['region:securitygroups', 'sg', '/api/region/api/v2/securitygroups'],
        ['identity:serviceaccounts', 'sa', `/api/identity/api/v1/organizations/${org}/serviceaccounts`],
      ] as const) {
        // The id is the answer's alone: the request named only the name.
        const id = await idOf(list, `${name}-${suffix}`)
        expect(
          entries.find((entry) => entry.kind === kind && entry.resourceId === id),
          `${encoding} ${kind}`,
        ).toMatchObject({ method: 'POST', resourceName: `${name}-${suffix}`, status: expect.any(Number) })
      }
    }
  })
})

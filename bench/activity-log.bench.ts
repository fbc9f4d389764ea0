// The activity log's cost per write, memory and Redis: the same console server and proxy with each log, on an
// in-process stand-in upstream that answers at once, so what differs from a read is the recording. Two writes: a
// project create (its path names the organization) and a network delete on the regional API's v2 path (which names
// none). Per write: the whole request's time, and the log's own `record` for an entry of the same size. Rounds
// alternate between the two logs so machine load falls on both alike. Then reads of the log as the overview asks them
// (its newest few: its Lately part polls while the page is visible) and as the Activity page does (200), once the
// writes have filled it: the console server's time for one GET /console/activity, whose ACL call the stand-in answers
// at once, and the bytes it sends. Needs redis-server
// (scripts/ensure-servers.sh).
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { createConsoleApp } from '../server/app.ts'
import { readConfig } from '../server/config.ts'
import { startTestRedis } from '../server/console/session-store-test-redis.ts'
import { signedInConsole } from './signed-in-console.ts'
import { OVERVIEW_SHOWN } from '../src/api/activity.ts'

const ROUNDS = 10
const PER_ROUND = 200
const READS = 200
const ORG = 'org-1'
const redis = await startTestRedis()
const dataDir = await mkdtemp(join(tmpdir(), 'activity-bench-'))

function upstream(request: Request): Response {
  const { pathname } = new URL(request.url)
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  if (pathname.endsWith('/organizations')) return json(200, [{ metadata: { id: ORG } }])
  if (pathname.endsWith('/acl'))
    return json(200, {
      organization: {
        endpoints: ['identity:projects', 'region:networks'].map((name) => ({ name, operations: ['read'] })),
      },
    })
  if (request.method === 'DELETE') return new Response(null, { status: 202 })
  return json(request.method === 'POST' ? 202 : 200, {
    metadata: { id: 'r-1', name: 'bench-resource', organizationId: ORG },
  })
}

async function consoleOn(env: NodeJS.ProcessEnv) {
  const config = {
    ...readConfig({ PORT: '0', ...env }),
    publicUrl: 'http://127.0.0.1',
  }
  const app = createConsoleApp({
    config,
    localCloud: { tokens: { admin: 'bench' }, fetch: async (request: Request) => upstream(request) },
    spa: (_req, res) => void res.writeHead(404).end(),
  })
  const { server, base, cookie } = await signedInConsole(app)
  const headers = { cookie, 'x-requested-with': 'cloud-console', 'content-type': 'application/json' }
  const writes = {
    create: () =>
      fetch(`${base}/api/identity/api/v1/organizations/${ORG}/projects`, {
        method: 'POST',
        headers,
        body: '{"metadata":{"name":"bench"},"spec":{"groupIDs":[]}}',
      }),
    delete: () => fetch(`${base}/api/region/api/v2/networks/n-1`, { method: 'DELETE', headers }),
  }
  const entry = {
    at: new Date().toISOString(),
    subject: 'demo-admin',
    displayName: 'Demo admin (local cloud)',
    organizationId: ORG,
    method: 'POST',
    service: 'identity' as const,
    kind: 'identity:projects',
    resourceId: 'r-1',
    resourceName: 'bench-resource',
    path: `/api/v1/organizations/${ORG}/projects`,
    status: 202,
    traceId: '0af7651916cd43dd8448eb211c80319c',
  }
  return {
    async round(into: Record<'create' | 'delete' | 'record', number[]>) {
      for (let i = 0; i < PER_ROUND; i++) {
        for (const op of ['create', 'delete'] as const) {
          const started = performance.now()
          const res = await writes[op]()
          await res.arrayBuffer()
          if (res.status !== 202) throw new Error(`${op} answered ${res.status}`)
          into[op].push(performance.now() - started)
        }
        const started = performance.now()
        await app.activity.record({ ...entry, id: randomUUID(), at: new Date().toISOString() })
        into.record.push(performance.now() - started)
      }
    },
    /**
     * Reads of the log with `query` (the overview's newest few, or the Activity page's first 200): the time of each,
     * the bytes of the last answer and the log's size.
     */
    async reads(into: number[], query: string) {
      let size = 0
      let bytes = 0
      for (let i = 0; i < READS; i++) {
        const started = performance.now()
        const res = await fetch(`${base}/console/activity?organization=${ORG}${query}`, { headers: { cookie } })
        if (res.status !== 200) throw new Error(`the activity read answered ${res.status}: ${await res.text()}`)
        const text = await res.text()
        into.push(performance.now() - started)
        bytes = Buffer.byteLength(text)
        size = (JSON.parse(text) as { total: number }).total
      }
      return { size, bytes }
    },
    async close() {
      server.closeAllConnections()
      server.close()
      await app.sessions.close()
      await app.activity.close()
    },
  }
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
const ms = (value: number) => `${value.toFixed(3)} ms`
const times = () => ({ create: [] as number[], delete: [] as number[], record: [] as number[] })

try {
  const memory = await consoleOn({ DATA_DIR: dataDir })
  const shared = await consoleOn({
    SESSION_STORE_URL: redis.url,
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
  })
  const measured = { memory: times(), redis: times() }
  await memory.round(times())
  await shared.round(times())
  for (let round = 0; round < ROUNDS; round++) {
    await memory.round(measured.memory)
    await shared.round(measured.redis)
  }
  // The overview asks for its newest few (OVERVIEW_SHOWN); the Activity page, as the overview did before, for 200.
  const readers = { overview: `&limit=${OVERVIEW_SHOWN}`, 'Activity page': '' }
  const reads = Object.entries(readers).map(([reader, query]) => ({
    reader,
    query,
    times: { memory: [] as number[], redis: [] as number[] },
    answers: { memory: { size: 0, bytes: 0 }, redis: { size: 0, bytes: 0 } },
  }))
  for (const read of reads) {
    await memory.reads([], read.query)
    await shared.reads([], read.query)
  }
  for (let round = 0; round < 2; round++)
    for (const read of reads) {
      read.answers.memory = await memory.reads(read.times.memory, read.query)
      read.answers.redis = await shared.reads(read.times.redis, read.query)
    }
  await memory.close()
  await shared.close()
  console.log(
    `activity log per write (${ROUNDS * PER_ROUND} of each, load ${loadavg()[0]!.toFixed(2)}): the write through the proxy, and the log's own record`,
  )
  for (const [store, figures] of Object.entries(measured))
    for (const [what, values] of Object.entries(figures)) {
      const sorted = values.sort((a, b) => a - b)
      const label = what === 'record' ? 'record alone ' : `${what} request`
      console.log(`  ${store.padEnd(6)} ${label}  p50 ${ms(quantile(sorted, 0.5))}  p99 ${ms(quantile(sorted, 0.99))}`)
    }
  for (const { reader, times, answers } of reads) {
    console.log(
      `activity log per read, as the ${reader} asks it (${2 * READS} of each, the log filled by the writes above)`,
    )
    for (const [store, values] of Object.entries(times)) {
      const sorted = values.sort((a, b) => a - b)
      const { size, bytes } = answers[store as keyof typeof answers]
      console.log(
        `  ${store.padEnd(6)} ${size} entries, ${(bytes / 1024).toFixed(1)} KB sent  p50 ${ms(quantile(sorted, 0.5))}  p99 ${ms(quantile(sorted, 0.99))}`,
      )
    }
  }
} finally {
  await redis.stop()
  await rm(dataDir, { recursive: true, force: true })
}

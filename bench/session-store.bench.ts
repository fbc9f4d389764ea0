// The per-request cost of the Redis session store against memory: the same console server and proxy, one on each
// store, both on an in-process stand-in upstream that answers at once, so the difference is the session lookup.
// Rounds alternate between the two so machine load falls on both alike. Needs redis-server (scripts/ensure-servers.sh).
import { loadavg } from 'node:os'
import { createConsoleApp } from '../server/app.ts'
import { readConfig } from '../server/config.ts'
import { startTestRedis } from '../server/console/session-store-test-redis.ts'
import { signedInConsole } from './signed-in-console.ts'

const ROUNDS = 10
const PER_ROUND = 300
const redis = await startTestRedis()

async function consoleOn(env: NodeJS.ProcessEnv) {
  const config = {
    ...readConfig({ PORT: '0', REGION_URL: 'http://127.0.0.1:9', ...env }),
    publicUrl: 'http://127.0.0.1',
  }
  const answer = JSON.stringify([{ metadata: { id: 'org-1' } }])
  const app = createConsoleApp({
    config,
    localCloud: {
      tokens: { admin: 'bench' },
      fetch: async () => new Response(answer, { headers: { 'content-type': 'application/json' } }),
    },
    spa: (_req, res) => void res.writeHead(404).end(),
  })
  const { server, base, cookie } = await signedInConsole(app)
  return {
    async round(into: number[]) {
      for (let i = 0; i < PER_ROUND; i++) {
        const started = performance.now()
        const res = await fetch(`${base}/api/identity/api/v1/organizations`, { headers: { cookie } })
        await res.arrayBuffer()
        if (res.status !== 200) throw new Error(`answered ${res.status}`)
        into.push(performance.now() - started)
      }
    },
    async close() {
      server.closeAllConnections()
      server.close()
      await app.sessions.close()
    },
  }
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
const ms = (value: number) => `${value.toFixed(3)} ms`

try {
  const memory = await consoleOn({})
  const shared = await consoleOn({
    SESSION_STORE_URL: redis.url,
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
  })
  const times = { memory: [] as number[], redis: [] as number[] }
  await memory.round([])
  await shared.round([])
  for (let round = 0; round < ROUNDS; round++) {
    await memory.round(times.memory)
    await shared.round(times.redis)
  }
  await memory.close()
  await shared.close()
  const m = times.memory.sort((a, b) => a - b)
  const r = times.redis.sort((a, b) => a - b)
  console.log(
    `session store per request through the proxy (${m.length} requests each, load ${loadavg()[0]!.toFixed(2)})`,
  )
  console.log(`  memory  p50 ${ms(quantile(m, 0.5))}  p99 ${ms(quantile(m, 0.99))}`)
  console.log(`  redis   p50 ${ms(quantile(r, 0.5))}  p99 ${ms(quantile(r, 0.99))}`)
  console.log(
    `  Redis overhead: p50 ${ms(quantile(r, 0.5) - quantile(m, 0.5))}, p99 ${ms(quantile(r, 0.99) - quantile(m, 0.99))} (target ≤ 1 ms at p50)`,
  )
} finally {
  await redis.stop()
}

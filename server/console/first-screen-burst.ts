// Run by first-screen-memory.test.ts in a process of its own: a burst of first screens (GET /console/bootstrap) held
// open at once by a slow platform, each asked as the argument says: `browser`, as every browser asks (Brotli among
// others), or `gzip` alone. Prints, as JSON, how far the burst took this process's resident memory above where it
// started, in MB.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createLocalCloud } from '../local-cloud/index.ts'
import { rawRequest, signIn, startConsoleServer } from './test-support.ts'

const acceptEncoding = process.argv[2] === 'gzip' ? 'gzip' : 'gzip, deflate, br, zstd'
const BURST = 400
const SESSIONS = 20
// Long enough that every first screen of the burst is open at once, each with its compressor.
const LATENCY_MS = 600

const dataDir = await mkdtemp(join(tmpdir(), 'first-screen-burst-'))
const cloud = await createLocalCloud({ dataDir, provisionMs: 0, embeddings: 'lexical', latencyMs: LATENCY_MS })
const server = await startConsoleServer({}, { localCloud: cloud })
// Spread over sessions: one session has a bound of its own on what it holds in flight.
const cookies: string[] = []
for (let i = 0; i < SESSIONS; i++) cookies.push(await signIn(server.base, { token: cloud.tokens.admin }))
const firstScreen = (_: unknown, i: number) =>
  rawRequest(server.base, {
    path: `/console/bootstrap?page=${encodeURIComponent('/networks')}`,
    headers: { cookie: cookies[i % SESSIONS]!, 'accept-encoding': acceptEncoding },
  })
// Everything a first screen loads once (modules, the declared routes) is loaded before the burst.
for (let i = 0; i < 3; i++) await firstScreen(undefined, i)
globalThis.gc?.()
const start = process.memoryUsage.rss()
let peak = start
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5)
const answers = await Promise.all(Array.from({ length: BURST }, firstScreen))
clearInterval(sampler)
peak = Math.max(peak, process.memoryUsage.rss())
const failed = answers.filter((answer) => answer.status !== 200 || !answer.headers['content-encoding'])
await server.close()
await cloud.close()
await rm(dataDir, { recursive: true, force: true })
console.log(JSON.stringify({ growthMb: (peak - start) / 1e6, failed: failed.length }))

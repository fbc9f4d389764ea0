// The console server's own costs: the proxy against a direct call to the embedded cloud (latency and throughput under
// 8 connections), cold start to the first 200 through `npm start` as the README runs it, and bytes on the wire for a 200-network list with and without
// compression. BENCH_BASELINE=<another checkout> measures that checkout too, in the same run, for a before/after.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { EU_WEST_1 } from '../server/local-cloud/catalog/ids.ts'
import { buildIfNeeded } from '../server/build-if-needed.ts'
import { startFixture } from './console-server-process.ts'

const SEQUENTIAL = 600
const THROUGHPUT_MS = 2_000
const CONNECTIONS = 8
const COLD_RUNS = 5
const COLD_PORT = Number(process.env.BENCH_COLD_PORT ?? 9331)

interface Answer {
  status: number
  bytes: number
  body: string
  headers: Record<string, string | string[] | undefined>
}

function send(
  agent: Agent,
  port: number,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = request({ agent, host: '127.0.0.1', port, path, method: body ? 'POST' : 'GET', headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        const raw = Buffer.concat(chunks)
        done({ status: res.statusCode ?? 0, bytes: raw.length, body: raw.toString(), headers: res.headers })
      })
    })
    req.on('error', fail)
    req.end(body)
  })
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!
const ms = (value: number) => `${value.toFixed(2)} ms`

async function measureTree(label: string, root: string) {
  const { fixture, stop } = await startFixture(root)
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS })
  try {
    const bearer = { authorization: `Bearer ${fixture.token}` }
    const projects = JSON.parse(
      (
        await send(
          agent,
          fixture.port,
          `/local/identity/api/v1/organizations/${fixture.organizationId}/projects`,
          bearer,
        )
      ).body,
    ) as { metadata: { id: string } }[]
    for (let i = 0; i < 200; i++) {
      const created = await send(
        agent,
        fixture.port,
        '/local/region/api/v2/networks',
        { ...bearer, 'content-type': 'application/json' },
        JSON.stringify({
          metadata: { name: `bench-${i}` },
          spec: {
            organizationId: fixture.organizationId,
            projectId: projects[0]!.metadata.id,
            regionId: EU_WEST_1,
            prefix: `10.200.${i}.0/24`,
            dnsNameservers: [],
          },
        }),
      )
      if (created.status !== 201) throw new Error(`seeding answered ${created.status}: ${created.body}`)
    }
    const signIn = await send(
      agent,
      fixture.port,
      '/console/session',
      { 'content-type': 'application/json', 'x-requested-with': 'cloud-console' },
      '{"demo":true}',
    )
    const cookie = String(signIn.headers['set-cookie']).split(';')[0]!
    const list = JSON.parse((await send(agent, fixture.port, '/local/region/api/v2/networks', bearer)).body) as {
      metadata: { id: string }
    }[]
    const detail = `/api/v2/networks/${list[0]!.metadata.id}`
    const direct = () => send(agent, fixture.port, `/local/region${detail}`, bearer)
    const proxied = () => send(agent, fixture.port, `/api/region${detail}`, { cookie })

    // Latency: one request at a time, the two paths interleaved so load on the machine falls on both alike.
    const directMs: number[] = []
    const proxyMs: number[] = []
    for (let i = 0; i < SEQUENTIAL + 50; i++) {
      for (const [call, into] of [
        [direct, directMs],
        [proxied, proxyMs],
      ] as const) {
        const started = performance.now()
        const answer = await call()
        if (answer.status !== 200) throw new Error(`answered ${answer.status}: ${answer.body}`)
        if (i >= 50) into.push(performance.now() - started)
      }
    }
    directMs.sort((a, b) => a - b)
    proxyMs.sort((a, b) => a - b)

    const throughput = async (call: () => Promise<Answer>) => {
      let count = 0
      const until = performance.now() + THROUGHPUT_MS
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (performance.now() < until) {
            await call()
            count++
          }
        }),
      )
      return (count * 1000) / THROUGHPUT_MS
    }
    const directRps = await throughput(direct)
    const proxyRps = await throughput(proxied)

    const listPath = '/api/region/api/v2/networks'
    const plain = await send(agent, fixture.port, listPath, { cookie })
    const compressed = await send(agent, fixture.port, listPath, { cookie, 'accept-encoding': 'gzip, deflate, br' })
    const count = (JSON.parse(plain.body) as unknown[]).length

    console.log(
      `console proxy vs direct (${label}): p50 ${ms(percentile(proxyMs, 0.5))} vs ${ms(percentile(directMs, 0.5))} ` +
        `(+${ms(percentile(proxyMs, 0.5) - percentile(directMs, 0.5))}), p99 ${ms(percentile(proxyMs, 0.99))} vs ` +
        `${ms(percentile(directMs, 0.99))}, ${SEQUENTIAL} sequential GETs of one network`,
    )
    console.log(
      `console throughput, ${CONNECTIONS} connections (${label}): proxy ${Math.round(proxyRps)} req/s, direct ` +
        `${Math.round(directRps)} req/s (${Math.round((proxyRps / directRps) * 100)}%)`,
    )
    console.log(
      `console bytes on the wire, ${count}-network list via the proxy (${label}): ${plain.bytes} B uncompressed, ` +
        `${compressed.bytes} B with Accept-Encoding (${compressed.headers['content-encoding'] ?? 'identity'})`,
    )
  } finally {
    agent.destroy()
    await stop()
  }
}

const coldDataDirs: string[] = []

/**
 * CPU milliseconds (user and system) that the process `root` and its descendants have used so far, from Linux's
 * /proc; undefined elsewhere. Printed beside the wall time: at a load of 10 on this 2-core machine a start waits for
 * the CPU longer than it uses it, and its CPU time moves far less with the load.
 */
function cpuMsOfTree(root: number): number | undefined {
  const processes = new Map<number, { parent: number; ticks: number }>()
  let entries: string[]
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))
  } catch {
    return undefined
  }
  for (const entry of entries) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      // After the command's name in parentheses: state, ppid, … utime (14th field) and stime (15th).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      processes.set(Number(entry), { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) })
    } catch {
      // The process ended meanwhile.
    }
  }
  let ticks = 0
  const pending = [root]
  while (pending.length) {
    const pid = pending.pop()!
    ticks += processes.get(pid)?.ticks ?? 0
    for (const [child, info] of processes) if (info.parent === pid) pending.push(child)
  }
  // Linux counts in clock ticks of 10 ms (USER_HZ 100).
  return ticks * 10
}

/**
 * Milliseconds from spawning `command` to the first 200 from /console/health, and the CPU its processes used until
 * then. Its own process group, so stopping it stops the server npm started too.
 */
async function coldStart(root: string, command: string[]): Promise<{ ms: number; cpuMs?: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-cold-'))
  const started = performance.now()
  const child = spawn(command[0]!, command.slice(1), {
    cwd: root,
    env: { ...process.env, PORT: String(COLD_PORT), DATA_DIR: dataDir },
    stdio: 'ignore',
    detached: true,
  })
  try {
    for (;;) {
      const status = await fetch(`http://127.0.0.1:${COLD_PORT}/console/health`).then(
        (res) => res.status,
        () => 0,
      )
      if (status === 200) return { ms: performance.now() - started, cpuMs: cpuMsOfTree(child.pid!) }
      if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited with ${child.exitCode}`)
      await new Promise((done) => setTimeout(done, 5))
    }
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done))
      process.kill(-child.pid!, 'SIGTERM')
      await exited
    }
    // npm may exit before the server it started has stopped: the next start waits for the port, and the data dirs
    // (which its shutdown may still be writing) are removed once every run is done.
    while (
      await fetch(`http://127.0.0.1:${COLD_PORT}/console/health`).then(
        () => true,
        () => false,
      )
    )
      await new Promise((done) => setTimeout(done, 20))
    coldDataDirs.push(dataDir)
  }
}

/** The cold start of each tree, runs alternating between them, so a changing load falls on both alike. */
async function measureColdStarts(trees: { label: string; root: string }[], command: string[]) {
  const runs = trees.map(() => [] as { ms: number; cpuMs?: number }[])
  for (let run = 0; run < COLD_RUNS; run++)
    for (const [i, tree] of trees.entries()) runs[i]!.push(await coldStart(tree.root, command))
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
  for (const [i, { label }] of trees.entries()) {
    const times = runs[i]!.map((r) => r.ms)
    const cpu = runs[i]!.flatMap((r) => (r.cpuMs === undefined ? [] : [r.cpuMs]))
    const cpuNote = cpu.length ? `; CPU to the first 200: median ${median(cpu)} ms (${cpu.join(', ')} ms)` : ''
    console.log(
      `console cold start to the first 200 (${label}, ${command.join(' ')}): median ${Math.round(median(times))} ms of ${COLD_RUNS} (${times.map(Math.round).join(', ')} ms; target ≤ 600 ms${cpuNote}; load ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`,
    )
  }
}

const current = resolve('.')
const baseline = process.env.BENCH_BASELINE ? resolve(process.env.BENCH_BASELINE) : undefined
spawnSync(process.execPath, ['server/bundle.mjs'], { stdio: 'inherit' })
// Built beforehand, so the cold start's build check finds both builds fresh, as after `npm ci && npm run build`.
buildIfNeeded('dist')
await measureTree('current', current)
if (baseline) await measureTree('baseline', baseline)
// The README's command, with what npm's own start adds. A baseline checkout must be built (`npm run build`) too.
await measureColdStarts(
  [{ label: 'current', root: current }, ...(baseline ? [{ label: 'baseline', root: baseline }] : [])],
  ['npm', 'start'],
)
await new Promise((done) => setTimeout(done, 1000))
for (const dir of coldDataDirs) rmSync(dir, { recursive: true, force: true, maxRetries: 5 })

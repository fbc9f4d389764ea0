// Load held (issue 68): the browsing generator (load-generator.ts) at 200 and 1,000 sessions against one console
// process with its embedded local cloud, then against two replicas sharing sessions in Redis behind nginx (with the
// local cloud in a process of its own, as the scale tier runs it). Prints requests per second, p50 and p99 of every
// request and of the first screen (the bootstrap), errors, each process's RSS at its peak and once the load has
// passed, the CPU the servers and the generator spent, and the load average. The generator shares the machine.
// BENCH_BASELINE=<another checkout> (built, with node_modules) measures that checkout too, first, for a before/after in
// one run. `npm run bench -- load-held` runs this bench alone. Ports BENCH_LOAD_PORT (default 8850) to +5;
// BENCH_LOAD_SESSIONS (200,1000), BENCH_LOAD_WINDOW_S (20) and BENCH_LOAD_TOPOLOGIES (one process,two replicas) narrow a
// run.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { nginxConfig } from '../e2e/scale/nginx-config.ts'
import { buildIfNeeded } from '../server/build-if-needed.ts'
import { browse, type LoadRun } from './load-generator.ts'

const FIRST = Number(process.env.BENCH_LOAD_PORT ?? 8850)
const PORTS = { single: FIRST, nginx: FIRST + 1, a: FIRST + 2, b: FIRST + 3, redis: FIRST + 4, cloud: FIRST + 5 }
const SESSIONS = (process.env.BENCH_LOAD_SESSIONS ?? '200,1000').split(',').map(Number)
const WINDOW_MS = Number(process.env.BENCH_LOAD_WINDOW_S ?? 20) * 1000
const TOPOLOGIES = (process.env.BENCH_LOAD_TOPOLOGIES ?? 'one process,two replicas').split(',')
// Sign-ins are spread at this pace before the window opens.
const RAMP_MS_PER_SESSION = 10
const SETTLE_MS = 5_000
const TOKENS = { admin: 'load-admin-token', second: 'load-second-token', member: 'load-member-token' }
const DIST = resolve('dist')

// The generator signs every session in from one address with three tokens: the per-address and per-token sign-in
// limits, which guard against that, are opened here.
const LIMITS = {
  SIGNINS_PER_MINUTE: '1000000',
  SIGNINS_PER_MINUTE_PER_ORGANIZATION: '1000000',
  SESSIONS_PER_PRINCIPAL: '100000',
}

interface Part {
  name: string
  child: ChildProcess
}

const until = async (what: string, check: () => Promise<boolean>, ms = 60_000) => {
  const deadline = Date.now() + ms
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what} did not come up within ${ms} ms`)
    await new Promise((done) => setTimeout(done, 100))
  }
}
const ok = (url: string) => fetch(url).then((res) => res.ok)

function launch(name: string, command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Part {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] })
  child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(`[${name}] ${chunk}`))
  return { name, child }
}

function consoleProcess(name: string, root: string, port: number, env: NodeJS.ProcessEnv): Part {
  return launch(name, process.execPath, ['server/launch.mjs'], root, {
    SKIP_BUILD: 'true',
    DIST_DIR: DIST,
    PORT: String(port),
    ...LIMITS,
    ...env,
  })
}

const cloudEnv = (dataDir: string) => ({
  DATA_DIR: dataDir,
  LOCAL_CLOUD_TOKEN: TOKENS.admin,
  LOCAL_CLOUD_SECOND_TOKEN: TOKENS.second,
  LOCAL_CLOUD_MEMBER_TOKEN: TOKENS.member,
  LOCAL_CLOUD_PROVISION_MS: '0',
})

async function single(root: string, dir: string): Promise<{ base: string; parts: Part[] }> {
  const part = consoleProcess('console', root, PORTS.single, cloudEnv(join(dir, 'single')))
  await until('the console', () => ok(`http://127.0.0.1:${PORTS.single}/readyz`))
  return { base: `http://127.0.0.1:${PORTS.single}`, parts: [part] }
}

async function replicas(root: string, dir: string): Promise<{ base: string; parts: Part[] }> {
  const parts: Part[] = []
  parts.push(
    launch(
      'redis',
      'redis-server',
      ['--port', String(PORTS.redis), '--bind', '127.0.0.1', '--save', '', '--dir', dir],
      dir,
    ),
  )
  parts.push(consoleProcess('cloud', root, PORTS.cloud, cloudEnv(join(dir, 'cloud'))))
  await until('the local cloud', () => ok(`http://127.0.0.1:${PORTS.cloud}/healthz`))
  const cloud = `http://127.0.0.1:${PORTS.cloud}/local`
  for (const name of ['a', 'b'] as const)
    parts.push(
      consoleProcess(name, root, PORTS[name], {
        PUBLIC_URL: `http://127.0.0.1:${PORTS.nginx}`,
        TRUST_PROXY: 'true',
        SESSION_STORE_URL: `redis://127.0.0.1:${PORTS.redis}`,
        SESSION_SECRET: 'load-bench-secret-load-bench-secret',
        REGION_URL: `${cloud}/region`,
        IDENTITY_URL: `${cloud}/identity`,
        AIPROXY_URL: `${cloud}/aiproxy`,
        INFERENCE_URL: `${cloud}/inference`,
      }),
    )
  await until('replica a', () => ok(`http://127.0.0.1:${PORTS.a}/readyz`))
  await until('replica b', () => ok(`http://127.0.0.1:${PORTS.b}/readyz`))
  const conf = join(dir, 'nginx.conf')
  // The scale tier's nginx, with room for a connection per session to it and one from it to a replica.
  writeFileSync(conf, nginxConfig({ dir, listen: PORTS.nginx, replicas: [PORTS.a, PORTS.b], workerConnections: 8192 }))
  parts.push(launch('nginx', 'nginx', ['-c', conf, '-e', join(dir, 'nginx-error.log')], dir))
  await until('nginx', () => ok(`http://127.0.0.1:${PORTS.nginx}/healthz`))
  return { base: `http://127.0.0.1:${PORTS.nginx}`, parts }
}

async function stopAll(parts: Part[]) {
  for (const { child } of [...parts].reverse()) {
    if (child.exitCode !== null || child.signalCode !== null) continue
    const exited = once(child, 'exit')
    child.kill('SIGTERM')
    await Promise.race([exited, new Promise((done) => setTimeout(done, 5_000))])
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  }
}

/** A process's resident memory (MB) and CPU time so far (ms), from /proc. */
function usage(pid: number): { rssMb: number; cpuMs: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  // Fields 14 and 15 of stat (after the command's parenthesis): user and system time in clock ticks (100 a second).
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const [utime, stime] = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .slice(11, 13)
    .map(Number)
  return { rssMb: rssKb / 1024, cpuMs: (utime! + stime!) * 10 }
}

interface Row {
  label: string
  run: LoadRun
  peakMb: Map<string, number>
  afterMb: Map<string, number>
  serverCpuMs: number
  load: string
}

async function measure(label: string, base: string, consoles: Part[], sessions: number): Promise<Row> {
  const peakMb = new Map<string, number>()
  const sample = () => {
    for (const { name, child } of consoles) peakMb.set(name, Math.max(peakMb.get(name) ?? 0, usage(child.pid!).rssMb))
  }
  const sampler = setInterval(sample, 250)
  const cpuBefore = consoles.reduce((sum, { child }) => sum + usage(child.pid!).cpuMs, 0)
  const rampMs = sessions * RAMP_MS_PER_SESSION
  let load = ''
  const loadTimer = setTimeout(() => (load = loadavg()[0]!.toFixed(2)), rampMs + WINDOW_MS)
  const run = await browse({
    base,
    sessions,
    rampMs,
    windowMs: WINDOW_MS,
    tokens: [
      { token: TOKENS.admin, writes: true },
      { token: TOKENS.second, writes: true },
      { token: TOKENS.member, writes: false },
    ],
  })
  clearTimeout(loadTimer)
  clearInterval(sampler)
  const serverCpuMs = consoles.reduce((sum, { child }) => sum + usage(child.pid!).cpuMs, 0) - cpuBefore
  await new Promise((done) => setTimeout(done, SETTLE_MS))
  const afterMb = new Map(consoles.map(({ name, child }) => [name, usage(child.pid!).rssMb]))
  return { label, run, peakMb, afterMb, serverCpuMs, load: load || loadavg()[0]!.toFixed(2) }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : NaN
}
const duration = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`)
const mbs = (values: Map<string, number>) => [...values.values()].map((mb) => Math.round(mb)).join(' + ') + ' MB'

function print(row: Row) {
  const { run } = row
  const all = run.timed.map((t) => t.ms)
  const first = run.timed.filter((t) => t.kind === 'first screen').map((t) => t.ms)
  const cells = [
    row.label,
    (run.timed.length / (run.windowMs / 1000)).toFixed(0),
    `${duration(percentile(all, 0.5))} / ${duration(percentile(all, 0.99))}`,
    `${duration(percentile(first, 0.5))} / ${duration(percentile(first, 0.99))}`,
    [...run.errors].map(([kind, count]) => `${count} ${kind}`).join(', ') || '0',
    mbs(row.peakMb),
    mbs(row.afterMb),
    `${(row.serverCpuMs / 1000).toFixed(1)} s`,
    `${(run.cpuMs / 1000).toFixed(1)} s`,
    row.load,
  ]
  console.log(`| ${cells.join(' | ')} |`)
}

async function measureTree(label: string, root: string) {
  spawnSync(process.execPath, ['server/bundle.mjs'], { cwd: root, stdio: 'inherit' })
  for (const topology of TOPOLOGIES) {
    for (const sessions of SESSIONS) {
      // A fresh set of processes for each row, so one row's leftovers are not the next one's start.
      const dir = mkdtempSync(join(tmpdir(), 'bench-load-'))
      const { base, parts } = await (topology === 'one process' ? single(root, dir) : replicas(root, dir))
      try {
        const consoles = parts.filter(({ name }) => ['console', 'a', 'b'].includes(name))
        print(await measure(`${label}: ${topology}, ${sessions} sessions`, base, consoles, sessions))
      } finally {
        await stopAll(parts)
        rmSync(dir, { recursive: true, force: true, maxRetries: 5 })
      }
    }
  }
}

buildIfNeeded('dist')
console.log(
  `Load held: ${WINDOW_MS / 1000} s measured after the sign-ins, on ${cpus().length} cores. Targets at 1,000 sessions: ` +
    'first screen p99 ≤ 2 s, RSS ≤ 400 MB per process.',
)
console.log(
  '| run | req/s | p50 / p99 | first screen p50 / p99 | errors | RSS peak | RSS after | server CPU | generator CPU | load (1 min) |',
)
console.log('|---|---|---|---|---|---|---|---|---|---|')
const baseline = process.env.BENCH_BASELINE ? resolve(process.env.BENCH_BASELINE) : undefined
if (baseline) await measureTree('before', baseline)
await measureTree(baseline ? 'after' : 'current', resolve('.'))

// The processes the load benches start (load-held.bench.ts, signals.bench.ts): console servers from a checkout's built
// bundle, a local cloud in a process of its own, and what /proc says of them and of the machine.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { resolve } from 'node:path'
import { median } from './harness.ts'
import { firstScreensInTurn } from './load-generator.ts'

export interface Part {
  name: string
  child: ChildProcess
}

/** The local cloud's tokens the generator signs sessions in with: two organizations' admins and a member. */
export const TOKENS = { admin: 'load-admin-token', second: 'load-second-token', member: 'load-member-token' }

/** The generator's sessions, round robin over the tokens; the member may not write. */
export const BROWSING_TOKENS = [
  { token: TOKENS.admin, writes: true },
  { token: TOKENS.second, writes: true },
  { token: TOKENS.member, writes: false },
]

// The generator signs every session in from one address with three tokens: the per-address and per-token sign-in
// limits and the per-token bound on requests under way, which guard against that, are opened here.
const LIMITS = {
  SIGNINS_PER_MINUTE: '1000000',
  SIGNINS_PER_MINUTE_PER_ORGANIZATION: '1000000',
  SESSIONS_PER_PRINCIPAL: '100000',
  IN_FLIGHT_PER_PRINCIPAL: '100000',
}

export const DIST = resolve('dist')

export const until = async (what: string, check: () => Promise<boolean>, ms = 60_000) => {
  const deadline = Date.now() + ms
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what} did not come up within ${ms} ms`)
    await new Promise((done) => setTimeout(done, 100))
  }
}
export const ok = (url: string) => fetch(url).then((res) => res.ok)

export function launch(name: string, command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Part {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] })
  child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(`[${name}] ${chunk}`))
  return { name, child }
}

/** The flags `npm start` gives Node in `root`'s checkout: a before and an after each run as their own start does. */
function startFlags(root: string): string[] {
  const { scripts } = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { scripts: { start: string } }
  return scripts.start.split(/\s+/).filter((word) => word.startsWith('--'))
}

/** `npm start`'s server from `root`'s bundle, on `port`, pinned to `core` when given. */
export function consoleProcess(name: string, root: string, port: number, env: NodeJS.ProcessEnv, core?: number): Part {
  const command = core === undefined ? [process.execPath] : ['taskset', '-c', String(core), process.execPath]
  return launch(name, command[0]!, [...command.slice(1), ...startFlags(root), 'server/launch.mjs'], root, {
    SKIP_BUILD: 'true',
    DIST_DIR: DIST,
    PORT: String(port),
    ...LIMITS,
    ...env,
  })
}

/** A local cloud's settings: its state in `dataDir`, the generator's tokens, resources ready at once. */
export const cloudEnv = (dataDir: string) => ({
  DATA_DIR: dataDir,
  LOCAL_CLOUD_TOKEN: TOKENS.admin,
  LOCAL_CLOUD_SECOND_TOKEN: TOKENS.second,
  LOCAL_CLOUD_MEMBER_TOKEN: TOKENS.member,
  LOCAL_CLOUD_PROVISION_MS: '0',
})

export async function stopAll(parts: Part[]) {
  for (const { child } of [...parts].reverse()) {
    if (child.exitCode !== null || child.signalCode !== null) continue
    const exited = once(child, 'exit')
    child.kill('SIGTERM')
    await Promise.race([exited, new Promise((done) => setTimeout(done, 5_000))])
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  }
}

/** The machine's CPU time so far, all cores, and the part of it the hypervisor took for other guests (clock ticks). */
export function machineTicks(): { total: number; steal: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number)
  return { total: fields.reduce((sum, n) => sum + n, 0), steal: fields[7] ?? 0 }
}

/** The share of the machine's CPU time the hypervisor gave other guests since `from`. */
export function stealSince(from: { total: number; steal: number }): string {
  const ticks = machineTicks()
  return `${((100 * (ticks.steal - from.steal)) / Math.max(1, ticks.total - from.total)).toFixed(0)} %`
}

/** A process's resident memory (MB) and CPU time so far (ms), from /proc. */
export function usage(pid: number): { rssMb: number; cpuMs: number } {
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

const FIRST_SCREENS_IN_TURN = 200
const WARMED_ROUNDS = 5

/**
 * The console's CPU per first screen (ms), summed over `pids`, asked one after another by one signed-in browser on an
 * otherwise idle topology: a fresh process's first round (its code not yet optimized), then the median of the
 * warmed-up rounds, as it serves under load (issue 77's budget is that one). With the sentence that reports it.
 */
export async function cpuPerFirstScreen(base: string, pids: number[]) {
  const cpuMs = () => pids.reduce((sum, pid) => sum + usage(pid).cpuMs, 0)
  const rounds: number[] = []
  for (let round = 0; round <= WARMED_ROUNDS; round++) {
    const before = cpuMs()
    await firstScreensInTurn(base, TOKENS.admin, FIRST_SCREENS_IN_TURN)
    rounds.push((cpuMs() - before) / FIRST_SCREENS_IN_TURN)
  }
  const [fresh, ...warmed] = rounds
  const load = loadavg()[0]!.toFixed(2)
  return `${median(warmed).toFixed(1)} ms warmed up (median of ${WARMED_ROUNDS} rounds of ${FIRST_SCREENS_IN_TURN}), ${fresh!.toFixed(1)} ms in a fresh process's first ${FIRST_SCREENS_IN_TURN} (load ${load})`
}

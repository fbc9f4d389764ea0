// One noisy session beside many quiet ones (issue 77): a script that lists networks 32 at once, and again as soon as
// all have answered, heeding no Retry-After, beside 999 browsing sessions (load-generator.ts), against one console
// pinned to one core with its embedded local cloud (the generator on the other core). Runs without and with the noisy
// session in turn, so a changing load falls on both alike, and prints the quiet sessions' p99 with it over without it
// (the target: within 10 %), and what the noisy one was given. `npm run bench -- noisy-session`; BENCH_NOISY_SESSIONS
// (999), BENCH_NOISY_ROUNDS (2) and BENCH_NOISY_WINDOW_S (20) tune a run.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { buildIfNeeded } from '../server/build-if-needed.ts'
import { median } from './harness.ts'
import { browse, percentile, refusal, type LoadRun } from './load-generator.ts'
import {
  BROWSING_TOKENS,
  cloudEnv,
  consoleProcess,
  machineTicks,
  ok,
  stealSince,
  stopAll,
  until,
  usage,
} from './load-processes.ts'

const PORT = Number(process.env.BENCH_LOAD_PORT ?? 8850)
const SESSIONS = Number(process.env.BENCH_NOISY_SESSIONS ?? 999)
const ROUNDS = Number(process.env.BENCH_NOISY_ROUNDS ?? 2)
const WINDOW_MS = Number(process.env.BENCH_NOISY_WINDOW_S ?? 20) * 1000
const PARALLEL = 32
const RAMP_MS_PER_SESSION = 10

/** The quiet sessions' p99 over every request they were answered (their refusals are a column of their own). */
const quietP99 = (run: LoadRun) =>
  percentile(
    run.timed.filter((t) => !refusal(t.status)).map((t) => t.ms),
    0.99,
  )

async function once(noisy: boolean) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-noisy-'))
  const part = consoleProcess('console', resolve('.'), PORT, cloudEnv(dir), 1)
  try {
    const base = `http://127.0.0.1:${PORT}`
    await until('the console', () => ok(`${base}/readyz`))
    const rampMs = SESSIONS * RAMP_MS_PER_SESSION
    let cpuAtOpen = 0
    let serverCpuMs = 0
    let ticks = machineTicks()
    let steal = ''
    const timers = [
      setTimeout(() => {
        cpuAtOpen = usage(part.child.pid!).cpuMs
        ticks = machineTicks()
      }, rampMs),
      setTimeout(() => {
        serverCpuMs = usage(part.child.pid!).cpuMs - cpuAtOpen
        steal = stealSince(ticks)
      }, rampMs + WINDOW_MS),
    ]
    const run = await browse({
      base,
      sessions: SESSIONS,
      rampMs,
      windowMs: WINDOW_MS,
      tokens: BROWSING_TOKENS,
      ...(noisy ? { noisy: PARALLEL } : {}),
    })
    for (const timer of timers) clearTimeout(timer)
    return { run, serverCpuMs, load: loadavg()[0]!.toFixed(2), steal }
  } finally {
    await stopAll([part])
    rmSync(dir, { recursive: true, force: true, maxRetries: 5 })
  }
}

buildIfNeeded('dist')
spawnSync(process.execPath, ['server/bundle.mjs'], { stdio: 'inherit' })
console.log(
  `Noisy session: ${SESSIONS} browsing sessions, with and without one more that lists ${PARALLEL} at once; ` +
    `${WINDOW_MS / 1000} s measured after the sign-ins, on ${cpus().length} cores, the console pinned to one. ` +
    'Target: the quiet sessions’ p99 with it within 10 % of their p99 without it, and no more of them refused.',
)
console.log(
  '| run | quiet req/s | quiet first screen p50 / p99 | quiet p99 (all answered) | quiet refused | noisy answered / refused per s | server CPU | load (1 min) | steal |',
)
console.log('|---|---|---|---|---|---|---|---|---|')
// The generator runs here, on the first core, apart from the pinned console.
spawnSync('taskset', ['-pc', '0', String(process.pid)], { stdio: 'ignore' })
const ms = (value: number) => `${Math.round(value)} ms`
const p99s = { with: [] as number[], without: [] as number[] }
for (let round = 0; round < ROUNDS; round++)
  for (const noisy of [false, true]) {
    const { run, serverCpuMs, load, steal } = await once(noisy)
    const seconds = run.windowMs / 1000
    const first = run.timed.filter((t) => t.kind === 'first screen' && !refusal(t.status)).map((t) => t.ms)
    const refused = run.timed.filter((t) => refusal(t.status)).length
    const noisyRefused = [...run.noisy].filter(([status]) => refusal(status)).reduce((sum, [, n]) => sum + n, 0)
    const noisyAnswered = run.noisy.get(200) ?? 0
    p99s[noisy ? 'with' : 'without'].push(quietP99(run))
    const cells = [
      `round ${round + 1}, ${noisy ? 'with' : 'without'} the noisy session`,
      (run.timed.filter((t) => t.status < 400).length / seconds).toFixed(0),
      `${ms(percentile(first, 0.5))} / ${ms(percentile(first, 0.99))}`,
      ms(quietP99(run)),
      `${((100 * refused) / Math.max(1, run.timed.length)).toFixed(1)} %`,
      noisy ? `${(noisyAnswered / seconds).toFixed(0)} / ${(noisyRefused / seconds).toFixed(0)}` : '–',
      `${(serverCpuMs / 1000).toFixed(1)} s`,
      load,
      steal,
    ]
    console.log(`| ${cells.join(' | ')} |`)
  }
const ratio = median(p99s.with) / median(p99s.without)
console.log(
  `quiet sessions' p99 with the noisy session ÷ without it: ${ratio.toFixed(2)} ` +
    `(median of ${ROUNDS} rounds each: ${p99s.with.map(ms).join(', ')} against ${p99s.without.map(ms).join(', ')})`,
)

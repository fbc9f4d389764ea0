// Signals an operator can trust (issue 77): docs/deploying.md's reasons to add a replica, or not to, each read off
// /metrics as Prometheus would over a window (a counter's increase, a histogram's p99 from its buckets), in four runs
// that each have one cause or none. A console pinned to one core, its local cloud in a process of its own (as a
// replica calls the platform), the browsing generator (load-generator.ts) on the other core:
// - quiet: a tenth of capacity; no signal may fire. Before it, the console's CPU per first screen, asked one after
//   another, with the platform out of process (issue 77's second budget);
// - console full: sessions past the console's capacity, the platform fast; the console's own core is full, and the
//   platform's wait must not say otherwise (before issue 77 it did: the console's own queue counted as the platform's);
// - slow platform: the local cloud answers each call after LOCAL_CLOUD_LATENCY_MS, the console quiet;
// - large answers: the first screen's list is 10,000 networks, a few sessions.
// Each signal's figure is printed beside whether it fired and whether it should have. BENCH_BASELINE=<a checkout>
// (built, with node_modules) reads that checkout's signals too, first; a metric it lacks shows as –.
// `npm run bench -- signals`; BENCH_SIGNALS_WINDOW_S (20), BENCH_SIGNALS_FULL (1000 sessions) and BENCH_SIGNALS_ONLY (runs
// by name, comma-separated) tune a run.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { buildIfNeeded } from '../server/build-if-needed.ts'
import { SERVICE_SETTINGS } from '../src/api/services.ts'
import { browse } from './load-generator.ts'
import {
  BROWSING_TOKENS,
  cloudEnv,
  consoleProcess,
  cpuPerFirstScreen,
  machineTicks,
  ok,
  stealSince,
  stopAll,
  TOKENS,
  until,
} from './load-processes.ts'
import { increase, parseScrape, quantile, type Scrape } from './prometheus-text.ts'

const FIRST = Number(process.env.BENCH_LOAD_PORT ?? 8850)
const PORTS = { console: FIRST, cloud: FIRST + 5 }
const WINDOW_MS = Number(process.env.BENCH_SIGNALS_WINDOW_S ?? 20) * 1000
const FULL = Number(process.env.BENCH_SIGNALS_FULL ?? 1000)
const RAMP_MS_PER_SESSION = 10
const SLOW_PLATFORM_MS = 300
const LARGE_LIST = 10_000

// docs/deploying.md's thresholds ("When to add a replica"), as it states them.
const PAGE_REFUSED_SHARE = 0.01
const LOOP_DELAY_P99_S = 0.05
const CPU_RATE = 0.8
const UPSTREAM_WAIT_P99_S = 0.25
const COMPRESSION_SHARE = 1 / 4

type Signal = 'add a replica' | 'platform slow' | 'answers too large'

interface Scenario {
  name: string
  sessions: number
  /** The signal its cause should fire; none for the quiet run. */
  cause?: Signal
  cloud?: NodeJS.ProcessEnv
  networks?: number
  /** Before the sessions: the console's CPU per first screen, asked one after another (issue 77's second budget). */
  perFirstScreen?: boolean
}

const ALL: Scenario[] = [
  { name: 'quiet', sessions: 100, perFirstScreen: true },
  { name: 'console full', sessions: FULL, cause: 'add a replica' },
  {
    name: 'slow platform',
    sessions: 100,
    cause: 'platform slow',
    cloud: { LOCAL_CLOUD_LATENCY_MS: String(SLOW_PLATFORM_MS) },
  },
  { name: 'large answers', sessions: 30, cause: 'answers too large', networks: LARGE_LIST },
]
const ONLY = process.env.BENCH_SIGNALS_ONLY?.split(',')
const SCENARIOS = ALL.filter((scenario) => !ONLY || ONLY.includes(scenario.name))

/** The figures the guide's signals read, over the window. */
interface Figures {
  cpuRate?: number
  loopP99?: number
  /** Page reads refused, as a share of every request the console answered or refused. */
  pageRefused?: number
  upstreamP99?: number
  compressionShare?: number
}

function read(before: Scrape, after: Scrape, seconds: number): Figures {
  const cpu = increase(before, after, 'process_cpu_seconds_total')
  const compression = increase(before, after, 'console_compression_seconds_sum')
  // A counter with no refusal yet has no series: none refused where admission control is there to refuse.
  const refusedPages =
    increase(before, after, 'console_admission_refused_total', { priority: 'page' }) ??
    (after.has('console_admission_limit') ? 0 : undefined)
  const refused = increase(before, after, 'console_admission_refused_total') ?? 0
  const answered = increase(before, after, 'console_http_request_duration_seconds_count') ?? 0
  return {
    cpuRate: cpu === undefined ? undefined : cpu / seconds,
    loopP99: quantile(before, after, 'console_event_loop_delay_seconds', 0.99),
    pageRefused: refusedPages === undefined ? undefined : refusedPages / Math.max(1, answered + refused),
    upstreamP99: quantile(before, after, 'console_upstream_wait_seconds', 0.99),
    compressionShare: cpu && compression !== undefined ? compression / cpu : undefined,
  }
}

/** What the guide says each figure means. A signal whose metric is missing does not fire. */
function fired(figures: Figures): Set<Signal> {
  const { cpuRate = 0, loopP99 = 0, pageRefused = 0, upstreamP99 = 0, compressionShare = 0 } = figures
  const signals = new Set<Signal>()
  const loopLate = loopP99 > LOOP_DELAY_P99_S
  if (pageRefused > PAGE_REFUSED_SHARE || loopLate || cpuRate > CPU_RATE) signals.add('add a replica')
  if (upstreamP99 > UPSTREAM_WAIT_P99_S && !loopLate) signals.add('platform slow')
  if (compressionShare > COMPRESSION_SHARE) signals.add('answers too large')
  return signals
}

/** `count` more networks in the demo organization of the local cloud state at `dataDir`, by `root`'s own code. */
function seed(root: string, dataDir: string, count: number) {
  const script = `
    const { createLocalCloud } = await import('./server/local-cloud/index.ts')
    const { seedManyNetworks } = await import('./server/local-cloud/testing.ts')
    const cloud = await createLocalCloud(${JSON.stringify({
      dataDir,
      adminToken: TOKENS.admin,
      secondToken: TOKENS.second,
      memberToken: TOKENS.member,
    })})
    await seedManyNetworks(cloud, ${count})
    await cloud.close()`
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: root,
    stdio: 'inherit',
  })
  if (seeded.status !== 0) throw new Error(`seeding ${count} networks in ${root} failed`)
}

const delay = (ms: number) => new Promise((done) => setTimeout(done, ms))

async function run(root: string, scenario: Scenario) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-signals-'))
  const cloudDir = join(dir, 'cloud')
  // Seeded with the checkout's own code (its state's format is its own) before its cloud's process opens the state.
  if (scenario.networks) seed(root, cloudDir, scenario.networks)
  const cloud = consoleProcess('cloud', root, PORTS.cloud, { ...cloudEnv(cloudDir), ...scenario.cloud })
  const parts = [cloud]
  try {
    await until('the local cloud', () => ok(`http://127.0.0.1:${PORTS.cloud}/healthz`))
    const upstream = `http://127.0.0.1:${PORTS.cloud}/local`
    parts.push(
      consoleProcess(
        'console',
        root,
        PORTS.console,
        // Every service's URL: a console left without one embeds a local cloud for it.
        Object.fromEntries(
          Object.entries(SERVICE_SETTINGS).map(([service, setting]) => [setting, `${upstream}/${service}`]),
        ),
        1,
      ),
    )
    const base = `http://127.0.0.1:${PORTS.console}`
    await until('the console', () => ok(`${base}/readyz`))
    const perFirstScreen = scenario.perFirstScreen ? await cpuPerFirstScreen(base, [parts[1]!.child.pid!]) : undefined
    const scrape = async () => {
      const text = await (await fetch(`${base}/metrics`)).text()
      return { at: performance.now(), samples: parseScrape(text) }
    }
    const rampMs = scenario.sessions * RAMP_MS_PER_SESSION
    const opened = delay(rampMs).then(scrape)
    const closed = delay(rampMs + WINDOW_MS).then(scrape)
    const ticks = delay(rampMs).then(machineTicks)
    await browse({ base, sessions: scenario.sessions, rampMs, windowMs: WINDOW_MS, tokens: BROWSING_TOKENS })
    const [before, after] = [await opened, await closed]
    return {
      perFirstScreen,
      figures: read(before.samples, after.samples, (after.at - before.at) / 1000),
      load: loadavg()[0]!.toFixed(2),
      steal: stealSince(await ticks),
    }
  } finally {
    await stopAll(parts)
    rmSync(dir, { recursive: true, force: true, maxRetries: 5 })
  }
}

const seconds = (s: number | undefined) =>
  s === undefined ? '–' : Number.isNaN(s) ? 'none' : s >= 1 ? `${s.toFixed(1)} s` : `${Math.round(s * 1000)} ms`
const share = (n: number | undefined) => (n === undefined ? '–' : `${Math.round(n * 100)} %`)

async function measureTree(label: string, root: string) {
  spawnSync(process.execPath, ['server/bundle.mjs'], { cwd: root, stdio: 'inherit' })
  let wrong = 0
  const notes: string[] = []
  for (const scenario of SCENARIOS) {
    const { figures, load, steal, perFirstScreen } = await run(root, scenario)
    if (perFirstScreen)
      notes.push(`${label}: console CPU per first screen, its local cloud in a process of its own: ${perFirstScreen}`)
    const signals = fired(figures)
    const expected = scenario.cause ? [scenario.cause] : []
    const right = signals.size === expected.length && expected.every((signal) => signals.has(signal))
    if (!right) wrong++
    const cells = [
      `${label}: ${scenario.name} (${scenario.sessions} sessions)`,
      share(figures.cpuRate),
      seconds(figures.loopP99),
      figures.pageRefused === undefined ? '–' : `${(figures.pageRefused * 100).toFixed(1)} %`,
      seconds(figures.upstreamP99),
      share(figures.compressionShare),
      [...signals].join(', ') || 'none',
      expected.join(', ') || 'none',
      right ? 'yes' : '**no**',
      load,
      steal,
    ]
    console.log(`| ${cells.join(' | ')} |`)
  }
  return { wrong, notes }
}

buildIfNeeded('dist')
console.log(
  `Signals: ${WINDOW_MS / 1000} s read off /metrics after the sign-ins, on ${cpus().length} cores; the console pinned to one ` +
    `core, its local cloud in a process of its own. Fires: add a replica (page reads refused > ` +
    `${PAGE_REFUSED_SHARE * 100} % of requests, event-loop delay p99 > ${LOOP_DELAY_P99_S} s, or CPU rate > ${CPU_RATE}); platform slow (upstream wait p99 > ${UPSTREAM_WAIT_P99_S} s with ` +
    `the loop's delay low); answers too large (compression above ${Math.round(COMPRESSION_SHARE * 100)} % of the CPU).`,
)
console.log(
  '| run | CPU rate | event-loop delay p99 | page reads refused | upstream wait p99 | compression ÷ CPU | fired | its cause | as it should | load (1 min) | steal |',
)
console.log('|---|---|---|---|---|---|---|---|---|---|---|')
// The generator runs here, on the first core, apart from the pinned console.
spawnSync('taskset', ['-pc', '0', String(process.pid)], { stdio: 'ignore' })
const baseline = process.env.BENCH_BASELINE ? resolve(process.env.BENCH_BASELINE) : undefined
const before = baseline ? await measureTree('before', baseline) : undefined
const { wrong, notes } = await measureTree(baseline ? 'after' : 'current', resolve('.'))
for (const note of [...(before?.notes ?? []), ...notes]) console.log(note)
if (before) console.log(`before: ${before.wrong} of ${SCENARIOS.length} runs fired other than their cause.`)
console.log(
  wrong
    ? `${wrong} of ${SCENARIOS.length} runs fired other than their cause.`
    : 'Each signal fired for its cause alone.',
)

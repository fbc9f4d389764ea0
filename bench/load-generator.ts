// The browsing generator of load-held.bench.ts: sessions signed in with the local cloud's tokens (two organizations'
// admins and a member), each opening a list page (the bootstrap, as a browser's first screen asks it), three more
// lists, one item, and one write in about twenty requests, with 0.5–1.5 s of thought between steps. Each session
// keeps its own connections, as a browser does: one pool shared by a thousand sessions kept fewer sockets than
// sessions, so a session often opened a new connection mid-run, which no browser at one request a second does, and
// the console accepts one new connection a turn of its event loop (libuv since 1.45). Loopback only; every loop is
// bounded by the run's deadline.
import { Agent, request } from 'node:http'
import { monitorEventLoopDelay } from 'node:perf_hooks'

export interface Timed {
  kind: 'first screen' | 'list' | 'item' | 'write'
  ms: number
  status: number
}

export interface LoadRun {
  /** Requests started within the measured window, timed to the end of their body. */
  timed: Timed[]
  /** Failures by what they were: a status (5xx, 429), or no answer ('reset', 'timeout', 'sign-in'). */
  errors: Map<string, number>
  /** The generator's own CPU time during the window, in milliseconds. */
  cpuMs: number
  /**
   * How late the generator's own event loop ran in the window, p99 (ms): a request's time includes that much of its
   * own making, however fast the console answered.
   */
  loopDelayP99Ms: number
  windowMs: number
  /** Every sign-in's time, ramp included (ms): a sign-in is never refused, however busy the console. */
  signIns: number[]
  /** The noisy session's requests in the window, by status (`noisy` in the options), apart from `timed`. */
  noisy: Map<number, number>
}

/** A refusal: the console shedding load (503 with Retry-After) or a bound on requests under way (429). */
export const refusal = (status: number) => status === 503 || status === 429

/** The p-quantile of `values`, the nearest rank below; NaN for none. */
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : NaN
}

export interface LoadOptions {
  /** The console's origin, e.g. http://127.0.0.1:8850. */
  base: string
  /** The tokens sessions sign in with, round robin, and whether each may write. */
  tokens: { token: string; writes: boolean }[]
  sessions: number
  /** Sign-ins are spread over this long before the window opens. */
  rampMs: number
  windowMs: number
  /**
   * One more session, a script rather than a browser: from the window's opening it lists networks this many at once,
   * on as many connections, and again as soon as all have answered, heeding no Retry-After.
   */
  noisy?: number
}

const REQUEST_TIMEOUT_MS = 30_000
const BROWSER_ENCODING = 'gzip, deflate, br, zstd'
const BROWSER_CONNECTIONS = 6

interface Answer {
  status: number
  body: Buffer
  cookies: string[]
}

function send(
  agent: Agent,
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  const url = new URL(path, base)
  return new Promise((done, fail) => {
    const req = request(
      { agent, host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          done({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks),
            cookies: (res.headers['set-cookie'] ?? []).map((cookie) => cookie.split(';')[0]!),
          }),
        )
        res.on('error', fail)
      },
    )
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error('timed out')))
    req.on('error', fail)
    req.end(body)
  })
}

/** What one token's sessions browse: found once, before the run, through the console like any client. */
interface Plan {
  token: string
  page: string
  lists: string[]
  item: string
  /** The item's update body, or none for a caller who may not write (the member). */
  write?: string
}

const json = (answer: Answer) => JSON.parse(answer.body.toString()) as unknown

async function signIn(agent: Agent, base: string, token: string): Promise<string> {
  const answer = await send(
    agent,
    base,
    'POST',
    '/console/session',
    { 'content-type': 'application/json', 'x-requested-with': 'cloud-console' },
    JSON.stringify({ token }),
  )
  if (answer.status !== 201) throw new Error(`sign-in answered ${answer.status}: ${answer.body.toString()}`)
  return answer.cookies.join('; ')
}

async function planFor(agent: Agent, base: string, token: string, writes: boolean): Promise<Plan> {
  const cookie = await signIn(agent, base, token)
  const get = (path: string) => send(agent, base, 'GET', path, { cookie })
  const organizations = json(await get('/api/identity/api/v1/organizations')) as { metadata: { id: string } }[]
  const organizationID = organizations[0]!.metadata.id
  const scoped = (path: string) => `${path}?organizationID=${encodeURIComponent(organizationID)}`
  const networks = json(await get(scoped('/api/region/api/v2/networks'))) as {
    metadata: { id: string; name: string; description?: string; tags?: unknown[] }
    spec: { dnsNameservers: string[] }
  }[]
  const network = networks[0]
  if (!network) throw new Error(`organization ${organizationID} has no network to open`)
  const item = `/api/region/api/v2/networks/${network.metadata.id}`
  const { name, description, tags } = network.metadata
  return {
    token,
    page: '/networks',
    lists: [
      scoped('/api/region/api/v2/securitygroups'),
      scoped('/api/region/api/v2/instances'),
      scoped('/api/region/api/v2/filestorage'),
    ],
    item,
    ...(writes
      ? {
          write: JSON.stringify({
            metadata: { name, ...(description ? { description } : {}), ...(tags ? { tags } : {}) },
            spec: { dnsNameservers: network.spec.dnsNameservers },
          }),
        }
      : {}),
  }
}

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms))
const thought = () => pause(500 + Math.random() * 1000)

/** Runs `sessions` browsing sessions against `base` and returns what the window measured. */
export async function browse(options: LoadOptions): Promise<LoadRun> {
  const { base, sessions, rampMs, windowMs } = options
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity })
  const plans = await Promise.all(options.tokens.map(({ token, writes }) => planFor(agent, base, token, writes)))
  const timed: Timed[] = []
  const signIns: number[] = []
  const errors = new Map<string, number>()
  const fail = (kind: string) => errors.set(kind, (errors.get(kind) ?? 0) + 1)
  const opensAt = Date.now() + rampMs
  const closesAt = opensAt + windowMs
  let cpuAtOpen: NodeJS.CpuUsage | undefined
  let cpuAtClose: NodeJS.CpuUsage | undefined
  const loopDelay = monitorEventLoopDelay({ resolution: 10 })
  const windowTimers = [
    setTimeout(() => {
      cpuAtOpen = process.cpuUsage()
      loopDelay.enable()
    }, rampMs),
    setTimeout(() => {
      cpuAtClose = process.cpuUsage(cpuAtOpen)
      loopDelay.disable()
    }, rampMs + windowMs),
  ]

  const step = async (
    agent: Agent,
    kind: Timed['kind'],
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: string,
  ) => {
    const started = Date.now()
    const counted = started >= opensAt && started < closesAt
    try {
      const answer = await send(agent, base, method, path, headers, body)
      // A refusal (429, 503 with Retry-After) is counted apart from a failure: it is the console shedding load.
      const failed = answer.status >= 500 && answer.status !== 503
      if (counted) {
        timed.push({ kind, ms: Date.now() - started, status: answer.status })
        if (failed) fail(String(answer.status))
      }
    } catch (error) {
      if (counted) fail((error as Error).message === 'timed out' ? 'timeout' : 'reset')
    }
  }

  const session = async (index: number) => {
    await pause((index * rampMs) / sessions)
    const plan = plans[index % plans.length]!
    // A session is a browser of its own: it keeps its connections alive between its requests, up to a browser's six
    // to one origin, and shares them with no other session.
    const own = new Agent({ keepAlive: true, maxSockets: BROWSER_CONNECTIONS })
    try {
      await browseAs(own, plan, index)
    } finally {
      own.destroy()
    }
  }

  const browseAs = async (agent: Agent, plan: Plan, index: number) => {
    let cookie: string
    try {
      const started = Date.now()
      cookie = await signIn(agent, base, plan.token)
      signIns.push(Date.now() - started)
    } catch {
      fail('sign-in')
      return
    }
    const read = { cookie, 'accept-encoding': BROWSER_ENCODING }
    const write = { ...read, 'content-type': 'application/json', 'x-requested-with': 'cloud-console' }
    // A write every fourth visit: one request in about twenty-one.
    for (let visit = index; Date.now() < closesAt; visit++) {
      await step(agent, 'first screen', 'GET', `/console/bootstrap?page=${encodeURIComponent(plan.page)}`, read)
      for (const list of plan.lists) {
        if (Date.now() >= closesAt) return
        await thought()
        await step(agent, 'list', 'GET', list, read)
      }
      await thought()
      await step(agent, 'item', 'GET', plan.item, read)
      await thought()
      if (plan.write && visit % 4 === 0) {
        await step(agent, 'write', 'PUT', plan.item, write, plan.write)
        await thought()
      }
    }
  }

  const noisy = new Map<number, number>()
  const script = async (parallel: number) => {
    const own = new Agent({ keepAlive: true, maxSockets: parallel })
    try {
      const plan = plans[0]!
      const headers = { cookie: await signIn(own, base, plan.token), 'accept-encoding': BROWSER_ENCODING }
      await pause(Math.max(0, opensAt - Date.now()))
      while (Date.now() < closesAt) {
        const answers = await Promise.allSettled(
          Array.from({ length: parallel }, () => send(own, base, 'GET', plan.lists[0]!, headers)),
        )
        for (const answer of answers) {
          const status = answer.status === 'fulfilled' ? answer.value.status : 0
          noisy.set(status, (noisy.get(status) ?? 0) + 1)
        }
      }
    } finally {
      own.destroy()
    }
  }

  await Promise.all([
    ...Array.from({ length: sessions }, (_, index) => session(index)),
    ...(options.noisy ? [script(options.noisy)] : []),
  ])
  for (const timer of windowTimers) clearTimeout(timer)
  agent.destroy()
  const cpu = cpuAtClose ?? process.cpuUsage(cpuAtOpen)
  loopDelay.disable()
  // The histogram's figures are in nanoseconds.
  const loopDelayP99Ms = loopDelay.count ? loopDelay.percentile(99) / 1e6 : 0
  return { timed, errors, cpuMs: (cpu.user + cpu.system) / 1000, loopDelayP99Ms, windowMs, signIns, noisy }
}

/** Asks `count` first screens one after another as one signed-in browser: the bench's CPU per first screen. */
export async function firstScreensInTurn(base: string, token: string, count: number): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  try {
    const cookie = await signIn(agent, base, token)
    for (let n = 0; n < count; n++) {
      const answer = await send(agent, base, 'GET', `/console/bootstrap?page=${encodeURIComponent('/networks')}`, {
        cookie,
        'accept-encoding': BROWSER_ENCODING,
      })
      if (answer.status !== 200) throw new Error(`a first screen answered ${answer.status}`)
    }
  } finally {
    agent.destroy()
  }
}

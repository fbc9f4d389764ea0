// Crash rounds for the durability test and bench: a local cloud in a child process takes a burst of creates (and,
// one after another, token rotations of a service account), is SIGKILLed at a random moment, and is started again
// on the same data; every write it acknowledged must be there, and no token it revoked may work again.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { Agent, request } from 'node:http'
import { fileURLToPath } from 'node:url'
import { EU_WEST_1 } from '../../catalog/ids.ts'

const CHILD = fileURLToPath(new URL('./crash-child.ts', import.meta.url))
const ORGANIZATIONS = '/local/identity/api/v1/organizations'
const NETWORKS = '/local/region/api/v2/networks'

export interface Server {
  child: ChildProcess
  base: string
  exited: Promise<void>
}

/** Starts the child on `dataDir` (with `networks` more networks when given) and waits until it listens. */
export async function startChild(dataDir: string, adminToken: string, networks?: number): Promise<Server> {
  const seed = networks === undefined ? [] : [String(networks)]
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dataDir, adminToken, ...seed], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const port = await new Promise<string>((resolve, reject) => {
    let text = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString()
      const line = text.split('\n')
      if (line.length > 1) resolve(line[0] ?? '')
    })
    void exited.then(() => reject(new Error('the local cloud child exited before it listened')))
  })
  return { child, base: `http://127.0.0.1:${port}`, exited }
}

export async function kill(server: Server): Promise<void> {
  server.child.kill('SIGKILL')
  await server.exited
}

interface Answer {
  status: number
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the API's JSON, checked by the caller
  body: any
}

function send(
  agent: Agent,
  base: string,
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<Answer> {
  const url = new URL(path, base)
  const payload = body === undefined ? undefined : JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        let text = ''
        res.on('data', (chunk: Buffer) => (text += chunk.toString()))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

export interface Target {
  base: string
  token: string
  organizationId: string
  projectId: string
}

export async function target(agent: Agent, base: string, token: string): Promise<Target> {
  const orgs = await send(agent, base, 'GET', ORGANIZATIONS, token)
  const organizationId: string = orgs.body[0].metadata.id
  const projects = await send(agent, base, 'GET', `${ORGANIZATIONS}/${organizationId}/projects`, token)
  return { base, token, organizationId, projectId: projects.body[0].metadata.id }
}

function createNetwork(agent: Agent, t: Target, name: string, i: number): Promise<Answer> {
  return send(agent, t.base, 'POST', NETWORKS, t.token, {
    metadata: { name },
    spec: {
      organizationId: t.organizationId,
      projectId: t.projectId,
      regionId: EU_WEST_1,
      prefix: `172.16.${i % 256}.0/24`,
      dnsNameservers: [],
    },
  })
}

/** Creates `total` networks with `concurrency` in flight; creates per second. */
export async function createRate(t: Target, total: number, concurrency: number, prefix: string): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
  let issued = 0
  const started = performance.now()
  try {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (issued < total) {
          const i = issued++
          const res = await createNetwork(agent, t, `${prefix}-${i}`, i)
          if (res.status !== 201) throw new Error(`create answered ${res.status}`)
        }
      }),
    )
  } finally {
    agent.destroy()
  }
  return total / ((performance.now() - started) / 1000)
}

interface Burst {
  /** Ids of the networks whose create was answered 201. */
  created: string[]
  /** The service account's tokens in the order they were issued and acknowledged; the last one is current. */
  tokens: string[]
  serviceAccountPath: string
  /** A rotation was sent and not answered when the server died: its token may have replaced the last one. */
  rotationInFlight: boolean
}

/**
 * Creates networks with `concurrency` in flight and rotates a fresh service account's token one rotation after
 * another, until the server dies (it is SIGKILLed after `killAfterMs`).
 */
async function burstUntilKilled(
  server: Server,
  t: Target,
  round: number,
  concurrency: number,
  killAfterMs: number,
): Promise<Burst> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency + 1 })
  const serviceAccounts = `${ORGANIZATIONS}/${t.organizationId}/serviceaccounts`
  const sa = await send(agent, t.base, 'POST', serviceAccounts, t.token, {
    metadata: { name: `crash-round-${round}` },
    spec: { groupIDs: [] },
  })
  if (sa.status !== 201) throw new Error(`service account create answered ${sa.status}`)
  const burst: Burst = {
    created: [],
    tokens: [sa.body.status.accessToken],
    serviceAccountPath: `${serviceAccounts}/${sa.body.metadata.id}`,
    rotationInFlight: false,
  }
  // Set before the kill, so the failures it causes are not taken for the server's.
  let alive = true
  const killer = setTimeout(() => {
    alive = false
    void kill(server)
  }, killAfterMs)
  let issued = 0
  const creates = Array.from({ length: concurrency }, async () => {
    while (alive) {
      const i = issued++
      try {
        const res = await createNetwork(agent, t, `crash-${round}-${i}`, i)
        if (res.status === 201) burst.created.push(res.body.metadata.id)
        else throw new Error(`create answered ${res.status}`)
      } catch (error) {
        if (alive) throw error
      }
    }
  })
  const rotations = (async () => {
    while (alive) {
      burst.rotationInFlight = true
      try {
        const res = await send(agent, t.base, 'POST', `${burst.serviceAccountPath}/rotate`, t.token)
        if (res.status !== 200) throw new Error(`rotate answered ${res.status}`)
        burst.tokens.push(res.body.status.accessToken)
        burst.rotationInFlight = false
      } catch (error) {
        if (alive) throw error
      }
    }
  })()
  try {
    await Promise.all([...creates, rotations])
  } finally {
    clearTimeout(killer)
    agent.destroy()
  }
  return burst
}

interface Check {
  acknowledged: number
  lost: number
  rotations: number
  /** Revoked tokens that work again, and an acknowledged current token that does not. */
  tokenFaults: string[]
}

/** What survived `burst` on the restarted server. */
async function check(t: Target, burst: Burst): Promise<Check> {
  const agent = new Agent({ keepAlive: true })
  try {
    const list = await send(agent, t.base, 'GET', NETWORKS, t.token)
    const present = new Set<string>(list.body.map((n: { metadata: { id: string } }) => n.metadata.id))
    const lost = burst.created.filter((id) => !present.has(id)).length
    const tokenFaults: string[] = []
    // An account in no group may read its own ACL and nothing else: 200 there means the token is live, 401 revoked.
    const acl = `${ORGANIZATIONS}/${t.organizationId}/acl`
    const works = async (token: string) => (await send(agent, t.base, 'GET', acl, token)).status === 200
    const revoked = burst.tokens.slice(0, -1)
    for (const [i, token] of revoked.entries()) if (await works(token)) tokenFaults.push(`revoked token ${i} works`)
    const current = burst.tokens.at(-1) as string
    if (!burst.rotationInFlight && !(await works(current))) tokenFaults.push('the last acknowledged token fails')
    return { acknowledged: burst.created.length, lost, rotations: burst.tokens.length - 1, tokenFaults }
  } finally {
    agent.destroy()
  }
}

export function adminToken(): string {
  return `crash_${randomBytes(12).toString('hex')}`
}

export interface Rounds {
  rounds: number
  acknowledged: number
  lost: number
  rotations: number
  tokenFaults: string[]
}

/** `rounds` crash rounds on one data directory; each restart serves the next round. */
export async function crashRounds(dataDir: string, rounds: number, concurrency = 20): Promise<Rounds> {
  const token = adminToken()
  const total: Rounds = { rounds, acknowledged: 0, lost: 0, rotations: 0, tokenFaults: [] }
  let server = await startChild(dataDir, token)
  try {
    const agent = new Agent({ keepAlive: true })
    let t = await target(agent, server.base, token)
    agent.destroy()
    for (let round = 0; round < rounds; round++) {
      const burst = await burstUntilKilled(server, t, round, concurrency, 100 + Math.random() * 400)
      server = await startChild(dataDir, token)
      t = { ...t, base: server.base }
      const result = await check(t, burst)
      total.acknowledged += result.acknowledged
      total.lost += result.lost
      total.rotations += result.rotations
      total.tokenFaults.push(...result.tokenFaults.map((f) => `round ${round}: ${f}`))
    }
  } finally {
    await kill(server)
  }
  return total
}

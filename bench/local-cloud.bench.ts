import { fork } from 'node:child_process'
import { Agent, request } from 'node:http'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { seedManyNetworks, startLocalCloud } from '../server/local-cloud/testing.ts'
import { EU_WEST_1 } from '../server/local-cloud/catalog/ids.ts'

/**
 * Requests per second and latency of the local cloud on 127.0.0.1: listing 10,000 networks, and creating networks.
 * The cloud runs in a child process, so the client's work (parsing a 5 MB list) is not charged to the server.
 * Request counts and concurrency are bounded so a run takes seconds.
 */

const NETWORKS = 10_000
const LIST_REQUESTS = 60
const LIST_CONCURRENCY = 4
const CREATE_REQUESTS = 1_000
const CREATE_CONCURRENCY = 20

interface Sample {
  status: number
  ms: number
}

function send(agent: Agent, url: URL, method: string, token: string, body?: string): Promise<Sample> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(body ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } : {}),
        },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** Runs `total` requests with at most `concurrency` in flight; fails on any non-2xx answer. */
async function measure(
  total: number,
  concurrency: number,
  next: (i: number) => Promise<Sample>,
): Promise<{ rps: number; p50: number; p99: number }> {
  const latencies: number[] = []
  let issued = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (issued < total) {
        const sample = await next(issued++)
        if (sample.status < 200 || sample.status >= 300) throw new Error(`request answered ${sample.status}`)
        latencies.push(sample.ms)
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
  return { rps: total / seconds, p50: at(0.5), p99: at(0.99) }
}

const line = (label: string, r: { rps: number; p50: number; p99: number }) =>
  `local-cloud ${label}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`

interface ServerInfo {
  url: string
  token: string
  org: string
}

/** The child: a seeded local cloud that reports where it listens and stops when told to. */
async function serve(): Promise<void> {
  const started = await startLocalCloud()
  await seedManyNetworks(started.cloud, NETWORKS)
  const info: ServerInfo = {
    url: started.url,
    token: started.cloud.tokens.admin,
    org: started.cloud.demo.organizationId,
  }
  process.send?.(info)
  process.once('message', () => {
    void started.stop().then(() => process.exit(0))
  })
}

export async function runLocalCloudBench(): Promise<string[]> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, LOCAL_CLOUD_BENCH_SERVER: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const agent = new Agent({ keepAlive: true, maxSockets: 16 })
  try {
    const started = await new Promise<ServerInfo>((resolve, reject) => {
      child.once('message', (message) => resolve(message as ServerInfo))
      child.once('exit', (code) => reject(new Error(`the bench server exited with ${code}`)))
    })
    const { token, org } = started
    const listUrl = new URL(`${started.url}/local/region/api/v2/networks`)
    // The first list serializes every network; later ones reuse per-item and per-response caches until data changes.
    const cold = await send(agent, listUrl, 'GET', token)
    const listed = await measure(LIST_REQUESTS, LIST_CONCURRENCY, () => send(agent, listUrl, 'GET', token))

    const projectsUrl = new URL(`${started.url}/local/identity/api/v1/organizations/${org}/projects`)
    const projectId = await new Promise<string>((resolve, reject) => {
      request(
        {
          host: projectsUrl.hostname,
          port: projectsUrl.port,
          path: projectsUrl.pathname,
          headers: { Authorization: `Bearer ${token}` },
        },
        (res) => {
          let text = ''
          res.on('data', (c: Buffer) => (text += c.toString()))
          res.on('end', () => resolve((JSON.parse(text) as { metadata: { id: string } }[])[0]?.metadata.id ?? ''))
        },
      )
        .on('error', reject)
        .end()
    })
    const createUrl = new URL(`${started.url}/local/region/api/v2/networks`)
    const created = await measure(CREATE_REQUESTS, CREATE_CONCURRENCY, (i) =>
      send(
        agent,
        createUrl,
        'POST',
        token,
        JSON.stringify({
          metadata: { name: `bench-create-${i}`, tags: [{ name: 'bench', value: 'create' }] },
          spec: {
            organizationId: org,
            projectId,
            regionId: EU_WEST_1,
            prefix: `172.16.${i % 256}.0/24`,
            dnsNameservers: ['1.1.1.1'],
            routes: [],
          },
        }),
      ),
    )
    return [
      `local-cloud list ${NETWORKS} networks, first request: ${cold.ms.toFixed(1)} ms`,
      line(`list ${NETWORKS} networks`, listed),
      line(`create network (${NETWORKS}+ in store)`, created),
    ]
  } finally {
    agent.destroy()
    if (child.connected) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.send('stop')
      await exited
    }
  }
}

if (process.env.LOCAL_CLOUD_BENCH_SERVER === '1') {
  await serve()
} else if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const text of await runLocalCloudBench()) console.log(text)
}

// The scale tier's parts, each a real process on this tier's ports: one shared local cloud (a console server whose
// every service is embedded), a redis-server, two console replicas pointed at that cloud and at Redis, and nginx
// round-robin in front, and Prometheus scraping both replicas. The cloud is its own process rather than inside replica A
// so either replica can be killed.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../../server/free-port'
import { nginxConfig } from './nginx-config'
import { SERVICE_SETTINGS } from '../../src/api/services'

export const PORTS = { nginx: 9480, a: 9481, b: 9482, redis: 9483, cloud: 9484 }
export const PUBLIC_URL = `http://localhost:${PORTS.nginx}`
export const ADMIN_TOKEN = 'scale-admin-token'
export const SESSION_STORE = `redis://127.0.0.1:${PORTS.redis}`

const dir = mkdtempSync(join(tmpdir(), 'console-scale-'))
// nginx's workers may run as another user: they need to write their temporary files here.
chmodSync(dir, 0o777)

type Name = 'cloud' | 'a' | 'b' | 'redis' | 'nginx' | 'prometheus'
const running = new Map<Name, ChildProcess>()
/** Request lines each replica logged, to show both answered. */
export const served = { a: 0, b: 0 }
/** The JSON lines each console process logged, to follow one trace id through them. */
export const logs: Record<'a' | 'b' | 'cloud', Record<string, unknown>[]> = { a: [], b: [], cloud: [] }

async function until(what: string, check: () => Promise<boolean>, ms = 30_000) {
  const deadline = Date.now() + ms
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what} did not come up within ${ms} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const ok = (url: string) => fetch(url).then((res) => res.ok)

function launch(name: Name, command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let rest = ''
  child.stdout!.on('data', (chunk: Buffer) => {
    if (name !== 'a' && name !== 'b' && name !== 'cloud') return
    const lines = (rest + chunk.toString()).split('\n')
    rest = lines.pop()!
    for (const line of lines) {
      if (!line.startsWith('{')) continue
      logs[name].push(JSON.parse(line) as Record<string, unknown>)
      if (name !== 'cloud' && line.includes('"msg":"request"')) served[name]++
    }
  })
  child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(`[${name}] ${chunk}`))
  running.set(name, child)
  return child
}

function console_(name: 'cloud' | 'a' | 'b', env: NodeJS.ProcessEnv) {
  return launch(name, process.execPath, ['server/launch.mjs'], { SKIP_BUILD: 'true', LOG_LEVEL: 'info', ...env })
}

export async function startCloud() {
  console_('cloud', {
    PORT: String(PORTS.cloud),
    DATA_DIR: join(dir, 'cloud'),
    LOCAL_CLOUD_TOKEN: ADMIN_TOKEN,
    LOCAL_CLOUD_PROVISION_MS: '0',
  })
  await until('the shared local cloud', () => ok(`http://127.0.0.1:${PORTS.cloud}/healthz`))
}

export async function startReplica(name: 'a' | 'b') {
  const cloud = `http://127.0.0.1:${PORTS.cloud}/local`
  console_(name, {
    PORT: String(PORTS[name]),
    PUBLIC_URL,
    TRUST_PROXY: 'true',
    SESSION_STORE_URL: SESSION_STORE,
    SESSION_SECRET: 'scale-tier-secret-scale-tier-secret',
    // Every service the console declares, at the shared cloud: one left out would be embedded in each replica, their
    // two local clouds keeping state in one working directory, each deleting the other's half-written files.
    ...Object.fromEntries(
      Object.entries(SERVICE_SETTINGS).map(([service, setting]) => [setting, `${cloud}/${service}`]),
    ),
  })
  await until(`replica ${name}`, () => ok(`http://127.0.0.1:${PORTS[name]}/readyz`))
}

export async function startRedis() {
  mkdirSync(join(dir, 'redis'), { recursive: true })
  launch('redis', 'redis-server', [
    '--port',
    String(PORTS.redis),
    '--bind',
    '127.0.0.1',
    '--dir',
    join(dir, 'redis'),
    '--save',
    '',
    '--appendonly',
    'yes',
  ])
  await until('redis-server', async () => {
    const socket = await import('node:net').then((net) => net.connect(PORTS.redis, '127.0.0.1'))
    try {
      await once(socket, 'connect')
      return true
    } finally {
      socket.destroy()
    }
  })
}

export async function startNginx() {
  const conf = join(dir, 'nginx.conf')
  writeFileSync(conf, nginxConfig({ dir, listen: PORTS.nginx, replicas: [PORTS.a, PORTS.b], workerConnections: 1024 }))
  launch('nginx', 'nginx', ['-c', conf, '-e', join(dir, 'nginx-error.log')])
  await until('nginx', () => ok(`${PUBLIC_URL}/healthz`))
}

/** Prometheus, scraping both replicas' /metrics every second; its HTTP API answers on a free port. */
export async function startPrometheus(): Promise<string> {
  const port = await freePort()
  const conf = join(dir, 'prometheus.yml')
  writeFileSync(
    conf,
    `global:
  scrape_interval: 1s
  scrape_timeout: 900ms
scrape_configs:
  - job_name: console
    static_configs:
      - targets: ['127.0.0.1:${PORTS.a}', '127.0.0.1:${PORTS.b}']
`,
  )
  launch('prometheus', 'prometheus', [
    `--config.file=${conf}`,
    `--storage.tsdb.path=${join(dir, 'prometheus')}`,
    `--web.listen-address=127.0.0.1:${port}`,
    '--log.level=warn',
  ])
  const api = `http://127.0.0.1:${port}`
  await until('prometheus', () => ok(`${api}/-/ready`))
  return api
}

/** An instant query's series, each as its labels and value. */
export async function query(api: string, promql: string): Promise<{ labels: Record<string, string>; value: number }[]> {
  const res = await fetch(`${api}/api/v1/query?query=${encodeURIComponent(promql)}`)
  const body = (await res.json()) as { data: { result: { metric: Record<string, string>; value: [number, string] }[] } }
  return body.data.result.map(({ metric, value }) => ({ labels: metric, value: Number(value[1]) }))
}

/** SIGKILL: the process gets no chance to finish anything (a console replica or the store, not nginx). */
export async function kill(name: Name) {
  const child = running.get(name)
  if (!child || child.exitCode !== null || child.signalCode !== null) return
  const exited = once(child, 'exit')
  child.kill('SIGKILL')
  await exited
}

/** SIGTERM, and the exit code it ended with. */
export async function stop(name: Name): Promise<number | null> {
  const child = running.get(name)
  if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null
  const exited = once(child, 'exit') as Promise<[number | null]>
  child.kill('SIGTERM')
  return (await exited)[0]
}

export function alive(name: Name): boolean {
  const child = running.get(name)
  return Boolean(child && child.exitCode === null && child.signalCode === null)
}

export async function stopAll() {
  // nginx's master must stop its workers itself (SIGTERM); killed outright, they would keep the port.
  await stop('nginx')
  for (const name of ['a', 'b', 'cloud', 'redis', 'prometheus'] as const) await kill(name)
}

// A console killed while the platform carries out a write (SIGKILL, a lost node) leaves that write in the log, its
// outcome unknown: the entry is kept before the write is sent. The real server process, from source, with the
// platform on a server of the test's that holds every create until the console is gone. Issue 77: with twenty writes
// of one session in flight, nine were made with no entry at all; every made write now has its entry, and the writes
// past the session's bound wait, unsent, for an earlier one's answer.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { freePort } from '../free-port.ts'
import type { ActivityLog } from './activity.ts'
import { MemoryActivityLog } from './activity-memory.ts'
import { RedisActivityLog } from './activity-redis.ts'
import { startTestRedis } from './session-store-test-redis.ts'
import { CSRF, listen } from './test-support.ts'

const ORG = 'org-1'
const LIMITS = { perOrganization: 100, total: 1000 }

/**
 * Starts the console with `env`, sends `count` network creates from one session at once, kills the console once it
 * has them all and the platform holds each it was sent, and answers the log's entries and the names the platform got.
 */
async function killedMidWrite(env: NodeJS.ProcessEnv, open: (dataDir: string) => ActivityLog, count = 1) {
  // Every read answers (the caller's ACL is there: a member); a create is held and never answered.
  const made: string[] = []
  const platform = createServer((req, res) => {
    if (req.method !== 'POST') return void res.writeHead(200, { 'content-type': 'application/json' }).end('[]')
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () =>
      made.push((JSON.parse(Buffer.concat(chunks).toString()) as { metadata: { name: string } }).metadata.name),
    )
  })
  const url = await listen(platform)
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const dir = await mkdtemp(join(tmpdir(), 'activity-crash-'))
  // Readiness asks for the SPA's page.
  await writeFile(join(dir, 'index.html'), '<!doctype html>')
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      SKIP_BUILD: 'true',
      DIST_DIR: dir,
      DATA_DIR: dir,
      REGION_URL: url,
      IDENTITY_URL: url,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = once(child, 'exit')
  try {
    // Ready once the session store is: a sign-in before then is refused.
    const deadline = Date.now() + 60_000
    while (
      (await fetch(`${base}/readyz`).then(
        (res) => res.status,
        () => 0,
      )) !== 200
    ) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error('the console did not start')
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const signIn = await fetch(`${base}/console/session`, {
      method: 'POST',
      headers: CSRF,
      body: JSON.stringify({ token: 'a-token' }),
    })
    expect(signIn.status).toBe(201)
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!
    const names = Array.from({ length: count }, (_, n) => (count === 1 ? 'cut-off' : `cut-off-${n + 1}`))
    // How each write ended before the kill, if it did: a gate once saw none of the twenty in flight, and said no more.
    const ended: Record<string, number | string> = {}
    const writes = names.map((name) =>
      fetch(`${base}/api/region/api/v2/networks`, {
        method: 'POST',
        headers: { ...CSRF, cookie },
        body: JSON.stringify({
          metadata: { name },
          spec: { organizationId: ORG, projectId: 'p-1', regionId: 'r-1', prefix: '10.0.0.0/24', dnsNameservers: [] },
        }),
      }).then(
        (answer) => ((ended[name] = answer.status), answer),
        (error: unknown) => ((ended[name] = String(error)), error),
      ),
    )
    // Every write is in the console (its requests in flight, this scrape among them), and those it sent are held.
    const inFlight = async () =>
      Number(/^console_http_requests_in_flight (\d+)$/m.exec(await (await fetch(`${base}/metrics`)).text())?.[1])
    await expect
      .poll(inFlight, { timeout: 30_000 })
      .toBe(count + 1)
      .catch((error: Error) => {
        throw new Error(`${error.message}\nWrites ended before the kill: ${JSON.stringify(ended)}`, { cause: error })
      })
    await expect.poll(() => made.length, { timeout: 30_000 }).toBe(Math.min(count, 8))
    child.kill('SIGKILL')
    await exited
    // The browser's requests broke with the process.
    for (const write of await Promise.all(writes)) expect(write).toBeInstanceOf(Error)
    const log = open(dir)
    try {
      return { entries: await log.list(ORG), made, names }
    } finally {
      await log.close()
    }
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL')
    platform.closeAllConnections()
    platform.close()
    await rm(dir, { recursive: true, force: true })
  }
}

const cutOff = [
  expect.objectContaining({ method: 'POST', kind: 'region:networks', resourceName: 'cut-off', organizationId: ORG }),
]

describe('a console killed while the platform carries out a write', () => {
  it('leaves the write in the log on disk, its outcome unknown', { timeout: 120_000 }, async () => {
    const { entries } = await killedMidWrite(
      {},
      (dir) => new MemoryActivityLog(LIMITS, join(dir, 'console-activity.jsonl')),
    )
    expect(entries).toEqual(cutOff)
    expect(entries[0]!.status).toBeUndefined()
  })

  it('leaves the write in the log in Redis, its outcome unknown', { timeout: 120_000 }, async () => {
    const redis = await startTestRedis()
    try {
      const { entries } = await killedMidWrite(
        { SESSION_STORE_URL: redis.url, SESSION_SECRET: 'x'.repeat(32) },
        () => new RedisActivityLog(redis.url, LIMITS),
      )
      expect(entries).toEqual(cutOff)
      expect(entries[0]!.status).toBeUndefined()
    } finally {
      await redis.stop()
    }
  })

  it(
    'leaves an entry for every write it made of twenty in flight from one session, and made none without',
    { timeout: 120_000 },
    async () => {
      const { entries, made, names } = await killedMidWrite(
        {},
        (dir) => new MemoryActivityLog(LIMITS, join(dir, 'console-activity.jsonl')),
        20,
      )
      // Eight were sent, each with its entry; the other twelve waited, unsent, and left none.
      expect(made).toHaveLength(8)
      expect(entries.map((entry) => entry.resourceName).sort()).toEqual([...made].sort())
      expect(entries.every((entry) => entry.status === undefined)).toBe(true)
      expect(names.filter((name) => !made.includes(name))).toHaveLength(12)
    },
  )
})

import { describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync } from 'node:fs'
import { createServer, type ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CSRF } from './console/test-support.ts'
import { freePort } from './free-port.ts'

// The real server process, from source, with the regional API on a server of the test's: the request is in flight
// once that server holds it, and it answers only once the console says it is draining.
describe('graceful shutdown', () => {
  it('finishes the request in flight on SIGTERM, refuses new ones, then exits 0', { timeout: 60_000 }, async () => {
    const held: ServerResponse[] = []
    const upstream = createServer((_req, res) => void held.push(res))
    const arrived = once(upstream, 'request')
    upstream.listen(0, '127.0.0.1')
    await once(upstream, 'listening')
    const { port: upstreamPort } = upstream.address() as { port: number }
    const PORT = await freePort()
    const base = `http://127.0.0.1:${PORT}`
    const dir = mkdtempSync(join(tmpdir(), 'console-shutdown-'))
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
      env: {
        ...process.env,
        PORT: String(PORT),
        SKIP_BUILD: 'true',
        DIST_DIR: dir,
        DATA_DIR: dir,
        REGION_URL: `http://127.0.0.1:${upstreamPort}`,
        // Info, for the line that says the server is draining.
        LOG_LEVEL: 'info',
        SHUTDOWN_GRACE_MS: '10000',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let printed = ''
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (text: string) => void (printed += text))
    /** Resolves once the server has printed `line`: that it listens, that it is draining. */
    const says = (line: string) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!printed.includes(line)) return
          child.stdout.off('data', check)
          resolve()
        }
        child.stdout.on('data', check)
      })
    const listening = says('(listening on ')
    const draining = says('shutting down: draining requests in flight')
    const exited = once(child, 'exit') as Promise<[number | null, string | null]>
    try {
      await Promise.race([listening, exited.then(() => Promise.reject(new Error('server did not start')))])
      const signIn = await fetch(`${base}/console/session`, { method: 'POST', headers: CSRF, body: '{"demo":true}' })
      const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!
      const slow = fetch(`${base}/api/region/api/v2/regions`, { headers: { cookie } })
      await arrived
      child.kill('SIGTERM')
      await draining
      held[0]!.writeHead(200, { 'Content-Type': 'application/json' }).end('[]')
      const answer = await slow
      expect(answer.status).toBe(200)
      expect(await answer.json()).toEqual([])
      const [code, signal] = await exited
      expect({ code, signal }).toEqual({ code: 0, signal: null })
      await expect(fetch(`${base}/healthz`)).rejects.toThrow()
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL')
      upstream.closeAllConnections()
      upstream.close()
    }
  })
})

import { describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CSRF } from './console/test-support.ts'

const PORT = 9401
const base = `http://127.0.0.1:${PORT}`

// The real server process, from source: the local cloud answers after a second, so a request is in flight when
// SIGTERM arrives.
describe('graceful shutdown', () => {
  it('finishes the request in flight on SIGTERM, refuses new ones, then exits 0', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'console-shutdown-'))
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
      env: {
        ...process.env,
        PORT: String(PORT),
        SKIP_BUILD: 'true',
        DIST_DIR: dir,
        DATA_DIR: dir,
        LOCAL_CLOUD_LATENCY_MS: '1000',
        LOG_LEVEL: 'silent',
        SHUTDOWN_GRACE_MS: '10000',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    const exited = once(child, 'exit') as Promise<[number | null, string | null]>
    try {
      for (let i = 0; ; i++) {
        const up = await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
        if (up) break
        if (i > 300) throw new Error('server did not start')
        await new Promise((r) => setTimeout(r, 50))
      }
      const signIn = await fetch(`${base}/console/session`, { method: 'POST', headers: CSRF, body: '{"demo":true}' })
      const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!
      const started = Date.now()
      const slow = fetch(`${base}/api/identity/api/v1/organizations`, { headers: { cookie } })
      await new Promise((r) => setTimeout(r, 200))
      child.kill('SIGTERM')
      const answer = await slow
      expect(answer.status).toBe(200)
      expect(await answer.json()).toEqual(expect.anything())
      expect(Date.now() - started).toBeGreaterThanOrEqual(900)
      const [code, signal] = await exited
      expect({ code, signal }).toEqual({ code: 0, signal: null })
      await expect(fetch(`${base}/healthz`)).rejects.toThrow()
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL')
    }
  })
})

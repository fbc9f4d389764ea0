import { spawnSync } from 'node:child_process'
import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import { freePort } from './free-port.ts'

describe('npm start on a port already taken', () => {
  it('says so in one line before building anything, and exits 1', async () => {
    const port = await freePort()
    const holder = createServer()
    await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve))
    try {
      const started = spawnSync(process.execPath, ['server/launch.mjs'], {
        // A build would take far longer than this: the answer comes before any.
        timeout: 20_000,
        encoding: 'utf8',
        env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
      })
      expect(started.status).toBe(1)
      expect(started.stdout).toBe('')
      expect(started.stderr.trim().split('\n')).toEqual([
        `Cloud Console cannot start: port ${port} on 127.0.0.1 is already in use. Stop what listens there, or start with PORT=<another port>.`,
      ])
    } finally {
      await new Promise((resolve) => holder.close(resolve))
    }
  })
})

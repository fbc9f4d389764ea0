// A real redis-server for the session store's tests, on a free port, with no persistence.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { freePort } from '../free-port.ts'
import { startConsoleServer } from './test-support.ts'

export interface TestRedis {
  url: string
  port: number
  stop(): Promise<void>
  start(): Promise<void>
  /** SIGSTOP: the server keeps its connections open and answers nothing, as a hung one does. */
  pause(): void
  /** SIGCONT after `pause`. */
  resume(): void
}

export async function startTestRedis(): Promise<TestRedis> {
  const port = await freePort()
  let child: ChildProcess | undefined
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()))
    const deadline = Date.now() + 10_000
    while (!out.includes('Ready to accept connections')) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`redis-server did not start: ${out}`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
  await start()
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    pause: () => void child?.kill('SIGSTOP'),
    resume: () => void child?.kill('SIGCONT'),
    async stop() {
      if (!child || child.exitCode !== null) return
      const exited = once(child, 'exit')
      child.kill('SIGKILL')
      await exited
    },
  }
}

/**
 * A console whose sessions live on a fresh Redis, once its readiness probe passes; `stop` ends the console, its
 * store client and the Redis.
 */
export async function startConsoleOnRedis(env: NodeJS.ProcessEnv, options: Parameters<typeof startConsoleServer>[1]) {
  const redis = await startTestRedis()
  const running = await startConsoleServer(
    { SESSION_STORE_URL: redis.url, SESSION_SECRET: 'x'.repeat(32), ...env },
    options,
  )
  for (let i = 0; i < 200 && (await fetch(`${running.base}/readyz`)).status !== 200; i++)
    await new Promise((r) => setTimeout(r, 20))
  return {
    redis,
    running,
    async stop() {
      await running.close()
      await running.app.sessions.close()
      await redis.stop()
    },
  }
}

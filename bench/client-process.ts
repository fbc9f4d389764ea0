import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/**
 * The client of the benches that measure the local cloud's event loop, in a process of its own: a client in the
 * server's process reads its answers on the loop being measured. Reading the answer to 1,000 inputs through fetch
 * held that loop in one block (undici's readAllBytes and its Buffer.concat, in a CPU profile), which the embeddings
 * bench counted as the server's stall; the small requests timed beside it added undici's parsing
 * and garbage to every scavenge.
 */

export interface Posted {
  /** From the request's start to the answer's last byte, as its caller waits. */
  ms: number
  status: number
  /** The answer's `data` items, or the start of an answer that has none. */
  items: number | string
}

export interface Ask {
  url: string
  headers: Record<string, string>
  body: string
}

/** A GET sent again and again, one at a time and `paceMs` apart, until stopped: how long each took. */
export interface Beside {
  url: string
  headers: Record<string, string>
  paceMs: number
}

type Message = { post: Ask } | { beside: Beside } | { stop: true }

export interface ClientProcess {
  post(ask: Ask): Promise<Posted>
  /**
   * Starts sending the GET, once a first one has loaded the process's fetch (its first request costs more); the
   * promise stop() returns holds each timed one's time.
   */
  besides(beside: Beside): Promise<{ stop(): Promise<number[]> }>
  close(): void
}

/**
 * A client process. A POST and the requests timed beside it go from two of them: the POST's answer is read and parsed
 * on its process's loop, which would have delayed (and so lengthened) a request timed on the same one.
 */
export async function startClientProcess(): Promise<ClientProcess> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_CLIENT_PROCESS: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve())
    child.once('exit', (code) => reject(new Error(`the bench's client process exited with ${code}`)))
  })
  const ask = <T>(message: Message) =>
    new Promise<T>((resolve) => {
      child.once('message', (answer) => resolve(answer as T))
      child.send(message)
    })
  return {
    post: (post) => ask<Posted>({ post }),
    besides: async (beside) => {
      await ask<'started'>({ beside })
      return { stop: () => ask<number[]>({ stop: true }) }
    },
    close: () => child.kill(),
  }
}

async function post(ask: Ask): Promise<Posted> {
  const t0 = performance.now()
  const res = await fetch(ask.url, { method: 'POST', headers: ask.headers, body: ask.body })
  const bytes = await res.arrayBuffer()
  const ms = performance.now() - t0
  const text = Buffer.from(bytes).toString('utf8')
  const data = (JSON.parse(text) as { data?: unknown[] }).data
  return { ms, status: res.status, items: data?.length ?? text.slice(0, 300) }
}

async function getMs(beside: Beside): Promise<number> {
  const t0 = performance.now()
  const res = await fetch(beside.url, { headers: beside.headers })
  await res.arrayBuffer()
  return performance.now() - t0
}

function serve(): void {
  let stopped: (() => void) | undefined
  let timed: Promise<number[]> = Promise.resolve([])
  process.on('message', async (message: Message) => {
    if ('post' in message) process.send?.(await post(message.post))
    else if ('beside' in message) {
      const { beside } = message
      let stop = false
      stopped = () => (stop = true)
      await getMs(beside)
      process.send?.('started')
      timed = (async () => {
        const ms: number[] = []
        while (!stop) {
          ms.push(await getMs(beside))
          await new Promise((resolve) => setTimeout(resolve, beside.paceMs))
        }
        return ms
      })()
    } else {
      stopped?.()
      process.send?.(await timed)
    }
  })
  process.send?.('ready')
}

if (process.env.BENCH_CLIENT_PROCESS === '1') serve()

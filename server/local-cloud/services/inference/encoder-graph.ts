// The sentence encoder's graph (Universal Sentence Encoder lite on TensorFlow.js's WebAssembly backend, as the
// @energetic-ai packages ship it: files in node_modules, nothing downloaded), loaded on the calling thread, and one run
// of it, on the embeddings thread; encoder-helper.ts's thread runs it the same way.

import * as tf from '@energetic-ai/core'

/** A run's input: rows of token ids, flattened as the graph's sparse input wants them. */
export interface RunInput {
  /** [row, position] of each token, row-major. */
  indices: Int32Array<ArrayBuffer>
  /** The token ids, in the same order. */
  values: Int32Array<ArrayBuffer>
}

/** One run of the graph: 512 floats per row, row after row. */
export type RunGraph = (input: RunInput) => Promise<Float32Array<ArrayBuffer>>

// What of TensorFlow.js this module uses: @energetic-ai/core bundles it, without its type declarations.
interface Tensor {
  data(): Promise<Float32Array<ArrayBuffer>>
  dispose(): void
}
export interface Graph {
  executeAsync(inputs: { indices: Tensor; values: Tensor }): Promise<Tensor>
  /** What the graph was loaded from, the weights' bytes among them: kept by TensorFlow.js for a save. */
  artifacts?: { weightData?: unknown }
}
const { tensor1d, tensor2d } = tf as unknown as {
  tensor1d(values: Int32Array, dtype: 'int32'): Tensor
  tensor2d(values: Int32Array, shape: [number, number], dtype: 'int32'): Tensor
}

/**
 * TensorFlow.js keeps the weights' file bytes (26 MB) after copying them into the WebAssembly heap, for a save this
 * server never makes. Dropping them lowers each encoder thread's RSS by as much (`npm run bench`'s embeddings RSS
 * line, bench/embeddings-vectors.bench.ts), which is what lets a second thread fit in the memory budget.
 */
export function dropWeightBytes(graph: Graph): void {
  if (graph.artifacts) graph.artifacts.weightData = undefined
}

/** Runs `graph` on one input; its tensors are freed whatever happens. */
export function graphRunner(graph: Graph): RunGraph {
  return async ({ indices, values }) => {
    const inputs = { indices: tensor2d(indices, [values.length, 2], 'int32'), values: tensor1d(values, 'int32') }
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
}

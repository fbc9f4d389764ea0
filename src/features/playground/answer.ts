// An embeddings answer fetched and read into vectors: decoded, parsed, its envelope checked, its vectors (base64
// strings or number arrays) packed into one Float32Array, all in answer.worker.ts. A thousand-input answer is megabytes
// of JSON, and Chromium reads a body fetched on the page's thread there, in one long task once it is in, read as text
// or even as an ArrayBuffer (traced with no DevTools attached). Fetched in the worker, the body never touches the
// page's thread, and a large run's longest task there is far shorter (bench/playground-trace.bench.ts times it in each
// wire encoding).

import { z } from 'zod/mini'
import '../../api/schemas/messages'
import { readingBytes, type Transport } from '../../api/transport'
import { packVectors } from '../../api/float32'
import type { BatchAnswer } from './batcher'

// The envelope only: the vectors are checked number by number where they are packed.
const envelopeSchema = z.looseObject({
  data: z.array(
    z.looseObject({
      index: z.int(),
      embedding: z.union([
        z.string(),
        z.custom<unknown[]>(Array.isArray, 'expected an array of numbers or a base64 string'),
      ]),
    }),
  ),
  usage: z.looseObject({ prompt_tokens: z.number(), total_tokens: z.number() }),
})

export interface Answer {
  /** Each vector's index in the request, in the order of `data`'s rows. */
  indices: Int32Array
  /** The vectors, row after row. */
  data: Float32Array
  cols: number
  usage: { prompt_tokens: number; total_tokens: number }
  /**
   * Copies of `data` the answer worker made for the vector workers to take (see copiesOfJoined); none when the answer
   * was read in place.
   */
  copies: Float32Array[]
}

/** Throws an Error that says what is wrong with the answer. */
export function readAnswer(bytes: ArrayBuffer): Answer {
  let json: unknown
  try {
    // As Response.text() decodes: UTF-8, a malformed sequence replaced rather than refused.
    json = JSON.parse(new TextDecoder().decode(bytes))
  } catch {
    throw new Error('The answer is not JSON.')
  }
  const parsed = envelopeSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue?.path.length ? ` at ${issue.path.map(String).join('.')}` : ''
    throw new Error(`Unexpected answer${where}: ${issue?.message ?? 'invalid'}.`)
  }
  const { data: items, usage } = parsed.data
  const { data, cols } = packVectors(items.map((item) => item.embedding))
  return { indices: Int32Array.from(items, (item) => item.index), data, cols, usage, copies: [] }
}

/**
 * What reading a successful answer came to: its vectors, or what is wrong with it; and the request's latency, from
 * sending it until its body was in (the reading after it is the console's work, not the service's).
 */
export type AnswerRead = ({ ok: true; answer: Answer } | { ok: false; message: string }) & { latencyMs: number }

/** What the worker posts back: the answer as a Transport gives it, or why no answer came (fetch failed). */
export type WorkerAnswer = (Awaited<ReturnType<Transport<AnswerRead>>> & { failed?: undefined }) | { failed: string }

/** The request as the worker takes it: the client's init without its signal, which cannot be posted. */
export interface WorkerRequest {
  url: string
  init: Omit<RequestInit, 'signal'>
  /** How many copies of the vectors to make (Answer.copies). */
  copies: number
}

/** Fetches the answer and reads a successful one into vectors. */
export const fetchAnswer = readingBytes<AnswerRead>((bytes, latencyMs) => {
  try {
    return { ok: true, answer: readAnswer(bytes), latencyMs }
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error), latencyMs }
  }
})

/**
 * fetchAnswer in a short-lived worker, so the body is read, decoded and parsed off the page's thread; the worker is
 * ended (its fetch with it) when the call is cancelled or times out. In place, with the configured fetch, where there
 * are no workers (tests in Happy DOM). The worker also makes `copies` copies of the vectors, one for each vector worker
 * that will load the run.
 */
export const fetchAnswerOffThread =
  (copies: number): Transport<AnswerRead> =>
  async (url, init, fetchImpl) => {
    if (typeof Worker === 'undefined') return fetchAnswer(url, init, fetchImpl)
    const { signal, ...posted } = init
    const worker = new Worker(new URL('./answer.worker.ts', import.meta.url), { type: 'module' })
    let cancel = () => undefined as void
    try {
      const answer = await new Promise<WorkerAnswer>((resolve, reject) => {
        worker.onmessage = (event: MessageEvent<WorkerAnswer>) => resolve(event.data)
        worker.onerror = (event) => reject(new Error(event.message || 'The worker fetching the answer failed.'))
        cancel = () => reject(signal?.reason)
        signal?.addEventListener('abort', cancel, { once: true })
        // Resolved here: in the worker a relative URL would be resolved against the worker's script.
        const request: WorkerRequest = { url: new URL(url, document.baseURI).href, init: posted, copies }
        worker.postMessage(request)
      })
      // Rejected as fetch rejects, so the client reports no answer as it would from fetch.
      if (answer.failed !== undefined) throw new TypeError(answer.failed)
      return answer
    } finally {
      signal?.removeEventListener('abort', cancel)
      worker.terminate()
    }
  }

/** One answer as the batcher takes it: each item's vector is a view of the answer's rows, not a copy. */
export function batchAnswer({ indices, data, cols, usage }: Answer): BatchAnswer<Float32Array> {
  return {
    data: Array.from(indices, (index, row) => ({ index, embedding: data.subarray(row * cols, (row + 1) * cols) })),
    usage,
  }
}

/**
 * The batches' vectors, in input order, as one row-major Float32Array; all must be as long as the first. Rows that
 * already lie one after another in one buffer (one batch, answered in input order: the common case) are that buffer,
 * not a copy: copying a thousand 1,024-dimension rows (a fresh 4 MB written page by page) was a large part of the task
 * that shows the run (Chromium profile, base64, 1,000 inputs).
 */
export function joinRows(rows: readonly Float32Array[]): { data: Float32Array; cols: number } {
  const cols = rows[0]?.length ?? 0
  const first = rows[0]
  if (
    first &&
    rows.every(
      (row, i) =>
        row.buffer === first.buffer && row.byteOffset === first.byteOffset + i * cols * 4 && row.length === cols,
    )
  )
    return { data: new Float32Array(first.buffer, first.byteOffset, rows.length * cols), cols }
  const data = new Float32Array(rows.length * cols)
  rows.forEach((row, i) => {
    if (row.length !== cols)
      throw new RangeError(
        `The service answered vectors of different sizes: input ${i} has ${row.length} values where input 0 has ${cols}.`,
      )
    data.set(row, i * cols)
  })
  return { data, cols }
}

/**
 * The answers' copies of joined rows: views of the same place in each copy of the answer the rows lie in. A vector
 * worker takes one instead of the page copying the vectors for it: that 4 MB copy (a fresh buffer, written page by
 * page) lengthened the task that mounts a 1,000-input run's panel, and a comparison's made three of them (Chromium
 * profile). None when the rows were joined into a fresh buffer (several batches, or out of order).
 */
export function copiesOfJoined(joined: Float32Array, answers: readonly Answer[]): Float32Array[] {
  const answer = answers.find((candidate) => candidate.data.buffer === joined.buffer)
  if (!answer) return []
  const offset = joined.byteOffset - answer.data.byteOffset
  return answer.copies.map((copy) => new Float32Array(copy.buffer, copy.byteOffset + offset, joined.length))
}

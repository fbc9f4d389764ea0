// An embeddings answer's text read into vectors: parsed, its envelope checked, its vectors (base64 strings or number
// arrays) packed into one Float32Array. A thousand-input answer is megabytes of JSON; parsing it on the main thread
// stalled the page for tens of milliseconds (hundreds for floats), so the page hands the text to answer.worker.ts.

import { z } from 'zod'
import { packVectors } from '../../api/float32'
import type { BatchAnswer } from './batcher'

// The envelope only: the vectors are checked number by number where they are packed.
const envelopeSchema = z.looseObject({
  data: z.array(
    z.looseObject({
      index: z.number().int(),
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
}

/** Throws an Error that says what is wrong with the answer. */
export function readAnswer(text: string): Answer {
  let json: unknown
  try {
    json = JSON.parse(text)
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
  return { indices: Int32Array.from(items, (item) => item.index), data, cols, usage }
}

export type AnswerResponse = { ok: true; answer: Answer } | { ok: false; message: string }

/** readAnswer in a short-lived worker; in place where there are no workers (tests in jsdom). */
export async function readAnswerOffThread(text: string): Promise<Answer> {
  if (typeof Worker === 'undefined') return readAnswer(text)
  const worker = new Worker(new URL('./answer.worker.ts', import.meta.url), { type: 'module' })
  try {
    const response = await new Promise<AnswerResponse>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<AnswerResponse>) => resolve(event.data)
      worker.onerror = (event) => reject(new Error(event.message || 'The worker reading the answer failed.'))
      worker.postMessage(text)
    })
    if (!response.ok) throw new Error(response.message)
    return response.answer
  } finally {
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

/** The batches' vectors, in input order, as one row-major Float32Array; all must be as long as the first. */
export function joinRows(rows: readonly Float32Array[]): { data: Float32Array; cols: number } {
  const cols = rows[0]?.length ?? 0
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

// Splits a large set of inputs into embeddings requests within the API's limits, runs them one after another with
// progress and cancellation, and puts the vectors back in input order by each item's `index`.

/** The API's limits per request: OpenAI's, which the platform follows (2,048 inputs, 300,000 tokens). */
const MAX_INPUTS_PER_REQUEST = 2048
const MAX_TOKENS_PER_REQUEST = 300_000

/**
 * A conservative token estimate without shipping a tokenizer to the browser: one token per three characters.
 * cl100k_base averages about four characters a token on English prose, so this overestimates there and stays close
 * on code and non-English text, which tokenise denser. Overestimating only makes batches a little smaller.
 */
export function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 3))
}

export interface BatchRange {
  /** Index of the first input of the batch. */
  start: number
  /** One past the last input. */
  end: number
  estimatedTokens: number
}

export interface BatchLimits {
  maxInputs: number
  maxTokens: number
}

/** Contiguous batches, each within both limits; an input above the token limit on its own still gets a batch (the server then explains). */
export function planBatches(
  texts: readonly string[],
  limits: BatchLimits = { maxInputs: MAX_INPUTS_PER_REQUEST, maxTokens: MAX_TOKENS_PER_REQUEST },
  estimate = estimateTokens,
): BatchRange[] {
  const batches: BatchRange[] = []
  let start = 0
  let tokens = 0
  texts.forEach((text, i) => {
    const cost = estimate(text)
    const full = i - start >= limits.maxInputs || (i > start && tokens + cost > limits.maxTokens)
    if (full) {
      batches.push({ start, end: i, estimatedTokens: tokens })
      start = i
      tokens = 0
    }
    tokens += cost
  })
  if (texts.length > start) batches.push({ start, end: texts.length, estimatedTokens: tokens })
  return batches
}

/** One answer; V is however the vectors arrive (base64 strings or number arrays), unpacked after the last batch. */
export interface BatchAnswer<V = number[]> {
  data: { index: number; embedding: V }[]
  usage: { prompt_tokens: number; total_tokens: number }
}

export interface BatchProgress {
  batchesDone: number
  batches: number
  inputsDone: number
  inputs: number
}

export interface BatchResult<V = number[]> {
  /** Vectors in input order. */
  vectors: V[]
  promptTokens: number
  totalTokens: number
}

/**
 * Sends the batches in order (one at a time, so a rate limit is not hit by a burst) and reassembles the answers by
 * index. Rejects with the signal's reason once it is aborted, with the first failed batch's error, or with an Error
 * when an answer leaves an input without a vector.
 */
export async function runBatches<V = number[]>(
  batches: readonly BatchRange[],
  send: (batch: BatchRange, signal: AbortSignal | undefined) => Promise<BatchAnswer<V>>,
  options: { signal?: AbortSignal; onProgress?: (progress: BatchProgress) => void } = {},
): Promise<BatchResult<V>> {
  const { signal, onProgress } = options
  const inputs = batches.reduce((max, batch) => Math.max(max, batch.end), 0)
  const vectors: (V | undefined)[] = new Array(inputs)
  let promptTokens = 0
  let totalTokens = 0
  let inputsDone = 0
  for (const [i, batch] of batches.entries()) {
    signal?.throwIfAborted()
    const answer = await send(batch, signal)
    signal?.throwIfAborted()
    for (const item of answer.data) {
      const at = batch.start + item.index
      if (!Number.isInteger(item.index) || at < batch.start || at >= batch.end)
        throw new Error(
          `The answer for inputs ${batch.start}–${batch.end - 1} has an item with index ${item.index}, outside the batch.`,
        )
      vectors[at] = item.embedding
    }
    promptTokens += answer.usage.prompt_tokens
    totalTokens += answer.usage.total_tokens
    inputsDone += batch.end - batch.start
    onProgress?.({ batchesDone: i + 1, batches: batches.length, inputsDone, inputs })
  }
  const missing = vectors.findIndex((vector) => vector === undefined)
  if (missing !== -1 || vectors.length !== inputs) throw new Error(`The answers have no vector for input ${missing}.`)
  return { vectors: vectors as V[], promptTokens, totalTokens }
}

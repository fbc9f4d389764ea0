// The embeddings thread: validates, counts and embeds requests, off the server's event loop, and answers with the
// serialized body, whose bytes are moved (not copied) back to the server's thread, in parts (json-parts.ts).

import { parentPort } from 'node:worker_threads'
import type { ModelEntry } from '../aiproxy/models.ts'
import { encoderVectors } from './encoder-vectors.ts'
import { handleEmbeddings } from './embeddings.ts'
import { type HandlerResult, invalidRequest } from './errors.ts'
import { jsonParts } from './json-parts.ts'
import type { SentenceEncoder } from './sentence-encoder.ts'
import { lexicalVectors, type Vectorize } from './vectorize.ts'

/**
 * LOCAL_CLOUD_EMBEDDINGS: the sentence encoder's vectors for every model (`model`, the default) or lexical feature
 * hashing for every model (served-by.ts).
 */
export type EmbeddingVectors = 'model' | 'lexical'

interface EmbeddingsJob {
  /** The request body's bytes (UTF-8 JSON), parsed here rather than on the server's thread. */
  body: Uint8Array
  models: ModelEntry[]
  vectors: EmbeddingVectors
}

/** What the thread does: a job to answer, a job to drop (its caller has gone), or its stats to report. */
export type ThreadRequest = { id: number } & ({ job: EmbeddingsJob } | { cancel: true } | { stats: true })

export interface ThreadStats {
  /** Texts and windows of texts the sentence encoder has encoded since the thread started. */
  encoded: number
  /** Jobs the thread has taken and not yet answered or dropped. */
  running: number
  /** Threads that run the sentence encoder's model (0 before it is loaded). */
  encoderThreads: number
  /** Whether a request has started the encoder's second thread (it may still be loading). */
  secondEncoderStarted: boolean
}

export type EmbeddingsAnswer =
  | { id: number; status: number; json: Uint8Array<ArrayBuffer>[] }
  | { id: number; failed: string }
  | { id: number; stats: ThreadStats }

const decoder = new TextDecoder()

/** The sentence encoder could not load: said to the caller as a 500 that names the way out. */
class EncoderUnavailable extends Error {}

// Loaded by the first request that needs vectors (its time and memory: bench/embeddings-vectors.bench.ts prints that
// first request and the RSS it adds), so neither the server's start, nor a request refused for its body, nor a lexical
// local cloud pays for it.
let loaded: Promise<Vectorize> | undefined
let encoder: SentenceEncoder | undefined

const sentenceVectors: Vectorize = async (inputs, model, signal) => {
  loaded ??= import('./sentence-encoder.ts').then(async ({ loadSentenceEncoder }) =>
    encoderVectors((encoder = await loadSentenceEncoder())),
  )
  let vectorize: Vectorize
  try {
    vectorize = await loaded
  } catch (error) {
    throw new EncoderUnavailable(error instanceof Error ? error.message : String(error), { cause: error })
  }
  return vectorize(inputs, model, signal)
}

/** The jobs under way, each with the signal that drops it. */
const running = new Map<number, AbortController>()

async function answer(job: EmbeddingsJob, signal: AbortSignal): Promise<HandlerResult> {
  let body: unknown
  try {
    body = JSON.parse(decoder.decode(job.body))
  } catch {
    return invalidRequest(
      'We could not parse the JSON body of your request: it is not valid JSON.',
      null,
      'invalid_request',
    )
  }
  try {
    return await handleEmbeddings(body, {
      models: job.models,
      vectorize: job.vectors === 'lexical' ? lexicalVectors : sentenceVectors,
      signal,
    })
  } catch (error) {
    if (!(error instanceof EncoderUnavailable)) throw error
    console.error('local cloud: the sentence encoder did not load', error.cause)
    return {
      status: 500,
      body: {
        error: {
          message: `The local cloud could not load its sentence encoder (${error.message}). Start it with LOCAL_CLOUD_EMBEDDINGS=lexical to serve lexical vectors instead.`,
          type: 'server_error',
          param: null,
          code: 'server_error',
        },
      },
    }
  }
}

parentPort?.on('message', (message: ThreadRequest) => {
  const { id } = message
  if ('stats' in message) {
    const stats = {
      encoded: encoder?.encoded ?? 0,
      running: running.size,
      encoderThreads: encoder?.threads ?? 0,
      secondEncoderStarted: encoder?.secondStarted ?? false,
    }
    parentPort?.postMessage({ id, stats } satisfies EmbeddingsAnswer)
    return
  }
  if ('cancel' in message) {
    running.get(id)?.abort()
    running.delete(id)
    return
  }
  const dropped = new AbortController()
  running.set(id, dropped)
  void answer(message.job, dropped.signal)
    .then(
      (result): EmbeddingsAnswer => ({ id, status: result.status, json: jsonParts(result.body) }),
      (error: unknown): EmbeddingsAnswer => ({
        id,
        failed: error instanceof Error ? (error.stack ?? error.message) : String(error),
      }),
    )
    .then((reply) => {
      running.delete(id)
      // A dropped job's caller is no longer waiting for it.
      if (dropped.signal.aborted) return
      parentPort?.postMessage(reply, 'json' in reply ? reply.json.map((part) => part.buffer) : [])
    })
})

// Embeddings ({inference_url}/v1/embeddings, OpenAI-compatible). Not a cached query: the playground runs it on demand
// and cancels a run with an AbortSignal (the call then rejects with an ApiError code 'aborted', see isAborted).

import { sendJson, sendThrough, type CallOptions } from './client'
import type { ApiRequest } from './request'
import {
  embeddingRequestSchema,
  embeddingResponseSchema,
  type EmbeddingRequest,
  type EmbeddingResponse,
} from './schemas/embeddings'
import type { Transport } from './transport'
import { knownFields } from './wire'

export const embeddingRequests = {
  create: (body: EmbeddingRequest): ApiRequest => ({
    service: 'inference',
    method: 'POST',
    path: '/v1/embeddings',
    body: knownFields(embeddingRequestSchema, body),
  }),
}

/** Vectors come back as number[] whether float or base64 (little-endian float32) was requested. */
export function createEmbeddings(body: EmbeddingRequest, options?: CallOptions): Promise<EmbeddingResponse> {
  return sendJson(embeddingRequests.create(body), embeddingResponseSchema, options)
}

/**
 * The answer as `transport` read it: a thousand vectors are megabytes of JSON, which the playground fetches, parses
 * and checks in a worker (src/features/playground/answer.ts) rather than on the main thread.
 */
export function createEmbeddingsThrough<T>(
  body: EmbeddingRequest,
  transport: Transport<T>,
  options?: CallOptions,
): Promise<T> {
  return sendThrough(embeddingRequests.create(body), transport, options)
}

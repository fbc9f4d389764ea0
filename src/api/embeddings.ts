// Embeddings ({inference_url}/v1/embeddings, OpenAI-compatible). Not a cached query: the playground runs it on demand
// and cancels a run with an AbortSignal (the call then rejects with an ApiError code 'aborted', see isAborted).

import { z } from 'zod'
import { sendJson, type CallOptions } from './client'
import type { ApiRequest } from './request'
import {
  embeddingRequestSchema,
  embeddingResponseSchema,
  type EmbeddingRequest,
  type EmbeddingResponse,
} from './schemas/embeddings'
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

// The envelope only: a thousand vectors of a thousand numbers each cost half a second to validate number by number
// on the main thread. The vectors are checked where they are unpacked (packVectors in ./float32), off that thread.
const encodedEmbeddingsSchema = z.looseObject({
  object: z.string(),
  data: z.array(
    z.looseObject({
      object: z.string(),
      index: z.number().int(),
      embedding: z.union([
        z.string(),
        z.custom<unknown[]>(Array.isArray, 'expected an array of numbers or a base64 string'),
      ]),
    }),
  ),
  model: z.string(),
  usage: z.looseObject({ prompt_tokens: z.number(), total_tokens: z.number() }),
})
export type EncodedEmbeddings = z.infer<typeof encodedEmbeddingsSchema>

/** Vectors come back as sent: a base64 string or an array still to be checked; unpack them with packVectors. */
export function createEncodedEmbeddings(body: EmbeddingRequest, options?: CallOptions): Promise<EncodedEmbeddings> {
  return sendJson(embeddingRequests.create(body), encodedEmbeddingsSchema, options)
}

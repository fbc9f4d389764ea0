// Embeddings ({inference_url}, OpenAI-compatible).

import { z } from 'zod/mini'
import { decodeBase64Float32 } from '../float32'
import { transformed } from './common'

const ENCODING_FORMATS = ['float', 'base64'] as const

export const embeddingRequestSchema = z.object({
  model: z.string(),
  /** A string, an array of strings, an array of token ids or an array of token-id arrays. */
  input: z.optional(z.unknown()),
  encoding_format: z.optional(z.enum(ENCODING_FORMATS)),
  dimensions: z.optional(z.nullable(z.int())),
  user: z.optional(z.nullable(z.string())),
})
export type EmbeddingRequest = z.input<typeof embeddingRequestSchema>

// Either encoding reads as number[]: base64 is decoded here, so a malformed vector is an invalid answer at the edge.
const vectorSchema = z.union([
  z.array(z.number()),
  transformed(z.string(), (value, ctx) => {
    try {
      return Array.from(decodeBase64Float32(value))
    } catch (e) {
      ctx.issues.push({ code: 'custom', message: `not a base64 float32 vector (${String(e)})`, input: value })
      return z.NEVER
    }
  }),
])

export const embeddingResponseSchema = z.looseObject({
  object: z.string(),
  data: z.array(z.looseObject({ object: z.string(), index: z.int(), embedding: vectorSchema })),
  model: z.string(),
  usage: z.looseObject({ prompt_tokens: z.number(), total_tokens: z.number() }),
})
export type EmbeddingResponse = z.infer<typeof embeddingResponseSchema>

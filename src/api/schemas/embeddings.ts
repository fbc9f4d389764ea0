// Embeddings ({inference_url}, OpenAI-compatible).

import { z } from 'zod'
import { decodeBase64Float32 } from '../float32'

const ENCODING_FORMATS = ['float', 'base64'] as const

export const embeddingRequestSchema = z.object({
  model: z.string(),
  /** A string, an array of strings, an array of token ids or an array of token-id arrays. */
  input: z.unknown().optional(),
  encoding_format: z.enum(ENCODING_FORMATS).optional(),
  dimensions: z.number().int().nullable().optional(),
  user: z.string().nullable().optional(),
})
export type EmbeddingRequest = z.input<typeof embeddingRequestSchema>

// Either encoding reads as number[]: base64 is decoded here, so a malformed vector is an invalid answer at the edge.
const vectorSchema = z.union([
  z.array(z.number()),
  z.string().transform((value, ctx) => {
    try {
      return Array.from(decodeBase64Float32(value))
    } catch (e) {
      ctx.addIssue({ code: 'custom', message: `not a base64 float32 vector (${String(e)})` })
      return z.NEVER
    }
  }),
])

export const embeddingResponseSchema = z.looseObject({
  object: z.string(),
  data: z.array(z.looseObject({ object: z.string(), index: z.number().int(), embedding: vectorSchema })),
  model: z.string(),
  usage: z.looseObject({ prompt_tokens: z.number(), total_tokens: z.number() }),
})
export type EmbeddingResponse = z.infer<typeof embeddingResponseSchema>

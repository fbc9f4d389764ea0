// Model-endpoint listing ({aiproxy_url}).

import { z } from 'zod/mini'
import { lazySchema, listOf, transformed } from './common'

// Prices are decimal strings in USD and must stay strings (no float rounding); a backend sending a JSON number is
// read as its string form rather than rejected.
const decimalString = () => z.union([z.string(), transformed(z.number(), String)])

const modelEndpointRead = () =>
  z.looseObject({
    id: z.string(),
    name: z.string(),
    developer: z.optional(z.string()),
    description: z.optional(z.string()),
    licenses: z.optional(z.array(z.looseObject({ name: z.string(), url: z.optional(z.string()) }))),
    attributions: z.optional(z.array(z.string())),
    hf_id: z.optional(z.string()),
    model_type: z.optional(z.string()),
    size: z.optional(z.number()),
    parameters: z.optional(z.number()),
    data_type: z.optional(z.string()),
    context_length: z.optional(z.number()),
    input_price_per_million: z.optional(decimalString()),
    output_price_per_million: z.optional(decimalString()),
    price_type: z.optional(z.string()),
    unsupported_openai_params: z.optional(z.array(z.string())),
  })
export type ModelEndpoint = z.infer<ReturnType<typeof modelEndpointRead>>

export const modelEndpointListSchema = lazySchema(() => z.looseObject({ models: listOf(modelEndpointRead()) }))

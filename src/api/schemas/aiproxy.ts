// Model-endpoint listing ({aiproxy_url}).

import { z } from 'zod'
import { listOf } from './common'

// Prices are decimal strings in USD and must stay strings (no float rounding); a backend sending a JSON number is
// read as its string form rather than rejected.
const decimalString = z.union([z.string(), z.number().transform(String)])

const modelEndpointSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  developer: z.string().optional(),
  description: z.string().optional(),
  licenses: z.array(z.looseObject({ name: z.string(), url: z.string().optional() })).optional(),
  attributions: z.array(z.string()).optional(),
  hf_id: z.string().optional(),
  model_type: z.string().optional(),
  size: z.number().optional(),
  parameters: z.number().optional(),
  data_type: z.string().optional(),
  context_length: z.number().optional(),
  input_price_per_million: decimalString.optional(),
  output_price_per_million: decimalString.optional(),
  price_type: z.string().optional(),
  unsupported_openai_params: z.array(z.string()).optional(),
})
export type ModelEndpoint = z.infer<typeof modelEndpointSchema>

export const modelEndpointListSchema = z.looseObject({ models: listOf(modelEndpointSchema) })

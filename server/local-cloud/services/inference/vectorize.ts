// Embedding vectors by feature hashing. These are NOT a neural model: each lexical feature of a text
// (see features.ts) is hashed to a few signed dimensions and the sum is normalised to unit length.
// Texts that share words therefore share dimensions and score a higher cosine similarity, which gives a
// playground meaningful structure, but there is no understanding of synonyms or meaning.
// Vectors are deterministic: the same model and text give the same vector on every run and machine.

import { type Features, textFeatures, tokenIdFeatures } from './features.ts'
import { hashString, mix32 } from './hash.ts'
import { decodeTokens } from './tokens.ts'
import type { EmbeddingInput } from './validate.ts'

/**
 * How a request's vectors are made: one vector per input, in the model's native dimensions (`dims`), of any length
 * (the handler truncates and normalises). Lexical vectors (below), or the sentence encoder's (encoder-vectors.ts),
 * which stop at `signal`'s abort.
 */
export type Vectorize = (
  inputs: EmbeddingInput[],
  model: { id: string; dims: number },
  signal?: AbortSignal,
) => Promise<Float64Array[]>

// Each feature lands on several dimensions, so collisions between two features rarely cancel out
// and a truncated prefix of the vector (the `dimensions` parameter) still carries most features.
const PROBES = 4
const GOLDEN_RATIO_32 = 0x9e3779b9

/** A model's vector space: its native size and a seed, so that different models give different vectors. */
export interface VectorSpace {
  dims: number
  seed: number
}

// Token ids embed as the text they encode, so a tokenised input matches its text.
function featuresOf(input: EmbeddingInput): Features {
  if (input.kind === 'text') return textFeatures(input.text)
  const text = decodeTokens(input.ids)
  return text.length > 0 ? textFeatures(text) : tokenIdFeatures(input.ids)
}

/** LOCAL_CLOUD_EMBEDDINGS=lexical: feature hashing, for a machine where the sentence encoder cannot load. */
export const lexicalVectors: Vectorize = async (inputs, model) => {
  const space = vectorSpace(model.id, model.dims)
  return inputs.map((input) => hashFeatures(featuresOf(input), space))
}

export function vectorSpace(modelId: string, dims: number): VectorSpace {
  return { dims, seed: hashString(modelId, 0) }
}

/** The unnormalised sum of the hashed features, in the space's native size. */
export function hashFeatures(features: Features, space: VectorSpace): Float64Array {
  const v = new Float64Array(space.dims)
  for (const [key, weight] of features) {
    let h = hashString(key, space.seed)
    for (let p = 0; p < PROBES; p++) {
      h = mix32(h + GOLDEN_RATIO_32)
      v[(h >>> 1) % space.dims]! += h & 1 ? -weight : weight
    }
  }
  return v
}

/**
 * The first `dims` components scaled to unit length, as float32 (what the API returns).
 * A zero prefix (possible only when a tiny `dims` misses every feature) becomes the first basis vector,
 * so every embedding has unit length.
 */
export function truncateAndNormalise(v: Float64Array, dims: number): Float32Array {
  let sumOfSquares = 0
  for (let i = 0; i < dims; i++) sumOfSquares += v[i]! * v[i]!
  const out = new Float32Array(dims)
  if (sumOfSquares === 0) {
    out[0] = 1
    return out
  }
  const scale = 1 / Math.sqrt(sumOfSquares)
  for (let i = 0; i < dims; i++) out[i] = v[i]! * scale
  return out
}

// What really computes the local cloud's embeddings, said to whoever shows a model: each embedding model of its
// catalog answers with the vectors of a stand-in, not the model's own, so a console that names the model must name
// the stand-in beside it. By default two stand-ins serve the catalog, a sentence encoder (meaning) and lexical feature
// hashing (word overlap), so that comparing two models served by each shows a real difference; with
// LOCAL_CLOUD_EMBEDDINGS=lexical, hashing serves them all. The platform serves each model itself and says nothing of
// the kind.

import type { EmbeddingVectors } from './embeddings-worker.ts'

export interface EmbeddingsSource {
  /** What serves the models ("Universal Sentence Encoder lite"). */
  name: string
  /** What it is, for the parenthesis after its name ("English, 512 dimensions"). */
  traits: string
  /** Its own vector size, mapped into each model's; null when it writes each model's size directly. */
  dimensions: number | null
  /** Why a model's multilingual claim cannot be shown here, in a sentence. */
  multilingual: string
  /** The catalog's models it serves; null: every embedding model no other source names. */
  models: string[] | null
}

const ENCODER = 'Universal Sentence Encoder lite'
const LEXICAL = 'lexical feature hashing'

/**
 * The models the sentence encoder leaves to lexical hashing, as a word-overlap baseline beside meaning: one in each
 * organization's catalog (globex offers all-minilm-l6-v2, acme both), each beside a model the encoder serves.
 */
const WORD_OVERLAP_BASELINE = ['nomic-embed-text-v1.5', 'all-minilm-l6-v2']

/** Which vectors answer for a model: the local cloud's setting, but for the word-overlap baseline's models. */
export function vectorsFor(vectors: EmbeddingVectors, modelId: string): EmbeddingVectors {
  return WORD_OVERLAP_BASELINE.includes(modelId) ? 'lexical' : vectors
}

const lexical = (models: string[] | null): EmbeddingsSource => ({
  name: LEXICAL,
  traits: 'no model: texts score by the words and letter trigrams they share, not by meaning',
  dimensions: null,
  multilingual: `Multilingual ability is not available on the embedded local cloud: ${LEXICAL} compares words as written, so a sentence and its translation score apart.`,
  models,
})

export function embeddingsSources(vectors: EmbeddingVectors): EmbeddingsSource[] {
  if (vectors === 'lexical') return [lexical(null)]
  return [
    {
      name: ENCODER,
      traits: 'English, 512 dimensions',
      dimensions: 512,
      multilingual: `Multilingual ability is not available on the embedded local cloud: ${ENCODER} reads English only, so a sentence and its translation score apart.`,
      models: null,
    },
    lexical(WORD_OVERLAP_BASELINE),
  ]
}

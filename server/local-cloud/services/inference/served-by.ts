// What really computes the local cloud's embeddings, said to whoever shows a model: each embedding model of its
// catalog answers with the vectors of a stand-in, not the model's own, so a console that names the model must name
// the stand-in beside it. By default a sentence encoder serves every embedding model, so each answers by meaning, as
// the models it stands in for do; with LOCAL_CLOUD_EMBEDDINGS=lexical (a machine where the encoder cannot load),
// lexical feature hashing serves them all. A word-overlap baseline is no model, and never wears a model's name: the
// playground offers it by its own (src/features/playground/word-overlap.ts). The platform serves each model itself
// and says nothing of the kind.

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

export function embeddingsSources(vectors: EmbeddingVectors): EmbeddingsSource[] {
  if (vectors === 'lexical')
    return [
      {
        name: LEXICAL,
        traits: 'no model: texts score by the words and letter trigrams they share, not by meaning',
        dimensions: null,
        multilingual: `Multilingual ability is not available on the embedded local cloud: ${LEXICAL} compares words as written, so a sentence and its translation score apart.`,
        models: null,
      },
    ]
  return [
    {
      name: ENCODER,
      traits: 'English, 512 dimensions',
      dimensions: 512,
      multilingual: `Multilingual ability is not available on the embedded local cloud: ${ENCODER} reads English only, so a sentence and its translation score apart.`,
      models: null,
    },
  ]
}

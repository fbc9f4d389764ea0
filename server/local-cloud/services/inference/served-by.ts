// What really computes the local cloud's embeddings, said to whoever shows a model: every embedding model of its
// catalog answers with the vectors of one stand-in, not the model's own, so a console that names the model must name
// the stand-in beside it. The platform serves each model itself and says nothing of the kind.

import type { EmbeddingVectors } from './embeddings-worker.ts'

export interface EmbeddingsSource {
  /** What serves every embedding model ("Universal Sentence Encoder lite"). */
  name: string
  /** What it is, for the parenthesis after its name ("English, 512 dimensions"). */
  traits: string
  /** Its own vector size, mapped into each model's; null when it writes each model's size directly. */
  dimensions: number | null
  /** Why a model's multilingual claim cannot be shown here, in a sentence. */
  multilingual: string
}

const ENCODER = 'Universal Sentence Encoder lite'
const LEXICAL = 'lexical feature hashing'

export function embeddingsSource(vectors: EmbeddingVectors): EmbeddingsSource {
  return vectors === 'model'
    ? {
        name: ENCODER,
        traits: 'English, 512 dimensions',
        dimensions: 512,
        multilingual: `Multilingual ability is not available on the embedded local cloud: ${ENCODER} reads English only, so a sentence and its translation score apart.`,
      }
    : {
        name: LEXICAL,
        traits: 'no model: texts score by the words, word pairs and letter trigrams they share, not by meaning',
        dimensions: null,
        multilingual: `Multilingual ability is not available on the embedded local cloud: ${LEXICAL} compares words as written, so a sentence and its translation score apart.`,
      }
}

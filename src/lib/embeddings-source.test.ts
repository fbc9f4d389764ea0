import { describe, expect, it } from 'vitest'
import type { EmbeddingsSource } from '../api/session'
import { claimsMultilingual, servedBySentence } from './embeddings-source'

const encoder: EmbeddingsSource = {
  name: 'Universal Sentence Encoder lite',
  traits: 'English, 512 dimensions',
  dimensions: 512,
  multilingual: 'Multilingual ability is not available on the embedded local cloud.',
}
const lexical: EmbeddingsSource = { ...encoder, name: 'lexical feature hashing', traits: 'no model', dimensions: null }

describe('servedBySentence', () => {
  it('names the stand-in and how its vectors reach the model’s size', () => {
    expect(servedBySentence(encoder, 1024)).toBe(
      'On the embedded local cloud this model is served by Universal Sentence Encoder lite (English, 512 dimensions, mapped to 1,024).',
    )
    expect(servedBySentence(encoder)).toBe(
      'On the embedded local cloud every embedding model is served by Universal Sentence Encoder lite (English, 512 dimensions, mapped to each model’s own).',
    )
    expect(servedBySentence(encoder, 512)).toBe(
      'On the embedded local cloud this model is served by Universal Sentence Encoder lite (English, 512 dimensions).',
    )
    expect(servedBySentence(lexical, 768)).toBe(
      'On the embedded local cloud this model is served by lexical feature hashing (no model; written straight into 768 dimensions).',
    )
  })
})

describe('claimsMultilingual', () => {
  it('reads the claim in a name or a description', () => {
    expect(
      claimsMultilingual({ name: 'BGE M3', description: 'Multilingual (100+ languages), multi-granularity' }),
    ).toBe(true)
    expect(claimsMultilingual({ name: 'Multilingual E5 Large Instruct' })).toBe(true)
    expect(claimsMultilingual({ name: 'X', description: 'covers 29 languages' })).toBe(true)
    expect(claimsMultilingual({ name: 'BGE Large EN v1.5', description: 'English embedding model' })).toBe(false)
  })
})

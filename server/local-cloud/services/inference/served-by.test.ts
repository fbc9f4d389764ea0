import { describe, expect, it } from 'vitest'
import { embeddingsSources, vectorsFor } from './served-by.ts'

describe('embeddingsSources', () => {
  it('names the sentence encoder for most models and lexical hashing as the word-overlap baseline beside it', () => {
    const [encoder, baseline] = embeddingsSources('model')
    expect(encoder).toMatchObject({
      name: 'Universal Sentence Encoder lite',
      traits: 'English, 512 dimensions',
      dimensions: 512,
      models: null,
    })
    expect(baseline).toMatchObject({ name: 'lexical feature hashing', dimensions: null })
    for (const model of baseline!.models!) expect(vectorsFor('model', model)).toBe('lexical')
    expect(vectorsFor('model', 'bge-m3')).toBe('model')
  })

  it('says lexical vectors are no model and compare words, not meaning, for every model when asked', () => {
    const sources = embeddingsSources('lexical')
    expect(sources).toHaveLength(1)
    expect(sources[0]).toMatchObject({ name: 'lexical feature hashing', dimensions: null, models: null })
    expect(sources[0]!.traits).toMatch(/^no model: .* not by meaning$/)
  })
})

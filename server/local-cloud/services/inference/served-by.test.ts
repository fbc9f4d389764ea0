import { describe, expect, it } from 'vitest'
import { embeddingsSources } from './served-by.ts'

describe('embeddingsSources', () => {
  it('names the sentence encoder for every embedding model, no model left to word overlap under its name', () => {
    expect(embeddingsSources('model')).toEqual([
      expect.objectContaining({
        name: 'Universal Sentence Encoder lite',
        traits: 'English, 512 dimensions',
        dimensions: 512,
        models: null,
      }),
    ])
  })

  it('says lexical vectors are no model and compare words, not meaning, for every model when asked', () => {
    const sources = embeddingsSources('lexical')
    expect(sources).toHaveLength(1)
    expect(sources[0]).toMatchObject({ name: 'lexical feature hashing', dimensions: null, models: null })
    expect(sources[0]!.traits).toMatch(/^no model: .* not by meaning$/)
  })
})

import { describe, expect, it } from 'vitest'
import { embeddingsSource } from './served-by.ts'

describe('embeddingsSource', () => {
  it('names the sentence encoder, English only, and its 512 dimensions', () => {
    expect(embeddingsSource('model')).toMatchObject({
      name: 'Universal Sentence Encoder lite',
      traits: 'English, 512 dimensions',
      dimensions: 512,
    })
  })

  it('says lexical vectors are no model and compare words, not meaning', () => {
    const source = embeddingsSource('lexical')
    expect(source).toMatchObject({ name: 'lexical feature hashing', dimensions: null })
    expect(source.traits).toMatch(/^no model: .* not by meaning$/)
  })
})

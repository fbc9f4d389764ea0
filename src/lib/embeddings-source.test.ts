import { describe, expect, it } from 'vitest'
import type { EmbeddingsSource } from '../api/session'
import { claimsMultilingual, embeddingsSources, servedByAll, servedBySentence, sourceOf } from './embeddings-source'

const encoder: EmbeddingsSource = {
  name: 'Universal Sentence Encoder lite',
  traits: 'English, 512 dimensions',
  dimensions: 512,
  multilingual: 'Multilingual ability is not available on the embedded local cloud.',
  models: null,
}
const lexical: EmbeddingsSource = { ...encoder, name: 'lexical feature hashing', traits: 'no model', dimensions: null }

describe('servedBySentence', () => {
  it('names the stand-in and how its vectors reach the model’s size', () => {
    expect(servedBySentence(encoder, 1024)).toBe(
      'Served here by Universal Sentence Encoder lite (English, 512 dimensions, mapped to 1,024), not by this model.',
    )
    expect(servedBySentence(encoder, 512)).toBe(
      'Served here by Universal Sentence Encoder lite (English, 512 dimensions), not by this model.',
    )
    expect(servedBySentence(lexical, 768)).toBe(
      'Served here by lexical feature hashing (no model; written straight into 768 dimensions), not by this model.',
    )
  })
})

describe('sourceOf and servedByAll', () => {
  const baseline = { ...lexical, models: ['nomic-embed-text-v1.5'] }
  it('finds the stand-in that names a model, else the one serving the others', () => {
    expect(sourceOf([encoder, baseline], 'nomic-embed-text-v1.5')).toBe(baseline)
    expect(sourceOf([encoder, baseline], 'bge-m3')).toBe(encoder)
    expect(sourceOf(null, 'bge-m3')).toBeNull()
  })
  it('says which stand-in serves which models when there are several', () => {
    expect(servedByAll([encoder])).toBe(
      'On the embedded local cloud, Universal Sentence Encoder lite stands in for every embedding model.',
    )
    expect(servedByAll([encoder, baseline])).toBe(
      'On the embedded local cloud, Universal Sentence Encoder lite (the others) and lexical feature hashing (nomic-embed-text-v1.5) stand in for the embedding models.',
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

const sent = {
  name: 'Universal Sentence Encoder lite',
  traits: 'English, 512 dimensions',
  dimensions: 512,
  multilingual: 'Multilingual ability is not available on the embedded local cloud.',
  models: ['bge-m3', 7],
}

describe('embeddingsSources', () => {
  it('reads each stand-in the console server names, leaving out what is not one', () => {
    expect(embeddingsSources([sent, { name: 'no traits' }, 'lexical'])).toEqual([{ ...sent, models: ['bge-m3'] }])
    expect(embeddingsSources([{ ...sent, dimensions: 'many', models: undefined }])).toEqual([
      { ...sent, dimensions: null, models: null },
    ])
  })

  it('says there are none against the platform', () => {
    expect(embeddingsSources(null)).toBeNull()
    expect(embeddingsSources(undefined)).toBeNull()
  })
})

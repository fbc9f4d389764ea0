import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { textFeatures } from './features.ts'
import { hashFeatures, truncateAndNormalise, vectorSpace } from './vectorize.ts'

const NATIVE = 1024

function embed(text: string, dims = NATIVE, modelId = 'bge-m3'): Float32Array {
  return truncateAndNormalise(hashFeatures(textFeatures(text), vectorSpace(modelId, NATIVE)), dims)
}

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0
  for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!
  return dot
}

function norm(v: Float32Array): number {
  return Math.sqrt(cosine(v, v))
}

describe('lexical vectors', () => {
  it('gives the same text the same vector every time', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (text) => {
        expect(embed(text)).toEqual(embed(text))
      }),
    )
  })

  it('gives different models different vectors for the same text', () => {
    expect(
      cosine(
        embed('The cat sat on the mat', NATIVE, 'bge-m3'),
        embed('The cat sat on the mat', NATIVE, 'bge-large-en-v1.5'),
      ),
    ).toBeLessThan(0.5)
  })

  it('scores sentences that share words higher than unrelated ones', () => {
    const cat = embed('The cat sat on the mat')
    const similar = cosine(cat, embed('A cat sat on a mat'))
    const unrelated = cosine(cat, embed('Quarterly revenue grew 8%'))
    expect(similar).toBeGreaterThan(0.7)
    expect(Math.abs(unrelated)).toBeLessThan(0.2)
  })

  it('relates inflected forms of the same words', () => {
    const cat = embed('The cat sat on the mat')
    expect(cosine(cat, embed('Cats sitting on mats'))).toBeGreaterThan(
      cosine(cat, embed('Dogs running in parks')) + 0.1,
    )
  })

  it('is not fooled by shared function words alone', () => {
    expect(cosine(embed('the cat is on the mat'), embed('the bank is on the river'))).toBeLessThan(
      cosine(embed('the cat is on the mat'), embed('a cat on a mat')),
    )
  })

  it('embeds text without letters or digits by its characters', () => {
    const dots = embed('...')
    expect(norm(dots)).toBeCloseTo(1, 5)
    expect(cosine(dots, embed('!!!'))).toBeLessThan(0.5)
  })

  it('has unit length at every truncation, and a truncation points the way of the full vector’s prefix', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.integer({ min: 1, max: NATIVE }), (text, dims) => {
        const full = embed(text)
        const short = embed(text, dims)
        expect(short).toHaveLength(dims)
        expect(norm(short)).toBeCloseTo(1, 5)
        const prefix = full.subarray(0, dims)
        // The prefix is either all zeros (then the fallback basis vector) or parallel to the truncation.
        if (norm(prefix) > 0) expect(cosine(short, prefix) / norm(prefix)).toBeCloseTo(1, 5)
      }),
    )
  })

  it('keeps similarity structure when truncated to 256 dimensions', () => {
    const cat = embed('The cat sat on the mat', 256)
    expect(cosine(cat, embed('A cat sat on a mat', 256))).toBeGreaterThan(
      cosine(cat, embed('Quarterly revenue grew 8%', 256)) + 0.4,
    )
  })
})

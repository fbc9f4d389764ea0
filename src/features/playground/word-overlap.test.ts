import { describe, expect, it } from 'vitest'
import { cosine } from './vector-math'
import { contentWords, WORD_OVERLAP_DIMENSIONS, wordOverlapVectors } from './word-overlap'

const row = (vectors: Float32Array, i: number) =>
  vectors.subarray(i * WORD_OVERLAP_DIMENSIONS, (i + 1) * WORD_OVERLAP_DIMENSIONS)

describe('the word-overlap baseline', () => {
  it('scores texts by the content words they share, not by meaning', () => {
    const vectors = wordOverlapVectors([
      'A cat is sleeping on the sofa',
      'A kitten naps on the couch',
      'The cats sleep on a mat',
      'the',
    ])
    // A paraphrase in other words shares nothing; inflections of the same words do.
    expect(cosine(row(vectors, 0), row(vectors, 1))).toBeCloseTo(0, 5)
    expect(cosine(row(vectors, 0), row(vectors, 2))).toBeGreaterThan(0.5)
    expect(cosine(row(vectors, 0), row(vectors, 0))).toBeCloseTo(1, 5)
    // Nothing but function words: similar to nothing.
    expect([...row(vectors, 3)].every((value) => value === 0)).toBe(true)
  })

  it('leaves function words out and stems the rest', () => {
    expect([...contentWords('The cats are sleeping, and cats slept')]).toEqual([
      ['cat', 2],
      ['sleep', 1],
      ['slept', 1],
    ])
  })
})

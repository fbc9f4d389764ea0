import { describe, expect, it } from 'vitest'
import { pairwiseAgreement, ranks, spearman, topKOverlap, upperTriangle } from './agreement'

describe('ranks', () => {
  it('counts from 1 and gives tied values their average rank', () => {
    expect(Array.from(ranks([30, 10, 20, 20]))).toEqual([4, 1, 2.5, 2.5])
  })
})

describe('spearman', () => {
  it('is 1 for the same order on another scale and −1 for the reverse order', () => {
    expect(spearman([0.1, 0.5, 0.9, 0.2], [1, 50, 900, 2])).toBeCloseTo(1, 12)
    expect(spearman([1, 2, 3, 4], [8, 6, 4, 2])).toBeCloseTo(-1, 12)
  })

  it('is 1 − 6Σd² / n(n² − 1) without ties: one swap among three is 0.5', () => {
    expect(spearman([1, 2, 3], [1, 3, 2])).toBeCloseTo(0.5, 12)
  })

  it('is undefined (NaN) when one side does not vary', () => {
    expect(spearman([1, 1, 1], [1, 2, 3])).toBeNaN()
  })
})

describe('pairwise agreement', () => {
  it('takes each pair above the diagonal once', () => {
    // prettier-ignore
    const m = Float32Array.from([
      1, 0.25, 0.5,
      0.25, 1, 0.75,
      0.5, 0.75, 1,
    ])
    expect(Array.from(upperTriangle(m, 3))).toEqual([0.25, 0.5, 0.75])
  })

  it('correlates the ranks of two models’ pair similarities, not their values', () => {
    // prettier-ignore
    const a = Float32Array.from([1, 0.9, 0.1, 0.9, 1, 0.5, 0.1, 0.5, 1])
    // Model b agrees on the order of the pairs (0–1 > 1–2 > 0–2) at a very different scale.
    // prettier-ignore
    const b = Float32Array.from([1, 0.3, 0.01, 0.3, 1, 0.2, 0.01, 0.2, 1])
    const agreement = pairwiseAgreement(a, b, 3)
    expect(agreement.spearman).toBeCloseTo(1, 12)
    // They rank alike, but are not the same geometry: the 0–1 pair is 0.9 against 0.3.
    expect(agreement.largestDifference).toBeCloseTo(0.6, 6)
  })

  it('finds no gap between two models that give every pair the same similarity', () => {
    // prettier-ignore
    const a = Float32Array.from([1, 0.9, 0.1, 0.9, 1, 0.5, 0.1, 0.5, 1])
    expect(pairwiseAgreement(a, a.slice(), 3)).toEqual({ spearman: 1, largestDifference: 0 })
  })
})

describe('top-k overlap', () => {
  it('counts the hits both rankings have in their first k', () => {
    expect(topKOverlap([3, 1, 2, 0], [1, 0, 3, 2], 2)).toBe(1)
    expect(topKOverlap([3, 1, 2, 0], [1, 0, 3, 2], 3)).toBe(2)
    expect(topKOverlap([3, 1, 2, 0], [1, 0, 3, 2], 4)).toBe(4)
  })
})

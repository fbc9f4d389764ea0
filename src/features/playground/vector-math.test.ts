import { afterEach, describe, expect, it } from 'vitest'
import {
  cosine,
  matrixFrom,
  normalizeRows,
  rankBySimilarity,
  rowNorms,
  seededRandom,
  similarityMatrix,
} from './vector-math'
import { kernelsAvailable, setKernelsForTesting } from './wasm-kernels'

describe('norms and cosine', () => {
  it('gives the lengths of known vectors and unit rows after normalising', () => {
    const m = matrixFrom([
      [3, 4],
      [0, 0],
      [1, 1],
    ])
    expect(Array.from(rowNorms(m))).toEqual([5, 0, Math.fround(Math.SQRT2)])
    const unit = normalizeRows(m)
    expect(Array.from(unit.data.subarray(0, 2))).toEqual([Math.fround(0.6), Math.fround(0.8)])
    expect(Array.from(unit.data.subarray(2, 4))).toEqual([0, 0])
  })

  it('gives 1 for parallel, 0 for orthogonal and -1 for opposite vectors', () => {
    expect(cosine([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 6)
    expect(cosine([1, 0], [0, 5])).toBe(0)
    expect(cosine([1, 1], [-1, -1])).toBeCloseTo(-1, 6)
    expect(cosine([1, 0], [1, 1])).toBeCloseTo(Math.SQRT1_2, 6)
    expect(cosine([0, 0], [1, 1])).toBe(0)
  })
})

// Node has WebAssembly SIMD, so the kernel runs unless a test turns it off; both paths must give the same numbers.
const paths = [
  ['the WebAssembly SIMD kernel', undefined],
  ['the JavaScript fallback', false],
] as const

afterEach(() => setKernelsForTesting(undefined))

it('compiles the WebAssembly kernel where the runtime has SIMD', () => {
  expect(kernelsAvailable()).toBe(true)
})

describe.each(paths)('similarity matrix by %s', (_, kernels) => {
  it('matches pairwise cosines for sizes that exercise the blocked loops, every remainder and padding', () => {
    setKernelsForTesting(kernels)
    const random = seededRandom(7)
    for (const n of [1, 2, 3, 4, 5, 7, 8, 10, 13, 14]) {
      const vectors = Array.from({ length: n }, () => Array.from({ length: 37 }, () => random() - 0.5))
      const s = similarityMatrix(normalizeRows(matrixFrom(vectors)))
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < n; j++) expect(s[i * n + j]).toBeCloseTo(cosine(vectors[i]!, vectors[j]!), 5)
      }
    }
  })

  it('can stop at the first rows', () => {
    setKernelsForTesting(kernels)
    const s = similarityMatrix(
      normalizeRows(
        matrixFrom([
          [1, 0],
          [0, 1],
          [1, 1],
        ]),
      ),
      2,
    )
    expect(Array.from(s)).toEqual([1, 0, 0, 1])
  })
})

describe('ranking', () => {
  it('puts the most similar row first', () => {
    const inputs = normalizeRows(
      matrixFrom([
        [1, 0, 0],
        [0.9, 0.1, 0],
        [0, 1, 0],
        [-1, 0, 0],
      ]),
    )
    const ranked = rankBySimilarity(inputs, [0, 2, 0])
    expect(ranked.map((r) => r.index)).toEqual([2, 1, 0, 3])
    expect(ranked[0]!.score).toBeCloseTo(1, 6)
  })
})

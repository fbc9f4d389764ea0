import { describe, expect, it } from 'vitest'
import { cosine, matrixFrom, normalizeRows, pca2, pca2FromGram, rankBySimilarity, rowNorms, seededRandom, similarityMatrix, symmetricEigen } from './vector-math'

describe('norms and cosine', () => {
  it('gives the lengths of known vectors and unit rows after normalising', () => {
    const m = matrixFrom([[3, 4], [0, 0], [1, 1]])
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

describe('similarity matrix', () => {
  it('matches pairwise cosines for sizes that exercise the 3 × 4 kernel and every remainder', () => {
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
    const s = similarityMatrix(normalizeRows(matrixFrom([[1, 0], [0, 1], [1, 1]])), 2)
    expect(Array.from(s)).toEqual([1, 0, 0, 1])
  })
})

describe('ranking', () => {
  it('puts the most similar row first', () => {
    const inputs = normalizeRows(matrixFrom([[1, 0, 0], [0.9, 0.1, 0], [0, 1, 0], [-1, 0, 0]]))
    const ranked = rankBySimilarity(inputs, [0, 2, 0])
    expect(ranked.map((r) => r.index)).toEqual([2, 1, 0, 3])
    expect(ranked[0]!.score).toBeCloseTo(1, 6)
  })
})

describe('PCA', () => {
  it('finds the known principal axes of points stretched along a diagonal', () => {
    // A full grid of a ∈ −5..5 along (1, 1, 0)/√2 and b ∈ ±1 along (1, −1, 0)/√2, shifted off the origin: the sample's
    // axes are exactly those diagonals, with variances 10 and 1, so the first explains 10/11.
    const points: number[][] = []
    for (let a = -5; a <= 5; a++) for (const b of [-1, 1]) points.push([5 + (a + b) / Math.SQRT2, -2 + (a - b) / Math.SQRT2, 7])
    const { coords, explained } = pca2(matrixFrom(points))
    expect(explained[0]).toBeCloseTo(10 / 11, 5)
    expect(explained[1]).toBeCloseTo(1 / 11, 5)
    let i = 0
    for (let a = -5; a <= 5; a++) {
      for (const b of [-1, 1]) {
        expect(Math.abs(coords[2 * i]!)).toBeCloseTo(Math.abs(a), 4)
        expect(Math.abs(coords[2 * i + 1]!)).toBeCloseTo(1, 4)
        expect(Math.sign(coords[2 * i + 1]!) * Math.sign(coords[1]!)).toBe(b === -1 ? 1 : -1)
        i++
      }
    }
  })

  it('explains exactly known variances of a 2-D dataset', () => {
    // Four points on the axes: variance 8 along x and 2 along y, so x explains 0.8.
    const { explained, coords } = pca2(matrixFrom([[2, 0], [-2, 0], [0, 1], [0, -1]]))
    expect(explained[0]).toBeCloseTo(0.8, 6)
    expect(explained[1]).toBeCloseTo(0.2, 6)
    expect(Array.from(coords).map((v) => Math.round(Math.abs(v) * 1e6) / 1e6)).toEqual([2, 0, 2, 0, 0, 1, 0, 1])
  })

  it('gives the same picture from the Gram matrix (dual PCA) as from the rows', () => {
    const random = seededRandom(5)
    const latent = [Array.from({ length: 16 }, () => random() - 0.5), Array.from({ length: 16 }, () => random() - 0.5)]
    const rows = Array.from({ length: 40 }, () => {
      const a = (random() - 0.5) * 6
      const b = (random() - 0.5) * 2
      return latent[0]!.map((v, k) => a * v + b * latent[1]![k]! + (random() - 0.5) * 0.05)
    })
    const unit = normalizeRows(matrixFrom(rows))
    const direct = pca2(unit)
    const dual = pca2FromGram(similarityMatrix(unit), unit.rows)
    expect(dual.explained[0]).toBeCloseTo(direct.explained[0], 5)
    expect(dual.explained[1]).toBeCloseTo(direct.explained[1], 5)
    for (let i = 0; i < dual.coords.length; i++) expect(dual.coords[i]).toBeCloseTo(direct.coords[i]!, 4)
  })

  it('is deterministic', () => {
    const random = seededRandom(11)
    const m = matrixFrom(Array.from({ length: 30 }, () => Array.from({ length: 8 }, () => random())))
    expect(Array.from(pca2(m).coords)).toEqual(Array.from(pca2(m).coords))
  })
})

describe('symmetricEigen', () => {
  it('finds the known eigenpairs of a small symmetric matrix', () => {
    // [[2, 1], [1, 2]] has eigenvalues 3 and 1 with eigenvectors (1, 1)/√2 and (1, −1)/√2.
    const { values, vectors } = symmetricEigen([
      [2, 1],
      [1, 2],
    ])
    expect(values[0]).toBeCloseTo(3, 10)
    expect(values[1]).toBeCloseTo(1, 10)
    expect(Math.abs(vectors[0]![0]!)).toBeCloseTo(Math.SQRT1_2, 10)
    expect(vectors[0]![0]! * vectors[1]![0]!).toBeCloseTo(0.5, 10)
    expect(vectors[0]![1]! * vectors[1]![1]!).toBeCloseTo(-0.5, 10)
  })
})

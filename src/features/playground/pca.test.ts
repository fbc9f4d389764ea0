import { afterEach, describe, expect, it } from 'vitest'
import { pca2, pca2FromGram, symmetricEigen } from './pca'
import { matrixFrom, normalizeRows, seededRandom, similarityMatrix } from './vector-math'
import { setKernelsForTesting } from './wasm-kernels'

afterEach(() => setKernelsForTesting(undefined))

describe('PCA', () => {
  it('finds the known principal axes of points stretched along a diagonal', () => {
    // A full grid of a ∈ −5..5 along (1, 1, 0)/√2 and b ∈ ±1 along (1, −1, 0)/√2, shifted off the origin: the sample's
    // axes are exactly those diagonals, with variances 10 and 1, so the first explains 10/11.
    const points: number[][] = []
    for (let a = -5; a <= 5; a++)
      for (const b of [-1, 1]) points.push([5 + (a + b) / Math.SQRT2, -2 + (a - b) / Math.SQRT2, 7])
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
    const { explained, coords } = pca2(
      matrixFrom([
        [2, 0],
        [-2, 0],
        [0, 1],
        [0, -1],
      ]),
    )
    expect(explained[0]).toBeCloseTo(0.8, 6)
    expect(explained[1]).toBeCloseTo(0.2, 6)
    expect(Array.from(coords).map((v) => Math.round(Math.abs(v) * 1e6) / 1e6)).toEqual([2, 0, 2, 0, 0, 1, 0, 1])
  })

  it.each([
    ['the WebAssembly SIMD kernel', undefined],
    ['the JavaScript fallback', false],
  ] as const)('gives the same picture from the Gram matrix (dual PCA) as from the rows, by %s', (_, kernels) => {
    setKernelsForTesting(kernels)
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

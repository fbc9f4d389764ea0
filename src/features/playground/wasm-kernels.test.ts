import { afterEach, expect, it } from 'vitest'
import { matrixFrom, normalizeRows, seededRandom, similarityMatrix } from './vector-math'
import { gramWasm, matrixOperatorWasm, setKernelsForTesting } from './wasm-kernels'

afterEach(() => setKernelsForTesting(undefined))

function randomRows(rows: number, cols: number, seed: number) {
  const random = seededRandom(seed)
  return matrixFrom(Array.from({ length: rows }, () => Array.from({ length: cols }, () => random() - 0.5)))
}

it('agrees with the JavaScript loops on embedding-sized vectors', () => {
  const unit = normalizeRows(randomRows(203, 1024, 3))
  const simd = similarityMatrix(unit)
  setKernelsForTesting(false)
  const scalar = similarityMatrix(unit)
  let worst = 0
  for (let i = 0; i < simd.length; i++) worst = Math.max(worst, Math.abs(simd[i]! - scalar[i]!))
  expect(worst).toBeLessThan(1e-5)
})

it('multiplies a block of vectors by a matrix, even after another kernel call reused the memory', () => {
  // M = [[1, 2, 0], [2, 1, 0], [0, 0, 3]]: M·(1, 0, 0) = (1, 2, 0) and M·(0, 1, 1) = (2, 1, 3).
  const m = Float32Array.from([1, 2, 0, 2, 1, 0, 0, 0, 3])
  const multiply = matrixOperatorWasm(m, 3)!
  const q = [Float64Array.from([1, 0, 0]), Float64Array.from([0, 1, 1])]
  const first = [new Float64Array(3), new Float64Array(3)]
  multiply(q, first)
  expect(first.map((z) => Array.from(z))).toEqual([
    [1, 2, 0],
    [2, 1, 3],
  ])

  gramWasm(randomRows(50, 64, 9).data, 50, 64)
  const again = [new Float64Array(3), new Float64Array(3)]
  multiply(q, again)
  expect(again.map((z) => Array.from(z))).toEqual([
    [1, 2, 0],
    [2, 1, 3],
  ])
})

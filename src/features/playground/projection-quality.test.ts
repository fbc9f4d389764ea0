import { describe, expect, it } from 'vitest'
import { neighbourCount, projectionQuality } from './projection-quality'

// Inputs on a line: their similarity is minus their distance, which orders neighbours as cosine would.
function lineSimilarity(positions: number[]): Float32Array {
  const n = positions.length
  const out = new Float32Array(n * n)
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) out[i * n + j] = -Math.abs(positions[i]! - positions[j]!)
  return out
}
const onMap = (xs: number[]) => Float32Array.from(xs.flatMap((x) => [x, 0]))

describe('projectionQuality', () => {
  it('is perfect for a map that keeps the order, mirrored or not', () => {
    const positions = [0, 1, 3, 6, 10, 15, 21, 28]
    const similarity = lineSimilarity(positions)
    for (const map of [positions, positions.map((x) => -2 * x)]) {
      expect(projectionQuality(similarity, 8, onMap(map))).toEqual({
        k: 3,
        trustworthiness: 1,
        preserved: 1,
        inputs: 8,
      })
    }
  })

  it('penalises each false neighbour by its true rank beyond k (worked by hand)', () => {
    // Inputs at 0, 1, 3, 6; the map swaps the first and the last. k = 1. False map neighbours: input 0 gets input 2
    // (true rank 2), input 1 gets input 3 (rank 3), input 3 gets input 1 (rank 2); input 2 keeps input 1.
    // Penalty (2−1) + (3−1) + (2−1) = 4; T = 1 − 2 / (4·1·(8 − 3 − 1)) · 4 = 0.5; one neighbour of four kept.
    const quality = projectionQuality(lineSimilarity([0, 1, 3, 6]), 4, onMap([6, 1, 3, 0]))
    expect(quality).toEqual({ k: 1, trustworthiness: 0.5, preserved: 0.25, inputs: 4 })
  })

  it('scores nothing below four inputs, and takes k under half the inputs', () => {
    expect(projectionQuality(lineSimilarity([0, 1, 2]), 3, onMap([0, 1, 2]))).toBeUndefined()
    expect([4, 5, 21, 22, 1000].map(neighbourCount)).toEqual([1, 2, 10, 10, 10])
  })
})

import { describe, expect, it } from 'vitest'
import { topicGrouping } from './topic-grouping'

/** A symmetric similarity matrix from its upper triangle, row by row. */
function matrix(n: number, upper: number[]): Float32Array {
  const m = new Float32Array(n * n).fill(1)
  let at = 0
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      m[i * n + j] = upper[at]!
      m[j * n + i] = upper[at++]!
    }
  return m
}

describe('topicGrouping', () => {
  const labels = ['pets', 'pets', 'money', 'money']
  it('counts the inputs whose most similar other input shares their topic, beside chance', () => {
    // 0–1 and 2–3 close: all four grouped.
    expect(topicGrouping(matrix(4, [0.9, 0.1, 0.1, 0.1, 0.1, 0.8]), 4, labels)).toEqual({
      grouped: 4,
      scored: 4,
      byChance: 4 / 3,
    })
    // 0–2 and 1–3 close (a false friend each): none grouped.
    expect(topicGrouping(matrix(4, [0.1, 0.9, 0.1, 0.1, 0.9, 0.1]), 4, labels)?.grouped).toBe(0)
  })

  it('says nothing without two labelled topics of two inputs', () => {
    const m = matrix(4, [0.9, 0.1, 0.1, 0.1, 0.1, 0.8])
    expect(topicGrouping(m, 4, [undefined, undefined, undefined, undefined])).toBeUndefined()
    expect(topicGrouping(m, 4, ['pets', 'pets', 'money', undefined])).toBeUndefined()
  })
})

import { describe, expect, it } from 'vitest'
import { atCeilingSentence, scorable, scoreRetrieval } from './retrieval'

describe('scoreRetrieval', () => {
  // Four inputs; the first query expects input 2, which the model ranks second; the second expects inputs 0 and 3,
  // ranked first and last.
  const judgements = [
    { query: 'first', expected: [2] },
    { query: 'second', expected: [0, 3] },
  ]
  const rankings = [
    [0, 2, 1, 3],
    [0, 1, 2, 3],
  ]

  it('reports recall@k with its ceiling, MRR and each input below k with the rank it got', () => {
    const score = scoreRetrieval(judgements, rankings, 1)
    expect(score.queries.map((q) => [q.recall, q.reciprocalRank])).toEqual([
      [0, 1 / 2],
      [1 / 2, 1],
    ])
    expect(score.recallAtK).toBeCloseTo(0.25, 12)
    // The second query marks two inputs: at k = 1 it can find half of them at best.
    expect(score.queries.map((q) => q.ceiling)).toEqual([1, 1 / 2])
    expect(score.ceiling).toBeCloseTo(0.75, 12)
    expect(score.mrr).toBeCloseTo(0.75, 12)
    expect(score.queries[0]!.belowK).toEqual([{ index: 2, rank: 2 }])
    expect(score.queries[1]!.belowK).toEqual([{ index: 3, rank: 4 }])
  })

  it('leaves nothing below k once k reaches every expected input', () => {
    const score = scoreRetrieval(judgements, rankings, 4)
    expect(score.recallAtK).toBe(1)
    expect(score.ceiling).toBe(1)
    expect(score.queries.every((q) => q.belowK.length === 0)).toBe(true)
    // MRR does not depend on k.
    expect(score.mrr).toBeCloseTo(0.75, 12)
  })

  it('scores a query that marks more inputs than k at its ceiling when its first k are all marked', () => {
    // Four marked inputs ranked first to fourth, k = 3: recall@3 is 0.75, and so is the best possible.
    const score = scoreRetrieval([{ query: 'four', expected: [0, 1, 2, 3] }], [[0, 1, 2, 3, 4]], 3)
    expect(score.recallAtK).toBe(0.75)
    expect(score.ceiling).toBe(0.75)
    expect(score.queries[0]!.belowK).toEqual([{ index: 3, rank: 4 }])
  })

  it('says the first k hits are all marked only of the queries that mark more than k', () => {
    // The second query marks one input and finds it first: at its ceiling too, but two of its first 3 are unmarked.
    const score = scoreRetrieval(
      [
        { query: 'four', expected: [0, 1, 2, 3] },
        { query: 'one', expected: [4] },
      ],
      [
        [0, 1, 2, 3, 4],
        [4, 0, 1, 2, 3],
      ],
      3,
    )
    expect(score.queries.every((q) => q.recall === q.ceiling)).toBe(true)
    expect(atCeilingSentence(score, 3)).toBe(
      '“four” marks more than 3 inputs: its first 3 hits are all marked inputs, the best possible.',
    )
  })
})

describe('scorable', () => {
  it('drops blank queries, queries without an expected input, and positions past the inputs', () => {
    expect(
      scorable(
        [
          { query: '  ', expected: [0] },
          { query: 'no marks', expected: [] },
          { query: ' kept ', expected: [1, 1, 7] },
        ],
        3,
      ),
    ).toEqual([{ query: 'kept', expected: [1] }])
  })
})

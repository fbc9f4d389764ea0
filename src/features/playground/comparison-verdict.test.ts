import { describe, expect, it } from 'vitest'
import { comparisonVerdict } from './comparison-verdict'

const models = ['bge-m3', 'Word overlap (no model)'] as const

describe('comparisonVerdict', () => {
  it('says the figures it is given, whatever they are: the agreement, each one’s grouping and which groups better', () => {
    for (const [rho, first, second] of [
      [0.18, 22, 4],
      [0.91, 10, 12],
    ] as const) {
      const verdict = comparisonVerdict({
        models,
        agreement: { spearman: rho, largestDifference: 0.5 },
        pairs: 276,
        grouping: [
          { grouped: first, scored: 24, byChance: 3.13 },
          { grouped: second, scored: 24, byChance: 3.13 },
        ],
      })
      expect(verdict.title).toBe('Rank agreement over 276 pairs (Spearman)')
      expect(verdict.words).toContain(`(ρ ${rho.toFixed(2)})`)
      expect(verdict.words).toContain(
        `bge-m3 puts ${first} of 24 inputs beside one of their own topic, Word overlap (no model) ${second} (chance: about 3).`,
      )
      expect(verdict.words).toContain(`${first > second ? models[0] : models[1]} groups the topics better.`)
    }
  })

  it('says two models that embed alike tell nothing, and asks for labels when the inputs have none', () => {
    const alike = comparisonVerdict({
      models,
      agreement: { spearman: 1, largestDifference: 1e-7 },
      pairs: 10,
      grouping: [undefined, undefined],
    })
    expect(alike.title).toBe('The same similarity on all 10 pairs')
    expect(alike.words).toMatch(/comparing them tells nothing/)
    const unlabelled = comparisonVerdict({
      models,
      agreement: { spearman: 0.3, largestDifference: 0.5 },
      pairs: 10,
      grouping: [undefined, undefined],
    })
    expect(unlabelled.words).toBe(
      'bge-m3 and Word overlap (no model) disagree on which inputs are alike (ρ 0.30). Test them on your own queries, or label the inputs by topic to see which groups them.',
    )
  })
})

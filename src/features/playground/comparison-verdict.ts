// A comparison of two models in words: how far they agree and which groups the user's topics better, every figure
// computed from the inputs the user gave.

import { formatFixed, formatNumber } from '../../lib/format'
import type { Agreement } from './agreement'
import type { TopicGrouping } from './topic-grouping'

/** What a comparison's verdict is drawn from: the two names, the measured agreement and each one's topic grouping. */
export interface ComparisonFigures {
  models: readonly [string, string]
  agreement: Agreement
  pairs: number
  /** Each model's grouping of the labelled topics; undefined where the inputs carry no two topics. */
  grouping: readonly [TopicGrouping | undefined, TopicGrouping | undefined]
}

/**
 * Two models whose similarities differ by less than this on every pair embed alike: the same geometry, whatever their
 * names (float32 similarities of one encoder's vectors, rotated for each model, differ by some 1e-7).
 */
const SAME_GEOMETRY = 1e-3

/**
 * The comparison's verdict in words, every figure in it computed from the inputs the user gave (none carried over
 * from an example): how far the two agree, and, when the inputs are labelled, which groups the topics better.
 */
export function comparisonVerdict({ models: [a, b], agreement, pairs, grouping }: ComparisonFigures): {
  color: string
  title: string
  words: string
} {
  const rho = agreement.spearman
  const over = `${formatNumber(pairs)} ${pairs === 1 ? 'pair' : 'pairs'}`
  if (pairs > 0 && agreement.largestDifference < SAME_GEOMETRY)
    return {
      color: 'amber',
      title: `The same similarity on all ${over}`,
      words: `The two give every pair the same similarity (largest difference ${formatFixed(agreement.largestDifference, 4)}): they embed alike, so comparing them tells nothing.`,
    }
  const title = `Rank agreement over ${over} (Spearman)`
  if (Number.isNaN(rho)) return { color: 'gray', title, words: 'Too few pairs to compare.' }
  const [color, how] =
    rho >= 0.8
      ? ['teal', 'rank the pairs much alike']
      : rho >= 0.5
        ? ['amber', 'partly agree on which inputs are alike']
        : ['red', 'disagree on which inputs are alike']
  const sentences = [`${a} and ${b} ${how} (ρ ${formatFixed(rho, 2)}).`]
  const [ga, gb] = grouping
  if (ga && gb) {
    sentences.push(
      `${a} puts ${formatNumber(ga.grouped)} of ${formatNumber(ga.scored)} inputs beside one of their own topic, ${b} ${formatNumber(gb.grouped)} (chance: about ${formatNumber(Math.round(ga.byChance))}).`,
    )
    if (ga.grouped !== gb.grouped) sentences.push(`${ga.grouped > gb.grouped ? a : b} groups the topics better.`)
  } else if (rho < 0.8)
    sentences.push('Test them on your own queries, or label the inputs by topic to see which groups them.')
  return { color, title, words: sentences.join(' ') }
}

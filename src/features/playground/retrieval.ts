// Retrieval judged against the user's own answers: for each query, the inputs that should match it. recall@k is the
// share of those found in the first k hits; MRR the mean of 1 / the rank of the first one found (0 when none is).
// recall@k cannot reach 1 when a query marks more inputs than k: its ceiling, min(k, marked) / marked, is reported
// beside it, so 0.75 at the best possible 0.75 is not read as a quarter missed.

export interface Judgement {
  query: string
  /** Positions of the inputs that should match. */
  expected: number[]
}

interface QueryScore {
  query: string
  recall: number
  /** The best recall@k any model could score on this query: min(k, marked) / marked. */
  ceiling: number
  reciprocalRank: number
  /** Expected inputs outside the first k, with the rank (from 1) the model gave them. */
  belowK: { index: number; rank: number }[]
}

export interface RetrievalScore {
  recallAtK: number
  /** The best recallAtK possible at this k: the queries' ceilings averaged as their recalls are. */
  ceiling: number
  mrr: number
  queries: QueryScore[]
}

/** Judgements with a query and at least one expected input among `count`; the others cannot be scored. */
export function scorable(judgements: readonly Judgement[], count: number): Judgement[] {
  return judgements
    .map((j) => ({ query: j.query.trim(), expected: [...new Set(j.expected.filter((i) => i >= 0 && i < count))] }))
    .filter((j) => j.query !== '' && j.expected.length > 0)
}

/**
 * Scores one model. `rankings[q]` lists every input's position, best match first, for judgement q. Queries average
 * with equal weight, as recall@k and MRR are usually reported.
 */
export function scoreRetrieval(
  judgements: readonly Judgement[],
  rankings: readonly number[][],
  k: number,
): RetrievalScore {
  const queries = judgements.map((judgement, q): QueryScore => {
    const ranking = rankings[q] ?? []
    const rankOf = new Map(ranking.map((index, position) => [index, position + 1]))
    const found = judgement.expected.filter((index) => (rankOf.get(index) ?? Infinity) <= k).length
    const best = Math.min(...judgement.expected.map((index) => rankOf.get(index) ?? Infinity))
    return {
      query: judgement.query,
      recall: found / judgement.expected.length,
      ceiling: Math.min(k, judgement.expected.length) / judgement.expected.length,
      reciprocalRank: Number.isFinite(best) ? 1 / best : 0,
      belowK: judgement.expected
        .map((index) => ({ index, rank: rankOf.get(index) ?? Infinity }))
        .filter((miss) => miss.rank > k)
        .sort((x, y) => x.rank - y.rank),
    }
  })
  const mean = (values: number[]) => (values.length ? values.reduce((s, v) => s + v, 0) / values.length : 0)
  return {
    recallAtK: mean(queries.map((q) => q.recall)),
    ceiling: mean(queries.map((q) => q.ceiling)),
    mrr: mean(queries.map((q) => q.reciprocalRank)),
    queries,
  }
}

/**
 * What a score at its ceiling with marked inputs still below k says: which queries mark more than k, and that their
 * first k hits are all marked. Only those queries have marked inputs below k; a query that marks fewer has unmarked
 * hits among its first k however well it does, so the sentence is never said of it.
 */
export function atCeilingSentence(score: RetrievalScore, k: number): string {
  const over = score.queries.filter((query) => query.belowK.length > 0).map((query) => `“${query.query}”`)
  const first = k === 1 ? 'first hit is a marked input' : `first ${k} hits are all marked inputs`
  return `${over.join(', ')} ${over.length === 1 ? 'marks' : 'mark'} more than ${k} input${k === 1 ? '' : 's'}: ${over.length === 1 ? 'its' : 'their'} ${first}, the best possible.`
}

// What the Lighthouse bench prints: one run's figures from its result, and the medians of the runs that completed.
import { loadNote, median } from './harness.ts'

interface Figures {
  score: number
  fcp: number
  lcp: number
  tbt: number
  longestTask: number
}

/** A run's figures, or why Lighthouse could not give them. */
export type Outcome = Figures | { failed: string }

const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
} as const

/** The figures of a Lighthouse result; a failed run or audit says so instead of giving NaN. */
export function figuresOf(lhr: {
  runtimeError?: { code: string; message?: string }
  audits: Record<string, { numericValue?: number; errorMessage?: string; details?: unknown } | undefined>
  categories: Record<string, { score: number | null } | undefined>
}): Outcome {
  if (lhr.runtimeError) return { failed: `${lhr.runtimeError.code}: ${lhr.runtimeError.message ?? ''}`.trim() }
  const { audits } = lhr
  const values: Partial<Record<keyof typeof METRICS, number>> = {}
  for (const [key, id] of Object.entries(METRICS) as [keyof typeof METRICS, string][]) {
    const value = audits[id]?.numericValue
    if (value === undefined || !Number.isFinite(value))
      return { failed: `${id}: ${audits[id]?.errorMessage ?? 'no value'}` }
    values[key] = value
  }
  const score = lhr.categories.performance?.score
  if (score === null || score === undefined) return { failed: 'no performance score' }
  const tasks = (audits['long-tasks']?.details as { items?: { duration: number }[] } | undefined)?.items ?? []
  return {
    score: Math.round(score * 100),
    fcp: values.fcp!,
    lcp: values.lcp!,
    tbt: values.tbt!,
    longestTask: Math.max(0, ...tasks.map((task) => task.duration)),
  }
}

/** The medians of the runs that completed, and each failed run's reason. */
export function line(page: string, formFactor: string, results: Outcome[]): string {
  const runs = results.filter((r): r is Figures => !('failed' in r))
  const failures = results.flatMap((r) => ('failed' in r ? [r.failed] : []))
  const failed = failures.length ? `; ${failures.length} of ${results.length} runs failed: ${failures.join('; ')}` : ''
  if (!runs.length) return `lighthouse ${page}, ${formFactor}: no run completed${failed}`
  const m = (key: keyof Figures) => median(runs.map((run) => run[key]))
  const ms = (v: number) => `${Math.round(v).toLocaleString('en')} ms`
  return `lighthouse ${page}, ${formFactor}: median of ${runs.length}: score ${m('score')}, FCP ${ms(m('fcp'))}, LCP ${ms(m('lcp'))}, TBT ${ms(m('tbt'))}, longest task ${ms(m('longestTask'))} (scores ${runs.map((r) => r.score).join(', ')}${failed}; ${loadNote()})`
}

/** The overview's first paint against the list's, run by run (they take turns), as the median of the ratios. */
export function firstPaintRatio(overview: Outcome[], list: Outcome[]): string {
  const ratios = overview.flatMap((o, i) => {
    const l = list[i]
    return 'failed' in o || !l || 'failed' in l ? [] : [o.fcp / l.fcp]
  })
  if (!ratios.length) return 'no pair of runs completed'
  const ratio = median(ratios)
  return `${ratio.toFixed(2)}, pairwise median of ${ratios.length} (target ≤ 1: ${ratio <= 1 ? 'met' : 'MISSED'})`
}

import { describe, expect, it } from 'vitest'
import { increase, parseScrape, quantile } from './prometheus-text.ts'

const scrape = (buckets: Record<string, number>, refused: number) =>
  parseScrape(
    [
      '# HELP wait_seconds how long',
      '# TYPE wait_seconds histogram',
      ...Object.entries(buckets).map(([le, count]) => `wait_seconds_bucket{le="${le}",upstream="region"} ${count}`),
      `refused_total{priority="page",reason="busy"} ${refused}`,
      `refused_total{priority="background",reason="busy"} ${refused * 2}`,
    ].join('\n'),
  )

describe('reading /metrics over a window', () => {
  const before = scrape({ '0.1': 10, '0.5': 10, '+Inf': 10 }, 5)

  it('takes a counter’s increase, for the labels asked or all of them', () => {
    const after = scrape({ '0.1': 10, '0.5': 10, '+Inf': 10 }, 8)
    expect(increase(before, after, 'refused_total', { priority: 'page' })).toBe(3)
    expect(increase(before, after, 'refused_total')).toBe(9)
    expect(increase(before, after, 'missing_total')).toBeUndefined()
  })

  it('takes a quantile from the buckets’ increase alone, interpolated within its bucket as Prometheus does', () => {
    // In the window: 90 answers under 0.1 s, 10 between 0.1 and 0.5 s.
    const after = scrape({ '0.1': 100, '0.5': 110, '+Inf': 110 }, 5)
    expect(quantile(before, after, 'wait_seconds', 0.5)).toBeCloseTo(0.1 * (50 / 90))
    expect(quantile(before, after, 'wait_seconds', 0.99)).toBeCloseTo(0.1 + 0.4 * 0.9)
    // Past the last finite bound, the bound itself.
    const slow = scrape({ '0.1': 10, '0.5': 10, '+Inf': 20 }, 5)
    expect(quantile(before, slow, 'wait_seconds', 0.99)).toBe(0.5)
    expect(quantile(before, before, 'wait_seconds', 0.99)).toBeNaN()
    expect(quantile(before, after, 'missing_seconds', 0.99)).toBeUndefined()
  })
})

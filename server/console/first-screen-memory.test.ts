// Issue 68: a burst of first screens asked as every browser asks (Brotli among the encodings it takes) held far more
// native memory than the same burst asked with gzip alone. Each burst runs in a fresh process (first-screen-burst.ts),
// so what one left allocated is not the other's start.
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

function burstGrowthMb(asked: 'browser' | 'gzip'): number {
  const out = execFileSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', 'server/console/first-screen-burst.ts', asked],
    { encoding: 'utf8' },
  )
  const { growthMb, failed } = JSON.parse(out.trim().split('\n').at(-1)!) as { growthMb: number; failed: number }
  expect(failed).toBe(0)
  return growthMb
}

describe('first screens in a burst', () => {
  it('hold about as much memory asked as a browser asks as asked with gzip alone', { timeout: 120_000 }, () => {
    const gzip = burstGrowthMb('gzip')
    const browser = burstGrowthMb('browser')
    expect(browser, `as a browser ${browser.toFixed(0)} MB, gzip ${gzip.toFixed(0)} MB`).toBeLessThan(gzip * 1.1)
  })
})

// Issue 68: a burst of first screens asked with Brotli, as every browser asks, held several times the native memory
// of the same burst with gzip. Each encoding's burst runs in a fresh process (first-screen-burst.ts), so what one left
// allocated is not the other's start.
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

function burstGrowthMb(encoding: 'br' | 'gzip'): number {
  const out = execFileSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', 'server/console/first-screen-burst.ts', encoding],
    { encoding: 'utf8' },
  )
  const { growthMb, failed } = JSON.parse(out.trim().split('\n').at(-1)!) as { growthMb: number; failed: number }
  expect(failed).toBe(0)
  return growthMb
}

describe('first screens in a burst', () => {
  it('hold about as much memory compressed with Brotli as with gzip', { timeout: 120_000 }, () => {
    const gzip = burstGrowthMb('gzip')
    const br = burstGrowthMb('br')
    expect(br, `Brotli ${br.toFixed(0)} MB, gzip ${gzip.toFixed(0)} MB`).toBeLessThan(gzip * 1.1)
  })
})

import { afterEach, describe, expect, it } from 'vitest'
import {
  formatAge,
  formatBytes,
  formatCount,
  formatFixed,
  formatNumber,
  formatRelative,
  formatTimestamp,
  parseTag,
} from './format'
import { groupNumbersAs } from './number-grouping'
import { german } from '../test/number-grouping'

const now = Date.parse('2026-05-10T12:00:00Z')

describe('formatNumber', () => {
  it('groups thousands as en-US does, for every size and sign', () => {
    for (const value of [0, 7, 999, 1000, 18_000, 106_596, 262_144, 1_234_567, -1234, -999_999, 2 ** 53 - 1]) {
      expect(formatNumber(value)).toBe(value.toLocaleString('en-US'))
    }
    expect(formatNumber(1234.5)).toBe('1,234.5')
  })

  describe('with the grouping the console server read for German', () => {
    afterEach(() => groupNumbersAs(null))

    it('writes figures by it, and what it does not cover by Intl in German too', () => {
      groupNumbersAs(german)
      expect(formatNumber(106_596)).toBe('106.596')
      expect(formatNumber(999)).toBe('999')
      expect(formatNumber(1234.5)).toBe('1.234,5')
      expect(formatNumber(-1234)).toBe('-1.234')
      expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('∞')
      expect(formatNumber(2 ** 60)).toBe(new Intl.NumberFormat('de-DE').format(2 ** 60))
    })

    it('writes scores and timings to their decimals in German too', () => {
      groupNumbersAs(german)
      expect(formatFixed(0.8734, 3)).toBe('0,873')
      expect(formatFixed(-1234.5, 2)).toBe('-1.234,50')
      expect(formatFixed(1, 2)).toBe('1,00')
      groupNumbersAs(null)
      expect(formatFixed(0.8734, 3)).toBe('0.873')
    })

    it('writes a grouping with no group size ungrouped, rather than looping', () => {
      groupNumbersAs({ ...german, primary: 0, secondary: 0 })
      expect(formatNumber(1_234_567)).toBe('1234567')
    })
  })
})

describe('formatRelative', () => {
  it('says how long ago in words', () => {
    expect(formatRelative('2026-05-10T11:57:00Z', now)).toBe('3 minutes ago')
    expect(formatRelative('2026-05-09T12:00:00Z', now)).toBe('yesterday')
    expect(formatRelative('2026-05-12T12:00:00Z', now)).toBe('in 2 days')
    expect(formatRelative('2026-05-10T11:59:55Z', now)).toBe('just now')
  })
  it('shows a dash for missing or broken timestamps', () => {
    expect(formatRelative(undefined, now)).toBe('—')
    expect(formatRelative('not a date', now)).toBe('—')
  })
})

describe('formatAge', () => {
  it('uses the largest whole unit', () => {
    expect(formatAge('2026-05-10T11:59:30Z', now)).toBe('30s')
    expect(formatAge('2026-05-10T09:00:00Z', now)).toBe('3h')
    expect(formatAge('2026-04-10T12:00:00Z', now)).toBe('30d')
    expect(formatAge('2024-05-10T12:00:00Z', now)).toBe('2y')
  })
})

describe('formatTimestamp', () => {
  it('gives the exact UTC time', () => {
    expect(formatTimestamp('2026-05-10T08:05:09Z')).toBe('10 May 2026, 08:05:09 UTC')
    expect(formatTimestamp('2025-12-31T23:59:59.999+01:00')).toBe('31 Dec 2025, 22:59:59 UTC')
    expect(formatTimestamp('2026-09-01T00:00:00Z')).toBe('1 Sep 2026, 00:00:00 UTC')
  })

  it('passes through what is not a time', () => {
    expect(formatTimestamp('soon')).toBe('soon')
    expect(formatTimestamp(undefined)).toBe('—')
  })
})

describe('formatBytes', () => {
  it('uses binary units with sensible precision', () => {
    expect(formatBytes(0)).toBe('0 B')
    expect(formatBytes(1536)).toBe('1.5 KiB')
    expect(formatBytes(100 * 2 ** 30)).toBe('100 GiB')
    expect(formatBytes(12.34 * 2 ** 40)).toBe('12.3 TiB')
    expect(formatBytes(2 * 2 ** 40)).toBe('2 TiB')
    expect(formatBytes(1500 * 2 ** 50)).toBe('1,500 PiB')
  })

  it("writes the figure as the reader's language writes decimals", () => {
    groupNumbersAs(german)
    try {
      expect(formatBytes(1536)).toBe('1,5 KiB')
      expect(formatBytes(2_000_000 * 2 ** 30)).toBe('1,91 PiB')
      expect(formatBytes(1500 * 2 ** 50)).toBe('1.500 PiB')
    } finally {
      groupNumbersAs(null)
    }
  })
})

describe('parseTag', () => {
  it('splits on the first equals sign', () => {
    expect(parseTag('env=prod')).toEqual({ name: 'env', value: 'prod' })
    expect(parseTag('query=a=b')).toEqual({ name: 'query', value: 'a=b' })
    expect(parseTag('=x')).toBeUndefined()
    expect(parseTag('novalue')).toBeUndefined()
  })
})

describe('formatCount', () => {
  const flavors = ['flavor', 'flavors'] as const
  it('counts everything, or what is shown of everything', () => {
    expect(formatCount(3, 3, flavors)).toBe('3 flavors')
    expect(formatCount(2, 3, flavors)).toBe('2 of 3 flavors')
    expect(formatCount(0, 0, flavors)).toBe('0 flavors')
  })
  it('says one flavor, not one flavors: a region may offer a single one', () => {
    expect(formatCount(1, 1, flavors)).toBe('1 flavor')
    expect(formatCount(0, 1, flavors)).toBe('0 of 1 flavor')
  })
  it("groups the figures as the reader's language does", () => {
    const networks = ['network', 'networks'] as const
    expect(formatCount(10_006, 10_006, networks)).toBe('10,006 networks')
    groupNumbersAs(german)
    try {
      expect(formatCount(1_500, 10_006, networks)).toBe('1.500 of 10.006 networks')
    } finally {
      groupNumbersAs(null)
    }
  })
})

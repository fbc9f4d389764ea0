import { describe, expect, it } from 'vitest'
import { readNumber } from '../../src/lib/number-reading.ts'
import { writeDollars, writeNumber } from '../../src/lib/number-writing.ts'
import { acceptedLanguages, numberGroupingFor } from './number-grouping.ts'

const letters = 'abcdefghijklmnopqrstuvwxyz'
// Every two-letter language Intl has number data for, each also in its likeliest region, and regions whose figures
// differ from their language's: Swiss German, Indian English, Egyptian and Saudi Arabic, and the rest below.
const languages = Intl.NumberFormat.supportedLocalesOf(
  [...letters].flatMap((a) => [...letters].map((b) => a + b)),
  { localeMatcher: 'lookup' },
)
const locales = [
  ...languages,
  ...languages.map((language) => new Intl.Locale(language).maximize().toString()),
  ...['de-CH', 'de-AT', 'en-IN', 'fr-CA', 'fr-CH', 'es-MX', 'pt-BR', 'ar-EG', 'ar-SA', 'ar-MA', 'fa-IR', 'hi-IN'],
  ...['bn-BD', 'mr-IN', 'ne-NP', 'my-MM', 'ur-PK', 'ps-AF', 'sr-Latn-RS', 'zh-Hant-TW', 'nb-NO', 'sv-FI', 'it-CH'],
]
// Read once for the walks below: reading a grouping checks it against Intl, and there are more locales than the
// server keeps.
const groupings = new Map(locales.map((locale) => [locale, numberGroupingFor(locale)]))

// Seeded, so a failure names the same numbers every run: whole numbers of 1 to 16 digits, and fractions and
// negatives of them, with the halves and near-halves Intl's rounding meets. Each locale gets its own draw (the seed
// is the locale's), so the walk over every locale meets many more numbers than one locale's share.
function* numbers(seed: string) {
  let state = [...seed].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) % 2 ** 31, 7919)
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
  for (let i = 0; i < 60; i++) {
    const whole = Math.floor(next() * 10 ** (1 + Math.floor(next() * 16)))
    yield whole
    yield -whole
    const fraction = whole / 10 ** Math.floor(next() * 8)
    yield fraction
    yield -fraction
    yield Math.floor(next() * 10_000) / 10_000 + 0.0005
  }
  yield* [0, -0, 1, 999, 1000, 1001, 9999, 10_000, 99_999, 100_000, 999_999, 1_000_000, Number.MAX_SAFE_INTEGER]
  yield* [0.5, 1.0005, 2.675, 0.1 + 0.2, 0.0004, -0.0004, 0.0005, 1e-7, 5e-7, 999.9995, -999_999.9995, 1 / 3]
}

// Each of these walks every locale Intl knows: seconds of CPU alone, and more in a suite that shares the cores. The
// timeout is a ceiling, not a pace.
describe('numberGroupingFor', { timeout: 60_000 }, () => {
  it('writes every number as Intl does, in every locale it answers for', () => {
    let answered = 0
    // Differences are gathered, not asserted one by one: an expect per number was most of the test's time.
    const differ: string[] = []
    for (const locale of locales) {
      const grouping = groupings.get(locale)
      if (!grouping) continue
      answered++
      const format = new Intl.NumberFormat(locale)
      for (const value of numbers(locale)) {
        const written = writeNumber(grouping, value)
        // Beyond 2^53 the page's Intl writes it.
        const intl = Math.abs(value) > Number.MAX_SAFE_INTEGER ? undefined : format.format(value)
        if (written !== intl) differ.push(`${locale} ${value}: ${written} (Intl: ${intl})`)
      }
    }
    expect(differ).toEqual([])
    // Nearly all: only locales whose figures carry more than digits, separators and a sign are left to the page's Intl.
    expect(answered).toBeGreaterThan(locales.length * 0.9)
  })

  it('writes every dollar amount as Intl does, in nearly every locale it answers for', () => {
    let answered = 0
    let withDollars = 0
    const differ: string[] = []
    for (const locale of locales) {
      const grouping = groupings.get(locale)
      if (!grouping) continue
      answered++
      if (!grouping.dollars) continue
      withDollars++
      const formats = new Map<number, Intl.NumberFormat>()
      let index = 0
      for (const value of numbers(`${locale} dollars`)) {
        // A quarter of them: Intl reading decimal strings is slow, and the digits' grouping is checked above.
        if (index++ % 4) continue
        // The exact decimal digits pricing.ts writes: never negative, from none to seven fraction digits.
        const digits = Math.abs(value) % 8
        const fixed = Math.abs(value).toFixed(digits)
        if (fixed.includes('e')) continue
        const options = {
          style: 'currency',
          currency: 'USD',
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        }
        const intl = formats.get(digits) ?? new Intl.NumberFormat(grouping.locale, options as Intl.NumberFormatOptions)
        formats.set(digits, intl)
        const written = writeDollars(grouping, fixed)
        if (written !== intl.format(fixed as `${number}`)) differ.push(`${locale} ${fixed}: ${written}`)
      }
    }
    expect(differ).toEqual([])
    expect(withDollars).toBeGreaterThan(answered * 0.9)
  })

  it('reads back every number it writes, in every locale it answers for', () => {
    const differ: string[] = []
    for (const locale of locales) {
      const grouping = groupings.get(locale)
      if (!grouping) continue
      for (const value of numbers(`${locale} read`)) {
        // What a field shows: whole numbers and those of up to three decimals, which writeNumber keeps whole.
        const exact = Math.round(value * 1000) / 1000
        if (Math.abs(exact) > Number.MAX_SAFE_INTEGER / 1000) continue
        const written = writeNumber(grouping, exact)!
        const read = readNumber(written, grouping)
        if (read !== exact) differ.push(`${locale} ${exact}: ${written} read as ${read}`)
      }
    }
    expect(differ).toEqual([])
  })

  it('writes dollars as each language does: after the amount in German, "US$" in Canada', () => {
    expect(writeDollars(numberGroupingFor('de-DE')!, '1234.57')).toBe('1.234,57\u00a0$')
    expect(writeDollars(numberGroupingFor('en-US')!, '0.0000024')).toBe('$0.0000024')
    expect(writeDollars(numberGroupingFor('en-CA')!, '1234.5')).toBe('US$1,234.5')
    expect(writeDollars(numberGroupingFor('hi-IN')!, '1234567.00')).toBe('$12,34,567.00')
    expect(writeDollars(numberGroupingFor('en-US')!, '1e-7')).toBeUndefined()
  })

  it('groups as each language does: dots in German, 2-digit groups in Hindi, none below 10,000 in Spanish', () => {
    expect(numberGroupingFor('de-DE,de;q=0.9,en;q=0.8')).toMatchObject({ locale: 'de-DE', separator: '.' })
    expect(numberGroupingFor('hi-IN')).toMatchObject({ primary: 3, secondary: 2 })
    expect(writeNumber(numberGroupingFor('hi-IN')!, 12_345_678)).toBe('1,23,45,678')
    expect(writeNumber(numberGroupingFor('es')!, 1234)).toBe('1234')
    expect(writeNumber(numberGroupingFor('es')!, 12_345)).toBe('12.345')
    expect(writeNumber(numberGroupingFor('en-US')!, 106_596)).toBe('106,596')
    expect(writeNumber(numberGroupingFor('de')!, -1234.5678)).toBe('-1.234,568')
    expect(writeNumber(numberGroupingFor('en')!, Number.POSITIVE_INFINITY)).toBeUndefined()
  })

  it('says nothing without an Accept-Language, and passes over what is not a language', () => {
    expect(numberGroupingFor(undefined)).toBeNull()
    expect(numberGroupingFor('')).toBeNull()
    expect(numberGroupingFor('*')).toBeNull()
    expect(numberGroupingFor('not a tag!!, fr-FR;q=0.5')?.locale).toBe('fr-FR')
  })
})

describe('acceptedLanguages', () => {
  it('ranks by quality, keeping the header order among equals, and drops q=0', () => {
    expect(acceptedLanguages('en;q=0.5, de-DE, fr;q=0.9, it;q=0, de')).toEqual(['de-DE', 'de', 'fr', 'en'])
  })
})

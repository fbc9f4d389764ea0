import type { NumberGrouping } from '../../src/lib/number-grouping.ts'
import { writeDollars, writeNumber } from '../../src/lib/number-writing.ts'

// Read once per Accept-Language (browsers send one of a few), and at most this many kept.
const KEPT = 200
const known = new Map<string, NumberGrouping | null>()

// Numbers each grouping is checked against before it is sent: if writing any of them by the grouping differs from
// Intl's own, the SPA is told nothing and asks Intl itself.
const CHECKED = [0, -0, 7, 42, 999, 1000, 1234, 9999, 10_000, 12_345, 99_999, 100_000, 123_456, 1_234_567, 12_345_678]
CHECKED.push(123_456_789, 2 ** 31, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, -1, -1234.5, 0.5, 0.0004)
CHECKED.push(-0.0004, 0.0005, 1.0005, 2.675, 0.1 + 0.2, 1234.5678, 999_999.9995, 1e-7, 123.456_499_9)

// Dollar amounts as the console writes prices and costs (src/lib/pricing.ts): every fraction digit it keeps, from
// none to the two significant digits of a millionth of a cent.
const DOLLARS_CHECKED = ['0', '0.00', '0.30', '0.008', '0.0000024', '1.5', '7.50', '396.00', '1000.00', '1234.57']
DOLLARS_CHECKED.push('10000.00', '12345.60', '99999.99', '123456.78', '1234567.89', '987654321012.345')

/** The languages of an Accept-Language header, most wanted first: "de-DE,de;q=0.9,en;q=0.8" → de-DE, de, en. */
export function acceptedLanguages(header: string | undefined): string[] {
  const ranked = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean)
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index }
    })
    .filter(({ tag, q }) => tag && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  const tags: string[] = []
  for (const { tag } of ranked.slice(0, 10)) {
    try {
      tags.push(...Intl.getCanonicalLocales(tag))
    } catch {
      // Not a language tag: the next one.
    }
  }
  return tags
}

/**
 * How the first of the browser's languages that Intl knows writes numbers, or null (no Accept-Language, or a locale
 * whose figures carry more than digits, separators and a sign): the SPA then builds its own Intl.NumberFormat.
 */
export function numberGroupingFor(header: string | undefined): NumberGrouping | null {
  const key = header ?? ''
  if (known.has(key)) return known.get(key)!
  if (known.size >= KEPT) known.clear()
  const grouping = read(acceptedLanguages(header))
  known.set(key, grouping)
  return grouping
}

// The parts Intl writes a number's digits with; anything else (a mark of direction, a literal) is the sign's.
const DIGIT_PARTS = new Set(['integer', 'group', 'decimal', 'fraction'])

function read(languages: string[]): NumberGrouping | null {
  if (!languages.length) return null
  const format = new Intl.NumberFormat(languages)
  const { locale } = format.resolvedOptions()
  const digits = [...'0123456789'].map((digit) => format.format(Number(digit)))
  const parts = format.formatToParts(1_234_567_890_123.5)
  if (parts.some((part) => !DIGIT_PARTS.has(part.type))) return null
  const whole = parts.filter((part) => part.type === 'integer').map((part) => part.value)
  const separators = new Set(parts.filter((part) => part.type === 'group').map((part) => part.value))
  if (separators.size > 1) return null
  const negative = format.formatToParts(-1.5)
  const first = negative.findIndex((part) => DIGIT_PARTS.has(part.type))
  const last = negative.findLastIndex((part) => DIGIT_PARTS.has(part.type))
  const primary = whole.length > 1 ? [...whole.at(-1)!].length : 0
  const grouping: NumberGrouping = {
    locale,
    digits,
    separator: [...separators][0] ?? '',
    primary,
    secondary: whole.length > 2 ? [...whole.at(-2)!].length : primary,
    minimumGroupingDigits: format.formatToParts(1000).some((part) => part.type === 'group') ? 1 : 2,
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    negative: { prefix: joined(negative.slice(0, first)), suffix: joined(negative.slice(last + 1)) },
    dollars: null,
  }
  if (!CHECKED.every((value) => writeNumber(grouping, value) === format.format(value))) return null
  return { ...grouping, dollars: readDollars(grouping) }
}

const joined = (list: Intl.NumberFormatPart[]) => list.map((part) => part.value).join('')

/** How `grouping`'s locale writes US dollars, or null where writing them by it would differ from Intl's own. */
function readDollars(grouping: NumberGrouping): NumberGrouping['dollars'] {
  const formats = new Map<number, Intl.NumberFormat>()
  const exactly = (fixed: string) => {
    const digits = fixed.split('.')[1]?.length ?? 0
    const options = { style: 'currency', currency: 'USD', minimumFractionDigits: digits, maximumFractionDigits: digits }
    const format = formats.get(digits) ?? new Intl.NumberFormat(grouping.locale, options as Intl.NumberFormatOptions)
    formats.set(digits, format)
    return format
  }
  const parts = exactly('1.5').formatToParts(1_234_567_890.5)
  const first = parts.findIndex((part) => DIGIT_PARTS.has(part.type))
  const last = parts.findLastIndex((part) => DIGIT_PARTS.has(part.type))
  if (first < 0 || parts.slice(first, last + 1).some((part) => !DIGIT_PARTS.has(part.type))) return null
  const separators = new Set(parts.filter((part) => part.type === 'group').map((part) => part.value))
  if (separators.size > 1) return null
  const dollars = {
    prefix: joined(parts.slice(0, first)),
    suffix: joined(parts.slice(last + 1)),
    separator: [...separators][0] ?? '',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
  }
  const written = { ...grouping, dollars }
  const same = (fixed: string) => writeDollars(written, fixed) === exactly(fixed).format(fixed as `${number}`)
  return DOLLARS_CHECKED.every(same) ? dollars : null
}

// How the reader's language writes a number, as the console server read it from Intl for the browser's
// Accept-Language (server/console/number-grouping.ts), so that figures are written without building an
// Intl.NumberFormat in the page: its first one reads the number data of every locale the browser has, the largest
// single cost of the overview's first render on a phone (bench/lighthouse.bench.ts prints its script time).
// Written as Intl's default format writes it: grouped, at most three fraction digits, halves rounded away from zero.

export interface NumberGrouping {
  /** The locale Intl resolved: "de-DE". */
  locale: string
  /** The locale's ten digits, 0 to 9. */
  digits: string[]
  /** Between groups: "," in English, "." in German, "" where numbers are not grouped. */
  separator: string
  /** The size of the group nearest the units, and of each group before it: 3 and 3, or 3 and 2 in Hindi. */
  primary: number
  secondary: number
  /** How many digits the first group needs for grouping to start: 1 ("1,000"), or 2 in Spanish ("1000", "10.000"). */
  minimumGroupingDigits: number
  /** Before the fraction: "." in English, "," in German. */
  decimal: string
  /** What a negative number carries before and after its digits: "-" and "" in English. */
  negative: { prefix: string; suffix: string }
}

const FRACTION_DIGITS = 3

/** Digits grouped as `grouping` says: "1234567" → "1,234,567". */
function grouped(grouping: NumberGrouping, whole: string): string {
  const { separator, primary, secondary, minimumGroupingDigits } = grouping
  if (!separator || whole.length < primary + minimumGroupingDigits) return whole
  const groups = [whole.slice(-primary)]
  for (let end = whole.length - primary; end > 0; end -= secondary)
    groups.unshift(whole.slice(Math.max(0, end - secondary), end))
  return groups.join(separator)
}

/**
 * The whole and fraction digits of |value| rounded to three fraction digits, halves away from zero, from its shortest
 * decimal form, as Intl rounds: 1.0005 → "1" and "001".
 */
function rounded(magnitude: number): [string, string] {
  // Below a millionth String() writes an exponent; all of those round to 0.
  if (magnitude < 1e-6) return ['0', '']
  const [whole = '0', fraction = ''] = String(magnitude).split('.')
  if (fraction.length <= FRACTION_DIGITS) return [whole, fraction.replace(/0+$/, '')]
  let digits = BigInt(whole + fraction.slice(0, FRACTION_DIGITS))
  if (fraction[FRACTION_DIGITS]! >= '5') digits += 1n
  const text = digits.toString().padStart(FRACTION_DIGITS + 1, '0')
  return [text.slice(0, -FRACTION_DIGITS), text.slice(-FRACTION_DIGITS).replace(/0+$/, '')]
}

/** `value` written as `grouping` says; undefined for what it does not cover (not finite, or beyond 2^53), left to Intl. */
export function writeNumber(grouping: NumberGrouping, value: number): string | undefined {
  if (!Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER) return undefined
  const [whole, fraction] = rounded(Math.abs(value))
  const local = (ascii: string) => ascii.replace(/\d/g, (digit) => grouping.digits[Number(digit)]!)
  const body = local(grouped(grouping, whole)) + (fraction ? grouping.decimal + local(fraction) : '')
  // Intl keeps the sign of what rounds to zero: -0.0001 is "-0".
  const negative = value < 0 || Object.is(value, -0)
  return negative ? grouping.negative.prefix + body + grouping.negative.suffix : body
}

let current: NumberGrouping | null = null

/** How the reader's language writes numbers, as the console's configuration says (src/api/session.ts). */
export function groupNumbersAs(grouping: NumberGrouping | null): void {
  current = grouping
}

export const numberGrouping = (): NumberGrouping | null => current

// A number written by a language's way (number-grouping.ts), as Intl's default format writes it: grouped, at most
// three fraction digits, halves rounded away from zero.

import type { NumberGrouping } from './number-grouping'

const FRACTION_DIGITS = 3

/** Digits grouped as `grouping` says, with `separator` between groups: "1234567" → "1,234,567". */
function grouped(grouping: NumberGrouping, whole: string, separator = grouping.separator): string {
  const { primary, secondary, minimumGroupingDigits } = grouping
  if (!separator || primary < 1 || secondary < 1 || whole.length < primary + minimumGroupingDigits) return whole
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
  const local = localDigits(grouping)
  const body = local(grouped(grouping, whole)) + (fraction ? grouping.decimal + local(fraction) : '')
  // Intl keeps the sign of what rounds to zero: -0.0001 is "-0".
  const negative = value < 0 || Object.is(value, -0)
  return negative ? grouping.negative.prefix + body + grouping.negative.suffix : body
}

/** ASCII digits in the language's own: "١٢٣" for "123" in Egyptian Arabic. */
const localDigits = (grouping: NumberGrouping) => (ascii: string) =>
  ascii.replace(/\d/g, (digit) => grouping.digits[Number(digit)]!)

/**
 * Exact decimal digits ("1234.5", "-0.25", every fraction digit kept) written as `grouping` says, with `separators`
 * in place of its own (money has its own in some languages): "1,234.5" in English, "1.234,5" in German. Undefined for
 * anything else (an exponent, as String and toFixed write beyond 1e21), left to Intl.
 */
export function writeDecimal(
  grouping: NumberGrouping,
  fixed: string,
  { separator, decimal }: { separator: string; decimal: string } = grouping,
): string | undefined {
  const [, sign, whole, fraction] = /^(-?)(\d+)(?:\.(\d+))?$/.exec(fixed) ?? []
  if (whole === undefined) return undefined
  const local = localDigits(grouping)
  const body = local(grouped(grouping, whole, separator)) + (fraction ? decimal + local(fraction) : '')
  return sign ? grouping.negative.prefix + body + grouping.negative.suffix : body
}

/**
 * A dollar amount from its exact decimal digits ("1234.5", as big.js writes them, every fraction digit kept), written
 * as `grouping` says dollars are: "$1,234.5" in English, "1.234,5 $" in German. Undefined where the grouping has no
 * way of writing dollars, or `fixed` is not such digits: the page's Intl writes it.
 */
export function writeDollars(grouping: NumberGrouping, fixed: string): string | undefined {
  const body = grouping.dollars ? writeDecimal(grouping, fixed, grouping.dollars) : undefined
  return body === undefined ? undefined : grouping.dollars!.prefix + body + grouping.dollars!.suffix
}

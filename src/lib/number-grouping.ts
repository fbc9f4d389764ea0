// How the reader's language writes a whole number, as the console server read it from Intl for the browser's
// Accept-Language (server/console/number-grouping.ts), so that figures are grouped without building an
// Intl.NumberFormat in the page: its first one reads the number data of every locale the browser has, the largest
// single cost of the overview's first render on a phone (bench/lighthouse.bench.ts prints its script time).

export interface NumberGrouping {
  /** The locale Intl resolved, for the figures this cannot write (fractions, negatives): "de-DE". */
  locale: string
  /** The locale's ten digits, 0 to 9. */
  digits: string[]
  /** Between groups: "," in English, "." in German, "" where whole numbers are not grouped. */
  separator: string
  /** The size of the group nearest the units, and of each group before it: 3 and 3, or 3 and 2 in Hindi. */
  primary: number
  secondary: number
  /** How many digits the first group needs for grouping to start: 1 ("1,000"), or 2 in Spanish ("1000", "10.000"). */
  minimumGroupingDigits: number
}

/** A non-negative safe integer written as `grouping` says. */
export function groupWhole(grouping: NumberGrouping, value: number): string {
  const plain = String(value).replace(/\d/g, (digit) => grouping.digits[Number(digit)]!)
  const { separator, primary, secondary, minimumGroupingDigits } = grouping
  if (!separator || [...plain].length < primary + minimumGroupingDigits) return plain
  const chars = [...plain]
  const groups = [chars.splice(-primary).join('')]
  while (chars.length) groups.unshift(chars.splice(-secondary).join(''))
  return groups.join(separator)
}

let current: NumberGrouping | null = null

/** How the reader's language groups whole numbers, as the console's configuration says (src/api/session.ts). */
export function groupNumbersAs(grouping: NumberGrouping | null): void {
  current = grouping
}

export const numberGrouping = (): NumberGrouping | null => current

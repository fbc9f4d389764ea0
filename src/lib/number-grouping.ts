// How the reader's language writes a number, as the console server read it from Intl for the browser's
// Accept-Language (server/console/number-grouping.ts), so that figures are written without building an
// Intl.NumberFormat in the page: its first one reads the number data of every locale the browser has, the largest
// single cost of the overview's first render on a phone (bench/lighthouse.bench.ts prints its script time).
// number-writing.ts writes a number by it, in the chunk of the pages that show figures; this module, with the
// configuration's reader in the entry, only holds it.

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
  /**
   * How the language writes an amount in US dollars, the platform's prices: what comes before and after the digits
   * ("$" and "" in English, "" and " $" in German), and the separators, which some languages set apart for money.
   * Null where the server could not match Intl's way of writing dollars: the page's Intl writes them.
   */
  dollars: { prefix: string; suffix: string; separator: string; decimal: string } | null
}

let current: NumberGrouping | null = null

/** How the reader's language writes numbers, as the console's configuration says (src/api/session.ts). */
export function groupNumbersAs(grouping: NumberGrouping | null): void {
  current = grouping
}

export const numberGrouping = (): NumberGrouping | null => current

// A number the reader typed, read the way their language writes numbers (number-grouping.ts): "1.000" is a thousand
// to a German reader and "1,5" one and a half. Grouping is read only where it stands where the language puts it, so
// input that could be taken two ways ("1.5" in German) is refused rather than guessed at.

import type { NumberGrouping } from './number-grouping'

/** How the console reads and writes numbers when the server sent no language's way: English, as Intl's "en". */
const ENGLISH: Pick<NumberGrouping, 'digits' | 'separator' | 'decimal' | 'primary' | 'secondary'> = {
  digits: [...'0123456789'],
  separator: ',',
  decimal: '.',
  primary: 3,
  secondary: 3,
}

// The marks of direction some languages put around a sign (Arabic's), which a reader neither sees nor types apart.
const BIDI_MARKS = /[\u200e\u200f\u061c]/g

// Characters a reader types for the language's separator, which look alike: French writes a narrow no-break space
// between groups and a reader types a space; Swiss German an apostrophe, typed straight or curly.
const ALIKE = [new Set([' ', '\u00a0', '\u202f']), new Set(["'", '\u2019'])]
const typedFor = (separator: string, char: string) =>
  ALIKE.some((alike) => alike.has(separator) && alike.has(char)) ? separator : char

/** Whether the groups of a whole number's digits are the sizes the language groups by: 1 to 3, then 3s, in English. */
function groupedAsWritten(groups: string[], primary: number, secondary: number): boolean {
  const last = groups.length - 1
  return groups.every((group, i) => {
    if (!/^\d+$/.test(group)) return false
    if (i === last) return group.length === primary
    return i === 0 ? group.length <= secondary : group.length === secondary
  })
}

/**
 * The number typed, in the reader's language or in plain digits. Empty is undefined; text that is not a number
 * written that way (letters, groups out of place) is NaN, so a check refuses it rather than reading a
 * number the reader did not write.
 */
export function readNumber(text: string, grouping: NumberGrouping | null): number | undefined {
  const { digits, separator, decimal, primary, secondary } = grouping ?? ENGLISH
  const ascii = [...text.replace(BIDI_MARKS, '').trim()]
    .map((char) => {
      const digit = digits.indexOf(char)
      if (digit >= 0) return String(digit)
      return char === '\u2212' ? '-' : typedFor(separator, char)
    })
    .join('')
  if (ascii === '') return undefined
  // A minus before the digits, or where the language writes its sign after them, there.
  const after = grouping?.negative.suffix.replace(BIDI_MARKS, '').replace('\u2212', '-')
  const sign = ascii.startsWith('-') ? 1 : after && ascii.endsWith(after) ? -after.length : 0
  const unsigned = sign > 0 ? ascii.slice(sign) : sign < 0 ? ascii.slice(0, sign) : ascii
  const [whole = '', fraction, ...more] = unsigned.split(decimal)
  if (more.length) return Number.NaN
  const groups = separator ? whole.split(separator) : [whole]
  if (groups.length > 1 && !groupedAsWritten(groups, primary, secondary)) return Number.NaN
  const plain = `${sign ? '-' : ''}${groups.join('')}${fraction === undefined ? '' : `.${fraction}`}`
  // An exponent is read as JavaScript reads one ("1e9"): a reader who types it means that number.
  return /^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(plain) ? Number(plain) : Number.NaN
}

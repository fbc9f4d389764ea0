/**
 * How the console orders names everywhere: as `Intl.Collator('en', { numeric: true, sensitivity: 'base' })` does,
 * naturally ("net-2" before "net-10") and regardless of case. Names of printable ASCII, nearly all of them, are
 * compared here by that collator's own order (ASCII_ORDER; its unit test checks it against Intl): the first collation
 * a page asks of Intl sets up ICU's collation data, which the overview paid to order a few flavor and model names.
 * Other names go to the collator, built on first use.
 */
export function compareText(x: string, y: string): number {
  if (!printable(x) || !printable(y)) {
    collator ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' })
    return collator.compare(x, y)
  }
  let i = 0
  let j = 0
  while (i < x.length && j < y.length) {
    if (isDigit(x.charCodeAt(i)) && isDigit(y.charCodeAt(j))) {
      const endX = digitsEnd(x, i)
      const endY = digitsEnd(y, j)
      const order = compareNumerals(x.slice(i, endX), y.slice(j, endY))
      if (order) return order
      i = endX
      j = endY
      continue
    }
    const a = RANK[x.charCodeAt(i)]!
    const b = RANK[y.charCodeAt(j)]!
    if (a !== b) return a < b ? -1 : 1
    i++
    j++
  }
  return (i < x.length ? 1 : 0) - (j < y.length ? 1 : 0)
}

let collator: Intl.Collator | undefined

/** Printable ASCII in the collator's order, a letter's two cases alike; digits rank as a run's place among the rest. */
export const ASCII_ORDER = ` _-,;:!?.'"()[]{}@*/\\&#%\`^+<=>|~$0123456789abcdefghijklmnopqrstuvwxyz`
const RANK = new Uint8Array(128)
for (let i = 0; i < ASCII_ORDER.length; i++) {
  const code = ASCII_ORDER.charCodeAt(i)
  RANK[code] = i + 1
  if (code >= 97 && code <= 122) RANK[code - 32] = i + 1
}

function printable(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 32 || code > 126) return false
  }
  return true
}

const isDigit = (code: number) => code >= 48 && code <= 57

function digitsEnd(text: string, from: number): number {
  let end = from
  while (end < text.length && isDigit(text.charCodeAt(end))) end++
  return end
}

/** Two runs of digits by the number they write: leading zeros do not count, as in the collator. */
function compareNumerals(x: string, y: string): number {
  const a = x.replace(/^0+(?=\d)/, '')
  const b = y.replace(/^0+(?=\d)/, '')
  if (a.length !== b.length) return a.length < b.length ? -1 : 1
  return a < b ? -1 : a > b ? 1 : 0
}

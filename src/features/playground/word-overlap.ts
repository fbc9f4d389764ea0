// The word-overlap baseline: no model, computed in the browser. Each text becomes the bag of its content words (a
// crude stem of each, function words left out), hashed into a fixed number of signed dimensions and scaled to unit
// length, so two texts' cosine is the share of words they have in common. It is offered beside the catalog's models
// under its own name, never a model's: it shows what a model's meaning adds over shared words.

/** The name the baseline goes by wherever a model's would show: the compare field, the comparison, the history. */
export const WORD_OVERLAP = 'Word overlap (no model)'

export const isWordOverlap = (model: string) => model === WORD_OVERLAP

/** Its vector size: enough that two of a few hundred distinct words rarely share a dimension. */
export const WORD_OVERLAP_DIMENSIONS = 1024

const WORD = /[\p{L}\p{N}]+/gu

const STOP_WORDS = new Set(
  (
    'a about after all along an and any are as at be been before but by can did do does for from had has have he her ' +
    'his i if in into is it its me my no not of on or our out over she so than that the their them then there these ' +
    'they this to too up us was we were what when where which who will with would you your'
  ).split(' '),
)

// English suffixes, longest first; a stem keeps at least three letters, so "cats" and "cat" are one word.
const SUFFIXES = ['ingly', 'ings', 'ing', 'edly', 'ies', 'ied', 'ed', 'es', 'ly', 's']

function stem(word: string): string {
  for (const suffix of SUFFIXES)
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) return word.slice(0, -suffix.length)
  return word
}

/** FNV-1a, then murmur3's finaliser: a stable hash of a word, the same on every browser. */
function hash(word: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 0x01000193)
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/** The content words of a text, stemmed, with how often each occurs. */
export function contentWords(text: string): Map<string, number> {
  const counts = new Map<string, number>()
  for (const word of text.normalize('NFKC').toLowerCase().match(WORD) ?? []) {
    if (STOP_WORDS.has(word)) continue
    const stemmed = stem(word)
    counts.set(stemmed, (counts.get(stemmed) ?? 0) + 1)
  }
  return counts
}

/** One unit vector per text, row-major; a text with no content word is the zero vector (similar to nothing). */
export function wordOverlapVectors(texts: readonly string[]): Float32Array {
  const size = WORD_OVERLAP_DIMENSIONS
  const out = new Float32Array(texts.length * size)
  texts.forEach((text, row) => {
    const vector = out.subarray(row * size, (row + 1) * size)
    // Repeats count sublinearly: a word said twice is not twice the topic.
    for (const [word, count] of contentWords(text)) {
      const h = hash(word)
      vector[(h >>> 1) % size]! += h & 1 ? -Math.sqrt(count) : Math.sqrt(count)
    }
    let norm = 0
    for (const value of vector) norm += value * value
    if (norm > 0) for (let i = 0; i < size; i++) vector[i]! /= Math.sqrt(norm)
  })
  return out
}

// Turns a text into weighted lexical features: word unigrams and bigrams, a crude stem of each word and
// its character trigrams, so that inflections ("cat", "cats"; "jump", "jumping") still overlap. Frequent function words are down-weighted,
// as inverse document frequency would do, so "the" and "a" do not make unrelated sentences look alike.

export type Features = Map<string, number>

const WORD = /[\p{L}\p{N}]+/gu

const UNIGRAM_WEIGHT = 1
const BIGRAM_WEIGHT = 0.6
const STEM_WEIGHT = 0.7
const TRIGRAM_WEIGHT = 0.3
const STOP_WORD_FACTOR = 0.2

const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by can do does for from had has have he her his i if in into is it its ' +
    'me my no not of on or our she so than that the their them then there these they this to too us was ' +
    'we were what when where which who will with would you your'
  ).split(' '),
)

// English suffixes, longest first; a stem keeps at least three letters ("sing" stays "sing").
const SUFFIXES = ['ingly', 'ings', 'ing', 'edly', 'ies', 'ied', 'ed', 'es', 'ly', 's']

function stem(word: string): string {
  for (const suffix of SUFFIXES) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) return word.slice(0, -suffix.length)
  }
  return word
}

interface Accumulator {
  count: number
  weight: number
}

function add(acc: Map<string, Accumulator>, key: string, weight: number): void {
  const entry = acc.get(key)
  if (entry) entry.count++
  else acc.set(key, { count: 1, weight })
}

function addTrigrams(acc: Map<string, Accumulator>, chars: string[], weight: number): void {
  if (chars.length < 3) {
    add(acc, `c:${chars.join('')}`, weight)
    return
  }
  for (let i = 0; i + 3 <= chars.length; i++) add(acc, `c:${chars[i]}${chars[i + 1]}${chars[i + 2]}`, weight)
}

// Sublinear term frequency: a repeated word counts, but ten repeats are not ten times one. (sqrt, not log:
// IEEE 754 rounds it exactly, so vectors are bit-identical on every platform.)
function weigh(acc: Map<string, Accumulator>): Features {
  const features: Features = new Map()
  for (const [key, { count, weight }] of acc) features.set(key, weight * Math.sqrt(count))
  return features
}

/** Weighted features of a text; never empty for a non-empty text. */
export function textFeatures(text: string): Features {
  const normalised = text.normalize('NFKC').toLowerCase()
  const words = normalised.match(WORD) ?? []
  const acc = new Map<string, Accumulator>()
  let previous: string | undefined
  for (const word of words) {
    const stop = STOP_WORDS.has(word)
    add(acc, `w:${word}`, stop ? UNIGRAM_WEIGHT * STOP_WORD_FACTOR : UNIGRAM_WEIGHT)
    if (!stop) {
      add(acc, `s:${stem(word)}`, STEM_WEIGHT)
      addTrigrams(acc, Array.from(`<${word}>`), TRIGRAM_WEIGHT)
    }
    if (previous !== undefined) {
      const bothStop = stop && STOP_WORDS.has(previous)
      add(acc, `b:${previous} ${word}`, bothStop ? BIGRAM_WEIGHT * STOP_WORD_FACTOR : BIGRAM_WEIGHT)
    }
    previous = word
  }
  // Text with no letters or digits (punctuation, emoji, whitespace) is described by its characters instead.
  if (words.length === 0) addTrigrams(acc, Array.from(normalised), UNIGRAM_WEIGHT)
  return weigh(acc)
}

/** Features of token ids whose text is empty (ids that are only part of a multi-byte character): ids and id pairs. */
export function tokenIdFeatures(ids: readonly number[]): Features {
  const acc = new Map<string, Accumulator>()
  for (let i = 0; i < ids.length; i++) {
    add(acc, `t:${ids[i]}`, UNIGRAM_WEIGHT)
    if (i > 0) add(acc, `tb:${ids[i - 1]} ${ids[i]}`, BIGRAM_WEIGHT)
  }
  return weigh(acc)
}

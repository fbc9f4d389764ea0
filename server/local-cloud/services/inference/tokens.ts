// Token counting and token-id inputs use OpenAI's cl100k_base encoding (gpt-tokenizer). The catalog's
// models have their own tokenizers (Llama 3, XLM-RoBERTa, BERT WordPiece…), so counts are an
// approximation of what each model would count: close for English text, further off for other languages.

import { decode, isWithinTokenLimit } from 'gpt-tokenizer/encoding/cl100k_base'

// Text is embedded as written: "<|endoftext|>" inside an input is ordinary text, not a control token.
const AS_PLAIN_TEXT = { disallowedSpecial: new Set<string>() }

// The range OpenAI documents for token-id inputs: cl100k_base's ordinary tokens 0–100255 and
// <|endoftext|> (100257); 100256 is unassigned in the vocabulary.
export const MAX_TOKEN_ID = 100257
const UNASSIGNED_TOKEN_ID = 100256

export const TOKEN_ID_RULE = `integers from 0 to ${MAX_TOKEN_ID} of the cl100k_base vocabulary, except the unassigned ${UNASSIGNED_TOKEN_ID}`

export function isTokenId(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= MAX_TOKEN_ID && value !== UNASSIGNED_TOKEN_ID
}

/**
 * cl100k_base's pre-tokenizer makes one piece of a whole run of letters, of punctuation or of white space, and
 * byte-pair merging costs the square of a piece's length (a word of some thousand characters takes seconds). Runs
 * at least this long, which no natural-language word reaches, are counted in pieces of this length,
 * so the cost stays linear; text without such runs is counted exactly as the tokenizer counts it.
 */
export const LONG_RUN = 256
// Maximal runs of one class; the alternatives cannot overlap, so scanning is linear.
const RUN = /\p{L}+|[^\s\p{L}\p{N}]+|\s+/gu

/** The text's token count, or false as soon as it exceeds `limit` (so a huge input costs little). */
export function countTokensWithin(text: string, limit: number): number | false {
  let total = 0
  const add = (segment: string): boolean => {
    if (segment.length === 0) return true
    const count = isWithinTokenLimit(segment, limit - total, AS_PLAIN_TEXT)
    if (count === false) return false
    total += count
    return true
  }
  let from = 0
  for (const run of text.matchAll(RUN)) {
    if (run[0].length < LONG_RUN) continue
    if (!add(text.slice(from, run.index))) return false
    for (const piece of pieces(run[0], LONG_RUN)) if (!add(piece)) return false
    from = run.index + run[0].length
  }
  return add(from === 0 ? text : text.slice(from)) ? total : false
}

/** `text` cut into pieces of at most `size` UTF-16 units, never between the halves of a surrogate pair. */
function* pieces(text: string, size: number): Generator<string> {
  let start = 0
  while (start < text.length) {
    let end = Math.min(text.length, start + size)
    const last = text.charCodeAt(end - 1)
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--
    yield text.slice(start, end)
    start = end
  }
}

/** The text that token ids stand for, so `input: [tokens]` embeds like the text it encodes. Ids must satisfy isTokenId. */
export function decodeTokens(ids: readonly number[]): string {
  return decode(ids)
}

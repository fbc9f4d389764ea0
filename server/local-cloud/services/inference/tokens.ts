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

/** The text's token count, or false as soon as it exceeds `limit` (so a huge input costs little). */
export function countTokensWithin(text: string, limit: number): number | false {
  return isWithinTokenLimit(text, limit, AS_PLAIN_TEXT)
}

/** The text that token ids stand for, so `input: [tokens]` embeds like the text it encodes. Ids must satisfy isTokenId. */
export function decodeTokens(ids: readonly number[]): string {
  return decode(ids)
}

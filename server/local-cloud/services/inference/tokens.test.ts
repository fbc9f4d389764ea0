import { decode, encode } from 'gpt-tokenizer/encoding/cl100k_base'
import { describe, expect, it } from 'vitest'
import { countTokensWithin, decodeTokens, isTokenId, MAX_TOKEN_ID } from './tokens.ts'

describe('tokens', () => {
  it('accepts the documented token-id range, every id of which the tokenizer decodes', () => {
    for (let id = -1; id <= MAX_TOKEN_ID + 30; id++) {
      let decodes = true
      try {
        decode([id])
      } catch {
        decodes = false
      }
      if (isTokenId(id) && !decodes) expect.fail(`token id ${id} is accepted but does not decode`)
      if (decodes && id <= MAX_TOKEN_ID && !isTokenId(id)) expect.fail(`token id ${id} decodes but is refused`)
    }
    expect(isTokenId(MAX_TOKEN_ID + 1)).toBe(false)
    expect(isTokenId(1.5)).toBe(false)
  })

  it('counts tokens like the tokenizer, and stops at the limit', () => {
    const text = 'Embeddings turn text into vectors of numbers.'
    const n = encode(text).length
    expect(countTokensWithin(text, n)).toBe(n)
    expect(countTokensWithin(text, n - 1)).toBe(false)
  })

  it('treats special-token markup in an input as plain text', () => {
    expect(countTokensWithin('end <|endoftext|>', 100)).toBeGreaterThan(1)
  })

  it('decodes token ids back to their text', () => {
    expect(decodeTokens(encode('hello world'))).toBe('hello world')
  })
})

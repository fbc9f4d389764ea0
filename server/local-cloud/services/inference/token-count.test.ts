import { countTokens } from 'gpt-tokenizer/encoding/cl100k_base'
import { describe, expect, it } from 'vitest'
import { countTokensWithin, LONG_RUN } from './tokens.ts'

// What the tokenizer itself counts: the count before runs were cut into pieces.
const exact = (text: string) => countTokens(text, { disallowedSpecial: new Set<string>() })

// A varied corpus of ordinary inputs: none has a run of LONG_RUN characters, so each must count exactly.
const CORPUS = [
  'Embeddings turn text into vectors of numbers.',
  "The quick brown fox jumps over the lazy dog. It's 9:30 — we'll see what they've done, isn't it?",
  'function add(a: number, b: number): number {\n    return a + b // sum\n}\r\n\r\n\tconst x = [1, 2, 3].map((n) => n ** 2)',
  '{"id": "3f2a9c1e-8b7d-4e6f-a1b2-c3d4e5f60718", "tags": [{"name": "env", "value": "production"}], "size": 1024}',
  'Donaudampfschifffahrtsgesellschaftskapitän und Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz',
  '東京は日本の首都です。人口は約1400万人で、世界最大級の都市圏を形成しています。',
  'مرحبا بالعالم، هذه جملة باللغة العربية مع أرقام ١٢٣ و 456.',
  'नमस्ते दुनिया, यह हिंदी में एक वाक्य है।',
  'Emoji: 👩‍👩‍👧‍👦 🇫🇷 👍🏽 ❤️‍🔥 and maths 𝒜𝓁𝓅𝒽𝒶 ∑∫√∞',
  'https://example.com/api/v2/networks?organizationID=acme&projectID=123#section-4.2 mailto:ops@example.com',
  'aGVsbG8gd29ybGQhIFRoaXMgaXMgYmFzZTY0IGVuY29kZWQgdGV4dCB3aXRoIHNvbWUgcGFkZGluZw==',
  'deadbeefcafebabe0123456789abcdef 3.14159265358979 1,000,000 2026-11-22T09:18:00Z',
  `indented${' '.repeat(200)}text\n\n\n${'\n'.repeat(100)}after ${'-'.repeat(120)} rule ${'='.repeat(255)}`,
  'special <|endoftext|> and <|fim_prefix|> markup is plain text',
  `${'x'.repeat(LONG_RUN - 1)} ${'Ab'.repeat(127)}`,
  'Ünïcödé àccénts, ñ, ß, ø, Ł, ğ, ș — “quotes” ‘single’ … ellipsis',
]

describe('token counting', () => {
  it('counts ordinary text exactly as the tokenizer does', () => {
    for (const text of CORPUS) expect(countTokensWithin(text, Number.MAX_SAFE_INTEGER), text).toBe(exact(text))
    const all = CORPUS.join('\n')
    expect(countTokensWithin(all, Number.MAX_SAFE_INTEGER)).toBe(exact(all))
  })

  it('stops at the limit exactly where the tokenizer’s count passes it', () => {
    for (const text of CORPUS) {
      const n = exact(text)
      expect(countTokensWithin(text, n)).toBe(n)
      expect(countTokensWithin(text, n - 1)).toBe(false)
    }
  })

  it('counts an unbroken run in pieces, close to the exact count', () => {
    let word = ''
    for (let seed = 7; word.length < 4 * LONG_RUN + 37;) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      word += String.fromCharCode(97 + (seed % 26))
    }
    for (const text of [word, `before ${word} after`, '-'.repeat(5000), ' '.repeat(5000), '𝒜'.repeat(3000)]) {
      const counted = countTokensWithin(text, Number.MAX_SAFE_INTEGER) as number
      expect(Math.abs(counted - exact(text)) / exact(text), text.slice(0, 20)).toBeLessThan(0.1)
    }
  })

  it('costs time in proportion to the input: a megabyte-long word is counted at once', () => {
    const word = 'ab'.repeat(512 * 1024)
    const started = performance.now()
    const counted = countTokensWithin(word, Number.MAX_SAFE_INTEGER)
    expect(counted).toBeGreaterThan(word.length / 8)
    // The tokenizer alone took about 46 s for 128 k characters here.
    expect(performance.now() - started).toBeLessThan(2000)
    expect(countTokensWithin(word, 8192)).toBe(false)
  })

  it('counts a long word of random letters in linear time', () => {
    let word = ''
    for (let seed = 11; word.length < 32 * 1024;) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      word += String.fromCharCode(97 + (seed % 26))
    }
    const started = performance.now()
    expect(countTokensWithin(word, Number.MAX_SAFE_INTEGER)).toBeGreaterThan(word.length / 4)
    // Merging it as one piece took about 4 s here; in pieces it takes a tenth of that.
    expect(performance.now() - started).toBeLessThan(1500)
  })
})

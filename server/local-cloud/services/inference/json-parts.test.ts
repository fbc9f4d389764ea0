import { describe, expect, it } from 'vitest'
import { jsonParts } from './json-parts.ts'

const text = (parts: Uint8Array[]) => Buffer.concat(parts).toString('utf8')

describe('jsonParts', () => {
  it('writes JSON.stringify’s text, in parts of at most 256 KB', () => {
    const answer = {
      object: 'list',
      data: Array.from({ length: 300 }, (_, index) => ({
        object: 'embedding',
        index,
        embedding: Array.from({ length: 384 }, (_, d) => Math.sin(index * 384 + d) / 7),
      })),
      model: 'bge-m3',
      skipped: undefined,
      usage: { prompt_tokens: 900, total_tokens: 900 },
    }
    const parts = jsonParts(answer)
    expect(parts.length).toBeGreaterThan(1)
    for (const part of parts) expect(part.byteLength).toBeLessThanOrEqual(256 * 1024)
    expect(text(parts)).toBe(JSON.stringify(answer))
  })

  it('keeps a character whole where it meets the end of a part', () => {
    // Three-byte characters, so one of them reaches across 256 KB unless it is moved whole to the next part.
    const answer = { data: Array.from({ length: 40 }, (_, i) => `${i}:${'€'.repeat(4000)}`) }
    expect(text(jsonParts(answer))).toBe(JSON.stringify(answer))
  })

  it('writes an error body, a bare array and a scalar as JSON.stringify does', () => {
    for (const value of [{ error: { message: 'no', param: null } }, [1, 'a', { b: [2] }], 'x', 3, null])
      expect(text(jsonParts(value))).toBe(JSON.stringify(value))
  })
})

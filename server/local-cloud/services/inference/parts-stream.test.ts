import { describe, expect, it } from 'vitest'
import { inParts } from './parts-stream.ts'

describe('an embeddings answer in parts', () => {
  it('gives the event loop a turn between parts, so other requests are answered while a large answer is written', async () => {
    const parts = Array.from({ length: 4 }, (_, i) => new Uint8Array([i]))
    const reader = inParts(parts).getReader()
    const seen: string[] = []
    // Another request's work, queued as the first part is read: it must run before the writer has them all.
    setImmediate(() => seen.push('other'))
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      seen.push(`part ${value[0]}`)
    }
    expect(seen.indexOf('other')).toBeGreaterThan(0)
    expect(seen.indexOf('other')).toBeLessThan(seen.length - 1)
  })

  it('hands out every part, in order, whole', async () => {
    const parts = [
      new TextEncoder().encode('{"data":['),
      new TextEncoder().encode('1,2'),
      new TextEncoder().encode(']}'),
    ]
    expect(await new Response(inParts(parts)).text()).toBe('{"data":[1,2]}')
  })
})

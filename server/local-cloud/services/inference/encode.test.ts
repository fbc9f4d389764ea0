import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { toBase64, toFloatList } from './encode.ts'

// Exactly how the official OpenAI Node SDK turns a base64 embedding back into numbers.
function decodeLikeOpenAiSdk(b64: string): number[] {
  const buf = Buffer.from(b64, 'base64')
  return Array.from(new Float32Array(buf.buffer, buf.byteOffset, buf.length / Float32Array.BYTES_PER_ELEMENT))
}

const float32Vectors = fc
  .array(fc.float({ noNaN: true, noDefaultInfinity: true }), { minLength: 1, maxLength: 64 })
  .map((xs) => Float32Array.from(xs))

describe('embedding encodings', () => {
  it('base64 decodes, as the OpenAI SDK does, to exactly the float32 values', () => {
    fc.assert(
      fc.property(float32Vectors, (v) => {
        expect(decodeLikeOpenAiSdk(toBase64(v))).toEqual(Array.from(v))
      }),
    )
  })

  it('writes little-endian float32 bytes whatever the host', () => {
    expect([...Buffer.from(toBase64(Float32Array.of(1, -2)), 'base64')]).toEqual([
      0x00, 0x00, 0x80, 0x3f, 0x00, 0x00, 0x00, 0xc0,
    ])
  })

  it('float numbers round back to exactly the float32 values that base64 carries', () => {
    fc.assert(
      fc.property(float32Vectors, (v) => {
        // Compared as a client sees them: through JSON, which writes -0 as 0 (x + 0 turns -0 into 0).
        const floats: number[] = JSON.parse(JSON.stringify(toFloatList(v)))
        expect(floats.map((x) => Math.fround(x))).toEqual(decodeLikeOpenAiSdk(toBase64(v)).map((x) => x + 0))
      }),
    )
  })

  it('prints typical unit-vector components with at most ten significant digits', () => {
    const v = Float32Array.from({ length: 1024 }, (_, i) => Math.sin(i * 7.3) / 32)
    for (const x of toFloatList(v)) expect(String(x).replace(/^-?0\.0*/, '').length).toBeLessThanOrEqual(10)
  })
})

import { describe, expect, it } from 'vitest'
import { decodeBase64Float32 } from './float32'

// Independent encoder: write the floats little-endian with DataView, then base64 with Node's Buffer.
function encode(values: number[]): string {
  const view = new DataView(new ArrayBuffer(values.length * 4))
  values.forEach((v, i) => view.setFloat32(i * 4, v, true))
  return Buffer.from(view.buffer).toString('base64')
}

describe('decodeBase64Float32', () => {
  it('decodes little-endian float32 (1.0 is 00 00 80 3F)', () => {
    expect(Array.from(decodeBase64Float32('AACAPw=='))).toEqual([1])
    expect(Array.from(decodeBase64Float32('AACAPwAAAMAAAAA/'))).toEqual([1, -2, 0.5])
  })

  it('returns the float32 nearest to each encoded value', () => {
    const values = [0.1, -0.333, 1e-8, 12345.678, 0]
    expect(Array.from(decodeBase64Float32(encode(values)))).toEqual(Array.from(Float32Array.from(values)))
  })

  it('decodes an empty vector', () => {
    expect(decodeBase64Float32('')).toHaveLength(0)
  })

  it('rejects bytes that are not whole floats', () => {
    expect(() => decodeBase64Float32('AACA')).toThrow(RangeError)
  })
})

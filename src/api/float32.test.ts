import { describe, expect, it } from 'vitest'
import { decodeBase64Float32, packVectors } from './float32'

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

describe('packVectors', () => {
  it('packs base64 and number vectors row after row into one Float32Array', () => {
    const { data, cols } = packVectors([encode([1, 2]), [3, 4], encode([0.5, -1])])
    expect(cols).toBe(2)
    expect(Array.from(data)).toEqual([1, 2, 3, 4, 0.5, -1])
  })

  it('names the vector whose size differs from the first', () => {
    expect(() => packVectors([[1, 2], encode([1, 2, 3])])).toThrow('Vector 1 has 3 values where vector 0 has 2.')
  })

  it('names a vector that holds something other than numbers, or bytes that are not whole floats', () => {
    expect(() =>
      packVectors([
        [1, 2],
        [3, '4'],
      ]),
    ).toThrow('Vector 1 has a value that is not a number at 1.')
    expect(() => packVectors([encode([1]), 'AACA'])).toThrow(/Vector 1 is not base64 float32/)
  })

  it('packs no vectors into an empty array', () => {
    expect(packVectors([])).toEqual({ data: new Float32Array(0), cols: 0 })
  })
})

// Embeddings requested with encoding_format 'base64' arrive as base64 of little-endian float32 values, the layout the
// official OpenAI SDKs decode.

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1

function base64Bytes(base64: string): Uint8Array {
  const binary = atob(base64)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

function floatsOf(bytes: Uint8Array): Float32Array {
  if (bytes.length % 4 !== 0) {
    throw new RangeError(`base64 embedding has ${bytes.length} bytes, not a multiple of 4`)
  }
  // The bytes are little-endian; on such a host (every browser's) they are the floats as they stand.
  if (LITTLE_ENDIAN) return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4)
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length)
  const out = new Float32Array(bytes.length / 4)
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true)
  return out
}

/** Decodes base64 little-endian float32 into a Float32Array; throws RangeError when the bytes are not whole floats. */
export function decodeBase64Float32(base64: string): Float32Array {
  return floatsOf(base64Bytes(base64))
}

/**
 * Packs equally long vectors, row after row, into one Float32Array: base64 strings are decoded, number arrays are
 * checked to hold only numbers. Throws a RangeError that names the first vector that is malformed or of another size.
 */
export function packVectors(vectors: readonly (string | readonly unknown[])[]): { data: Float32Array; cols: number } {
  let data = new Float32Array(0)
  let cols = 0
  vectors.forEach((vector, row) => {
    let floats: Float32Array | readonly unknown[]
    try {
      floats = typeof vector === 'string' ? decodeBase64Float32(vector) : vector
    } catch (error) {
      throw new RangeError(`Vector ${row} is not base64 float32 (${error instanceof Error ? error.message : error}).`)
    }
    if (row === 0) {
      cols = floats.length
      data = new Float32Array(vectors.length * cols)
    } else if (floats.length !== cols) {
      throw new RangeError(`Vector ${row} has ${floats.length} values where vector 0 has ${cols}.`)
    }
    if (floats instanceof Float32Array) {
      data.set(floats, row * cols)
      return
    }
    for (let k = 0; k < cols; k++) {
      const value = floats[k]
      if (typeof value !== 'number') throw new RangeError(`Vector ${row} has a value that is not a number at ${k}.`)
      data[row * cols + k] = value
    }
  })
  return { data, cols }
}

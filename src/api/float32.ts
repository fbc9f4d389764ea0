// Embeddings requested with encoding_format 'base64' arrive as base64 of little-endian float32 values, the layout the
// official OpenAI SDKs decode.

/** Decodes base64 little-endian float32 into a Float32Array; throws RangeError when the bytes are not whole floats. */
export function decodeBase64Float32(base64: string): Float32Array {
  const binary = atob(base64)
  if (binary.length % 4 !== 0) {
    throw new RangeError(`base64 embedding has ${binary.length} bytes, not a multiple of 4`)
  }
  const view = new DataView(new ArrayBuffer(binary.length))
  for (let i = 0; i < binary.length; i++) view.setUint8(i, binary.charCodeAt(i))
  const out = new Float32Array(binary.length / 4)
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true)
  return out
}

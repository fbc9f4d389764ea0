// The two wire encodings of an embedding. Both carry exactly the same float32 values, so a client
// gets the same numbers whichever `encoding_format` it asks for.

/** Little-endian float32 bytes in base64, as the OpenAI SDKs decode them (`Buffer.from(b64, 'base64')` → Float32Array). */
export function toBase64(v: Float32Array): string {
  const bytes = new Uint8Array(v.length * 4)
  const view = new DataView(bytes.buffer)
  // DataView with littleEndian=true writes the same bytes whatever the host's byte order.
  for (let i = 0; i < v.length; i++) view.setFloat32(i * 4, v[i]!, true)
  return Buffer.from(bytes.buffer).toString('base64')
}

const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i)

/**
 * JSON numbers that round back to exactly the float32 values. Ten significant digits always do (nine
 * suffice; the tenth covers Math.log10 being one off near a power of ten), and keep the JSON about half
 * the size of printing the float32 values as full doubles. Scaling by a power of ten is exact up to 10^22
 * and an order of magnitude faster than toPrecision, which matters at 2048 × 1024 numbers.
 */
export function toFloatList(v: Float32Array): number[] {
  const out = new Array<number>(v.length)
  for (let i = 0; i < v.length; i++) {
    const x = v[i]!
    const magnitude = Math.abs(x)
    if (magnitude >= 1e-12 && magnitude < 1) {
      const scale = POW10[9 - Math.floor(Math.log10(magnitude))]!
      out[i] = Math.round(x * scale) / scale
    } else if (magnitude === 0) {
      out[i] = 0
    } else {
      out[i] = Number(x.toPrecision(10))
    }
  }
  return out
}

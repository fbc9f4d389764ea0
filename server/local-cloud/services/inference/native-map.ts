// Each embedding model of the catalog answers in its own native dimensions, from the one sentence encoder's vector:
// a fixed linear map per model, seeded by the model's id, so the same text gives the same vector on every run and
// different models give different vectors.
//
// - Native dimensions of at least the encoder's (768, 1024): the map's columns are orthonormal, so it is an isometry:
//   every cosine similarity is exactly the encoder's (up to float32 rounding).
// - Fewer (384): no linear map into fewer dimensions keeps every cosine. The map's rows are orthonormal: it keeps the
//   vector's component in a fixed random subspace of that many dimensions, then the vector is scaled back to unit
//   length. That is a random projection: cosines are kept approximately (about ±0.05 at 384 of 512), and the order
//   of neighbours almost always.
//
// `dimensions` then keeps a prefix of the native vector and renormalises it, as with any model.

import { hashString, mix32 } from './hash.ts'

/** A model's map from the encoder's space to its native one. */
export type NativeMap = (v: Float32Array) => Float64Array

/** Uniform numbers in [0, 1) from a seeded 32-bit generator, the same on every machine. */
function uniforms(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    return mix32(state) / 2 ** 32
  }
}

/**
 * The fixed map of `modelId` from `encoderDims` to `nativeDims` dimensions: the vector, padded with zeros to the
 * larger of the two, is rotated, and the first `nativeDims` components kept. The rotation is a product of Givens
 * rotations, layer after layer: each layer pairs every component with another at random and turns each pair by a
 * random angle. It is orthogonal by construction, so the map is exact to float64 rounding; after three layers per
 * doubling every output component draws on every input one, so any prefix of the result (what `dimensions` keeps)
 * is a random projection rather than a few of the encoder's own dimensions. It costs no set-up and some 50
 * multiplications per component.
 */
export function nativeMap(modelId: string, encoderDims: number, nativeDims: number): NativeMap {
  const size = Math.max(encoderDims, nativeDims)
  const next = uniforms(hashString(modelId, 0))
  const layers = 3 * Math.ceil(Math.log2(size))
  const half = Math.floor(size / 2)
  const pairs = new Uint32Array(layers * half * 2)
  const cos = new Float64Array(layers * half)
  const sin = new Float64Array(layers * half)
  const order = Uint32Array.from({ length: size }, (_, i) => i)
  for (let layer = 0; layer < layers; layer++) {
    for (let i = size - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1))
      const t = order[i]!
      order[i] = order[j]!
      order[j] = t
    }
    for (let p = 0; p < half; p++) {
      const k = layer * half + p
      pairs[2 * k] = order[2 * p]!
      pairs[2 * k + 1] = order[2 * p + 1]!
      const angle = 2 * Math.PI * next()
      cos[k] = Math.cos(angle)
      sin[k] = Math.sin(angle)
    }
  }
  return (v) => {
    const x = new Float64Array(size)
    for (let i = 0; i < encoderDims; i++) x[i] = v[i]!
    for (let k = 0; k < cos.length; k++) {
      const i = pairs[2 * k]!
      const j = pairs[2 * k + 1]!
      const a = x[i]!
      const b = x[j]!
      x[i] = cos[k]! * a - sin[k]! * b
      x[j] = sin[k]! * a + cos[k]! * b
    }
    return nativeDims === size ? x : x.slice(0, nativeDims)
  }
}

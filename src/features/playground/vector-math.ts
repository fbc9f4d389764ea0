// The playground's vector math, pure and allocation-light so the worker can run it on thousands of vectors.
// Vectors are rows of one row-major Float32Array (n × d), the layout that can be handed to a worker without copying.

import { gramWasm } from './wasm-kernels'

export interface Matrix {
  data: Float32Array
  rows: number
  cols: number
}

export function matrixFrom(vectors: ArrayLike<number>[]): Matrix {
  const rows = vectors.length
  const cols = vectors[0]?.length ?? 0
  const data = new Float32Array(rows * cols)
  vectors.forEach((vector, i) => {
    if (vector.length !== cols) throw new RangeError(`vector ${i} has ${vector.length} values, expected ${cols}`)
    data.set(vector, i * cols)
  })
  return { data, rows, cols }
}

function dot(a: Float32Array, aOffset: number, b: Float32Array, bOffset: number, length: number): number {
  let s0 = 0
  let s1 = 0
  let s2 = 0
  let s3 = 0
  let k = 0
  for (; k + 3 < length; k += 4) {
    s0 += a[aOffset + k]! * b[bOffset + k]!
    s1 += a[aOffset + k + 1]! * b[bOffset + k + 1]!
    s2 += a[aOffset + k + 2]! * b[bOffset + k + 2]!
    s3 += a[aOffset + k + 3]! * b[bOffset + k + 3]!
  }
  for (; k < length; k++) s0 += a[aOffset + k]! * b[bOffset + k]!
  return s0 + s1 + s2 + s3
}

/** The Euclidean norm of each row. */
export function rowNorms(m: Matrix): Float32Array {
  const out = new Float32Array(m.rows)
  for (let i = 0; i < m.rows; i++) out[i] = Math.sqrt(dot(m.data, i * m.cols, m.data, i * m.cols, m.cols))
  return out
}

/** A copy with every row scaled to length 1; an all-zero row stays zero (its similarity to anything is 0). */
export function normalizeRows(m: Matrix): Matrix {
  const data = new Float32Array(m.data)
  const norms = rowNorms(m)
  for (let i = 0; i < m.rows; i++) {
    const norm = norms[i]!
    if (norm === 0) continue
    const offset = i * m.cols
    for (let k = 0; k < m.cols; k++) data[offset + k]! /= norm
  }
  return { data, rows: m.rows, cols: m.cols }
}

export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const x = Float32Array.from(a)
  const y = Float32Array.from(b)
  const denominator = Math.sqrt(dot(x, 0, x, 0, x.length) * dot(y, 0, y, 0, y.length))
  return denominator === 0 ? 0 : dot(x, 0, y, 0, Math.min(x.length, y.length)) / denominator
}

/**
 * The cosine similarity of every pair of the first `limit` rows of an already normalised matrix, as a symmetric
 * limit × limit matrix: by the WebAssembly SIMD kernel where the runtime has one, else by the JavaScript loops.
 */
export function similarityMatrix(normalized: Matrix, limit = normalized.rows): Float32Array {
  const n = Math.min(limit, normalized.rows)
  return gramWasm(normalized.data, n, normalized.cols) ?? similarityMatrixScalar(normalized, n)
}

/**
 * The JavaScript fallback. The upper triangle is computed three rows against four at a time, so each loaded
 * value serves several products (12 sums in registers).
 */
function similarityMatrixScalar(normalized: Matrix, n: number): Float32Array {
  const d = normalized.cols
  const a = normalized.data
  const out = new Float32Array(n * n)
  // Rows three at a time against columns four at a time: each value loaded from memory serves three or four products,
  // which measured faster than 2 × 4 in V8 (4 × 4 runs out of registers). Only the upper triangle is computed; each
  // product is written to both halves.
  let i = 0
  for (; i + 2 < n; i += 3) {
    diagonalBlock(a, d, out, n, i, 3)
    const i0 = i * d
    const i1 = i0 + d
    const i2 = i1 + d
    let j = i + 3
    for (; j + 3 < n; j += 4) {
      const j0 = j * d
      const j1 = j0 + d
      const j2 = j1 + d
      const j3 = j2 + d
      let s00 = 0,
        s01 = 0,
        s02 = 0,
        s03 = 0
      let s10 = 0,
        s11 = 0,
        s12 = 0,
        s13 = 0
      let s20 = 0,
        s21 = 0,
        s22 = 0,
        s23 = 0
      for (let k = 0; k < d; k++) {
        const w0 = a[j0 + k]!
        const w1 = a[j1 + k]!
        const w2 = a[j2 + k]!
        const w3 = a[j3 + k]!
        let u = a[i0 + k]!
        s00 += u * w0
        s01 += u * w1
        s02 += u * w2
        s03 += u * w3
        u = a[i1 + k]!
        s10 += u * w0
        s11 += u * w1
        s12 += u * w2
        s13 += u * w3
        u = a[i2 + k]!
        s20 += u * w0
        s21 += u * w1
        s22 += u * w2
        s23 += u * w3
      }
      setRow(out, n, i, j, s00, s01, s02, s03)
      setRow(out, n, i + 1, j, s10, s11, s12, s13)
      setRow(out, n, i + 2, j, s20, s21, s22, s23)
    }
    for (; j < n; j++) {
      for (let r = 0; r < 3; r++) out[(i + r) * n + j] = out[j * n + i + r] = dot(a, (i + r) * d, a, j * d, d)
    }
  }
  // The last one or two rows: their products with earlier rows were written as columns above.
  diagonalBlock(a, d, out, n, i, n - i)
  return out
}

/** Products among rows i … i+size−1 (both halves). */
function diagonalBlock(a: Float32Array, d: number, out: Float32Array, n: number, i: number, size: number) {
  for (let r = i; r < i + size; r++) {
    for (let c = r; c < i + size; c++) out[r * n + c] = out[c * n + r] = dot(a, r * d, a, c * d, d)
  }
}

function setRow(out: Float32Array, n: number, i: number, j: number, s0: number, s1: number, s2: number, s3: number) {
  out[i * n + j] = out[j * n + i] = s0
  out[i * n + j + 1] = out[(j + 1) * n + i] = s1
  out[i * n + j + 2] = out[(j + 2) * n + i] = s2
  out[i * n + j + 3] = out[(j + 3) * n + i] = s3
}

export interface Ranked {
  index: number
  score: number
}

/** Rows of a normalised matrix ranked by cosine similarity to the query, most similar first. */
export function rankBySimilarity(normalized: Matrix, query: ArrayLike<number>): Ranked[] {
  const q = Float32Array.from(query)
  const norm = Math.sqrt(dot(q, 0, q, 0, q.length))
  if (q.length !== normalized.cols)
    throw new RangeError(`the query has ${q.length} dimensions, the inputs ${normalized.cols}`)
  const ranked: Ranked[] = []
  for (let i = 0; i < normalized.rows; i++) {
    ranked.push({ index: i, score: norm === 0 ? 0 : dot(normalized.data, i * normalized.cols, q, 0, q.length) / norm })
  }
  return ranked.sort((x, y) => y.score - x.score || x.index - y.index)
}

/** A small deterministic generator (mulberry32), so a projection is the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

// The playground's vector math, pure and allocation-light so the worker can run it on thousands of vectors.
// Vectors are rows of one row-major Float32Array (n × d), the layout that can be handed to a worker without copying.

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

export function row(m: Matrix, i: number): Float32Array {
  return m.data.subarray(i * m.cols, (i + 1) * m.cols)
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
 * limit × limit matrix. The upper triangle is computed two rows against four at a time, so each loaded value serves
 * several products (8 sums in registers); JavaScript has no SIMD, so this is where the time goes.
 */
export function similarityMatrix(normalized: Matrix, limit = normalized.rows): Float32Array {
  const n = Math.min(limit, normalized.rows)
  const d = normalized.cols
  const a = normalized.data
  const out = new Float32Array(n * n)
  // Rows three at a time against columns four at a time: each value loaded from memory serves three or four
  // products, which measured ~20% faster than 2 × 4 in V8 (4 × 4 runs out of registers). Only the upper triangle
  // is computed; each product is written to both halves.
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
      let s00 = 0, s01 = 0, s02 = 0, s03 = 0
      let s10 = 0, s11 = 0, s12 = 0, s13 = 0
      let s20 = 0, s21 = 0, s22 = 0, s23 = 0
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
  if (q.length !== normalized.cols) throw new RangeError(`the query has ${q.length} dimensions, the inputs ${normalized.cols}`)
  const ranked: Ranked[] = []
  for (let i = 0; i < normalized.rows; i++) {
    ranked.push({ index: i, score: norm === 0 ? 0 : dot(normalized.data, i * normalized.cols, q, 0, q.length) / norm })
  }
  return ranked.sort((x, y) => y.score - x.score || x.index - y.index)
}

export interface Projection {
  /** x, y of each row, interleaved. */
  coords: Float32Array
  /** The share of the total variance each axis explains, 0..1. */
  explained: [number, number]
  iterations: number
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

interface PowerOptions {
  maxIterations?: number
  tolerance?: number
  seed?: number
}

// Two axes are wanted; iterating on a few more makes convergence depend on λ7/λ2 rather than λ3/λ2, which on
// embeddings (many axes of similar weight) cuts the rounds from a hundred or more to a dozen or so.
const BLOCK = 6
// Convergence when the two axes turn by less than ~3·10⁻³ rad in a round: under a pixel of a 500-pixel scatter.

/**
 * The two leading eigenvectors (and eigenvalues) of a symmetric positive semi-definite operator by block power
 * iteration with a Rayleigh–Ritz step each round: multiply the block, rotate it to the eigenvectors of its small
 * restriction Q^T A Q, orthonormalise. `multiply` writes A·q into z for each vector of the block.
 */
function leadingPair(size: number, multiply: (q: Float64Array[], z: Float64Array[]) => void, options: PowerOptions) {
  const { maxIterations = 200, tolerance = 1e-5, seed = 42 } = options
  const block = Math.min(BLOCK, size)
  const random = seededRandom(seed)
  let q: Float64Array[] = Array.from({ length: block }, () => Float64Array.from({ length: size }, () => random() - 0.5))
  orthonormaliseAll(q)
  let iterations = 0
  let values: number[] = []
  while (iterations < maxIterations) {
    iterations++
    const z = q.map(() => new Float64Array(size))
    multiply(q, z)
    const small = q.map((qi) => z.map((zj) => dot64(qi, zj)))
    const { vectors, values: ritzValues } = symmetricEigen(small)
    values = ritzValues
    const rotatedQ = rotateBlock(q, vectors)
    const rotatedZ = rotateBlock(z, vectors)
    orthonormaliseAll(rotatedZ)
    const change = 2 - Math.abs(dot64(rotatedZ[0]!, rotatedQ[0]!)) - Math.abs(dot64(rotatedZ[1] ?? rotatedZ[0]!, rotatedQ[1] ?? rotatedQ[0]!))
    q = rotatedZ
    if (change < tolerance) break
  }
  const zero = new Float64Array(size)
  return { q1: q[0] ?? zero, q2: q[1] ?? zero, values: [values[0] ?? 0, values[1] ?? 0] as [number, number], iterations }
}

/** Columns of `vectors` combine the block: out_j = Σ_i vectors[i][j] · block_i. */
function rotateBlock(block: Float64Array[], vectors: number[][]): Float64Array[] {
  const size = block[0]?.length ?? 0
  return block.map((_, j) => {
    const out = new Float64Array(size)
    block.forEach((b, i) => {
      const w = vectors[i]![j]!
      if (w !== 0) for (let k = 0; k < size; k++) out[k]! += w * b[k]!
    })
    return out
  })
}

/** Eigenvalues (descending) and eigenvectors (as columns) of a small symmetric matrix, by cyclic Jacobi rotations. */
export function symmetricEigen(matrix: number[][]): { values: number[]; vectors: number[][] } {
  const n = matrix.length
  const a = matrix.map((r, i) => r.map((v, j) => (i === j ? v : 0.5 * (v + matrix[j]![i]!))))
  const v: number[][] = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)))
  for (let sweep = 0; sweep < 50; sweep++) {
    let off = 0
    for (let p = 0; p < n; p++) for (let r = p + 1; r < n; r++) off += a[p]![r]! ** 2
    if (off < 1e-22) break
    for (let p = 0; p < n; p++) {
      for (let r = p + 1; r < n; r++) {
        if (Math.abs(a[p]![r]!) < 1e-300) continue
        const theta = (a[r]![r]! - a[p]![p]!) / (2 * a[p]![r]!)
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1))
        const c = 1 / Math.sqrt(t * t + 1)
        const s = t * c
        for (let k = 0; k < n; k++) {
          const akp = a[k]![p]!
          const akr = a[k]![r]!
          a[k]![p] = c * akp - s * akr
          a[k]![r] = s * akp + c * akr
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p]![k]!
          const ark = a[r]![k]!
          a[p]![k] = c * apk - s * ark
          a[r]![k] = s * apk + c * ark
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k]![p]!
          const vkr = v[k]![r]!
          v[k]![p] = c * vkp - s * vkr
          v[k]![r] = s * vkp + c * vkr
        }
      }
    }
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((x, y) => a[y]![y]! - a[x]![x]!)
  return { values: order.map((i) => a[i]![i]!), vectors: v.map((r) => order.map((i) => r[i]!)) }
}

/** Flips each axis so that the point farthest along it lies on its positive side: the same picture on every run. */
function orient(coords: Float32Array) {
  for (const axis of [0, 1]) {
    let far = axis
    for (let i = axis; i < coords.length; i += 2) if (Math.abs(coords[i]!) > Math.abs(coords[far]!)) far = i
    if (coords[far]! < 0) for (let i = axis; i < coords.length; i += 2) coords[i] = -coords[i]!
  }
}

/**
 * The first two principal components of the rows, without forming the d × d covariance: each round computes
 * Xc^T (Xc q) in two passes over the rows. Centring is implicit (Xc q = X q − μ·q), so no centred copy is made.
 * Costs 4·n·d per round; with a similarity matrix at hand, pca2FromGram is cheaper when n < d.
 */
export function pca2(m: Matrix, options: PowerOptions = {}): Projection {
  const { rows: n, cols: d, data } = m
  const mean = new Float64Array(d)
  for (let i = 0; i < n; i++) for (let k = 0; k < d; k++) mean[k]! += data[i * d + k]!
  for (let k = 0; k < d; k++) mean[k]! /= Math.max(n, 1)
  const y = new Float64Array(n)
  const { q1, q2, iterations } = leadingPair(
    d,
    (qs, zs) => {
      qs.forEach((q, t) => {
        project(data, n, d, mean, q, y)
        const z = zs[t]!
        for (let i = 0; i < n; i++) {
          const a = y[i]!
          const offset = i * d
          for (let k = 0; k < d; k++) z[k]! += data[offset + k]! * a
        }
        // Σ_i y_i μ is zero because y is centred, so z = Xc^T y already.
      })
    },
    options,
  )
  const y1 = new Float64Array(n)
  const y2 = new Float64Array(n)
  project(data, n, d, mean, q1, y1)
  project(data, n, d, mean, q2, y2)
  let total = 0
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < d; k++) {
      const c = data[i * d + k]! - mean[k]!
      total += c * c
    }
  }
  const coords = new Float32Array(2 * n)
  for (let i = 0; i < n; i++) {
    coords[2 * i] = y1[i]!
    coords[2 * i + 1] = y2[i]!
  }
  orient(coords)
  return { coords, explained: total === 0 ? [0, 0] : [dot64(y1, y1) / total, dot64(y2, y2) / total], iterations }
}

/**
 * The same projection from the n × n Gram matrix (for normalised rows: the similarity matrix), by "dual PCA":
 * centre it (G = H S H), take its two leading eigenvectors u with eigenvalues λ, and the coordinates are √λ·u.
 * Costs 2·n² per round instead of 4·n·d, so it is the cheap route once the similarity matrix has been computed.
 */
export function pca2FromGram(gram: Float32Array, n: number, options: PowerOptions = {}): Projection {
  const rowMean = new Float64Array(n)
  let grand = 0
  for (let i = 0; i < n; i++) {
    let sum = 0
    for (let j = 0; j < n; j++) sum += gram[i * n + j]!
    rowMean[i] = sum / n
    grand += sum
  }
  grand /= n * n
  const centred = new Float32Array(n * n)
  let trace = 0
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) centred[i * n + j] = gram[i * n + j]! - rowMean[i]! - rowMean[j]! + grand
    trace += centred[i * n + i]!
  }
  const { q1, q2, values, iterations } = leadingPair(
    n,
    (qs, zs) => {
      // Three vectors per pass over the matrix: each loaded value serves three products.
      const spare = new Float64Array(n)
      for (let t = 0; t < qs.length; t += 3) {
        const qa = qs[t]!
        const qb = qs[t + 1] ?? qa
        const qc = qs[t + 2] ?? qa
        const za = zs[t]!
        const zb = zs[t + 1] ?? spare
        const zc = zs[t + 2] ?? spare
        for (let i = 0; i < n; i++) {
          const offset = i * n
          let sa = 0
          let sb = 0
          let sc = 0
          for (let j = 0; j < n; j++) {
            const g = centred[offset + j]!
            sa += g * qa[j]!
            sb += g * qb[j]!
            sc += g * qc[j]!
          }
          za[i] = sa
          zb[i] = sb
          zc[i] = sc
        }
      }
    },
    options,
  )
  const l1 = Math.max(values[0], 0)
  const l2 = Math.max(values[1], 0)
  const coords = new Float32Array(2 * n)
  for (let i = 0; i < n; i++) {
    coords[2 * i] = Math.sqrt(l1) * q1[i]!
    coords[2 * i + 1] = Math.sqrt(l2) * q2[i]!
  }
  orient(coords)
  return { coords, explained: trace <= 0 ? [0, 0] : [l1 / trace, l2 / trace], iterations }
}

/** y = Xc q, with Xc the rows minus their mean. */
function project(data: Float32Array, n: number, d: number, mean: Float64Array, q: Float64Array, y: Float64Array) {
  const shift = dot64(mean, q)
  for (let i = 0; i < n; i++) {
    let sum = 0
    const offset = i * d
    for (let k = 0; k < d; k++) sum += data[offset + k]! * q[k]!
    y[i] = sum - shift
  }
}

function dot64(a: Float64Array, b: Float64Array): number {
  let s = 0
  for (let k = 0; k < a.length; k++) s += a[k]! * b[k]!
  return s
}

/** Modified Gram–Schmidt in place; a vector that vanishes stays zero. */
function orthonormaliseAll(block: Float64Array[]) {
  block.forEach((v, i) => {
    for (let j = 0; j < i; j++) {
      const u = block[j]!
      const overlap = dot64(u, v)
      for (let k = 0; k < v.length; k++) v[k]! -= overlap * u[k]!
    }
    scale(v)
  })
}

function scale(v: Float64Array) {
  const norm = Math.sqrt(dot64(v, v))
  if (norm === 0) return
  for (let k = 0; k < v.length; k++) v[k]! /= norm
}

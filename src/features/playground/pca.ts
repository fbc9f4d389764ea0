// The playground's 2-D projection: the first two principal components, by block power iteration either on the
// rows (pca2) or, cheaper once the similarity matrix exists, on the n × n Gram matrix (pca2FromGram).

import { seededRandom, type Matrix } from './vector-math'
import { matrixOperatorWasm } from './wasm-kernels'

export interface Projection {
  /** x, y of each row, interleaved. */
  coords: Float32Array
  /** The share of the total variance each axis explains, 0..1. */
  explained: [number, number]
  iterations: number
}

interface PowerOptions {
  maxIterations?: number
  tolerance?: number
  seed?: number
}

// Two axes are wanted; iterating on a few more makes convergence depend on λ7/λ2 rather than λ3/λ2, which on embeddings
// (many axes of similar weight) cuts the rounds needed by far (bench/vector-math.bench.ts times the PCA).
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
    const change =
      2 -
      Math.abs(dot64(rotatedZ[0]!, rotatedQ[0]!)) -
      Math.abs(dot64(rotatedZ[1] ?? rotatedZ[0]!, rotatedQ[1] ?? rotatedQ[0]!))
    q = rotatedZ
    if (change < tolerance) break
  }
  const zero = new Float64Array(size)
  return {
    q1: q[0] ?? zero,
    q2: q[1] ?? zero,
    values: [values[0] ?? 0, values[1] ?? 0] as [number, number],
    iterations,
  }
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
  // Centring stays implicit, so no second n × n matrix is made: (H G H q)_i = (G q)_i − r_i·Σq − r·q + ḡ·Σq,
  // with r the row means and ḡ their mean. Its trace is Σ (G_ii − 2 r_i + ḡ).
  let trace = 0
  for (let i = 0; i < n; i++) trace += gram[i * n + i]! - 2 * rowMean[i]! + grand
  const multiplyGram = matrixOperatorWasm(gram, n) ?? ((qs, zs) => multiplyScalar(gram, n, qs, zs))
  const multiply = (qs: Float64Array[], zs: Float64Array[]) => {
    multiplyGram(qs, zs)
    qs.forEach((q, t) => {
      let sum = 0
      let meanDot = 0
      for (let j = 0; j < n; j++) {
        sum += q[j]!
        meanDot += rowMean[j]! * q[j]!
      }
      const z = zs[t]!
      const shift = grand * sum - meanDot
      for (let i = 0; i < n; i++) z[i] = z[i]! - rowMean[i]! * sum + shift
    })
  }
  const { q1, q2, values, iterations } = leadingPair(n, multiply, options)
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

/** The JavaScript fallback for z_t = M q_t: three vectors per pass over M, so each loaded value serves three products. */
function multiplyScalar(m: Float32Array, n: number, qs: Float64Array[], zs: Float64Array[]) {
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
        const g = m[offset + j]!
        sa += g * qa[j]!
        sb += g * qb[j]!
        sc += g * qc[j]!
      }
      za[i] = sa
      zb[i] = sb
      zc[i] = sc
    }
  }
}

// How much two embedding models agree on the same inputs, independent of their scales: the rank correlation of every
// pair's similarity (Spearman), and how many of a search's top hits the two share.

/** Ranks from 1, ties given their average rank (so a tie counts the same whichever order it was listed in). */
export function ranks(values: Float32Array | readonly number[]): Float64Array {
  // The native numeric sort of a typed array and a binary search per value: no comparator calls, which matters at
  // the half million pairs of a 1,000-input run.
  const sorted = Float64Array.from(values).sort()
  const out = new Float64Array(values.length)
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!
    const first = bound(sorted, value, false)
    const last = bound(sorted, value, true)
    // Positions first … last−1 hold the value: their average rank, counting from 1.
    out[i] = (first + last + 1) / 2
  }
  return out
}

/** The first position whose value is ≥ value (or > value when `after`). */
function bound(sorted: Float64Array, value: number, after: boolean): number {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (sorted[middle]! < value || (after && sorted[middle] === value)) low = middle + 1
    else high = middle
  }
  return low
}

function pearson(x: Float64Array, y: Float64Array): number {
  const n = x.length
  let meanX = 0
  let meanY = 0
  for (let i = 0; i < n; i++) {
    meanX += x[i]!
    meanY += y[i]!
  }
  meanX /= n
  meanY /= n
  let sxy = 0
  let sxx = 0
  let syy = 0
  for (let i = 0; i < n; i++) {
    const dx = x[i]! - meanX
    const dy = y[i]! - meanY
    sxy += dx * dy
    sxx += dx * dx
    syy += dy * dy
  }
  return sxx === 0 || syy === 0 ? NaN : sxy / Math.sqrt(sxx * syy)
}

/** Spearman's rank correlation: 1 when both order the values alike, −1 when reversed; NaN when one is constant. */
export function spearman(x: Float32Array | readonly number[], y: Float32Array | readonly number[]): number {
  if (x.length !== y.length) throw new RangeError(`${x.length} values against ${y.length}`)
  if (x.length < 2) return NaN
  return pearson(ranks(x), ranks(y))
}

/** The pairs above the diagonal of a symmetric n × n matrix: each pair of distinct inputs once. */
export function upperTriangle(matrix: Float32Array, n: number): Float32Array {
  const out = new Float32Array((n * (n - 1)) / 2)
  let at = 0
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) out[at++] = matrix[i * n + j]!
  }
  return out
}

export interface Agreement {
  /** The rank correlation of the two models' similarities over every pair. */
  spearman: number
  /** The largest gap between the two models' similarity of one pair: 0 when both give every pair the same. */
  largestDifference: number
}

/**
 * How two models' similarities over every pair of the first n inputs agree: their rank correlation, and the largest
 * gap on any pair, which tells two models that embed alike (the same geometry, as one encoder behind two names gives)
 * from two that merely rank alike.
 */
export function pairwiseAgreement(a: Float32Array, b: Float32Array, n: number): Agreement {
  const x = upperTriangle(a, n)
  const y = upperTriangle(b, n)
  let largestDifference = 0
  for (let i = 0; i < x.length; i++) largestDifference = Math.max(largestDifference, Math.abs(x[i]! - y[i]!))
  return { spearman: spearman(x, y), largestDifference }
}

/** How many of the first k of one ranking are among the first k of the other. */
export function topKOverlap(a: readonly number[], b: readonly number[], k: number): number {
  const top = new Set(a.slice(0, k))
  return b.slice(0, k).filter((index) => top.has(index)).length
}

// How far a 2-D picture can be trusted: do inputs that sit together on the map sit together in the vectors?
// Trustworthiness (Venna & Kaski) penalises each map neighbour that is not a true neighbour by how far down the
// true ranking it is: 1 is a perfect map, about 0.5 a random one. k-NN preservation is the plainer share of each
// input's k nearest inputs that are also its k nearest on the map.

export interface ProjectionQuality {
  k: number
  trustworthiness: number
  /** Mean share of each input's k nearest neighbours (by cosine) that are also its k nearest on the map. */
  preserved: number
  /** How many inputs were scored (the first ones, up to the similarity matrix's size). */
  inputs: number
}

/** The k used for n inputs: 10, or less where trustworthiness needs it (k < n / 2). */
export function neighbourCount(n: number): number {
  return Math.max(0, Math.min(10, Math.floor((n - 1) / 2)))
}

/** Positions of the k largest scores of a row, the row's own position left out. */
function topK(score: (j: number) => number, n: number, self: number, k: number): number[] {
  const best: number[] = []
  const values: number[] = []
  for (let j = 0; j < n; j++) {
    if (j === self) continue
    const v = score(j)
    if (best.length === k && v <= values[k - 1]!) continue
    let at = best.length === k ? k - 1 : best.length
    while (at > 0 && values[at - 1]! < v) {
      best[at] = best[at - 1]!
      values[at] = values[at - 1]!
      at--
    }
    best[at] = j
    values[at] = v
    if (best.length > k) {
      best.length = k
      values.length = k
    }
  }
  return best
}

/**
 * The map's quality over the first n inputs: `similarity` is their n × n cosine matrix, `coords` holds at least n
 * (x, y) pairs. Undefined below 4 inputs, where no neighbourhood is worth scoring.
 */
export function projectionQuality(
  similarity: Float32Array,
  n: number,
  coords: Float32Array,
): ProjectionQuality | undefined {
  const k = neighbourCount(n)
  if (n < 4 || k < 1) return undefined
  let penalty = 0
  let kept = 0
  for (let i = 0; i < n; i++) {
    const row = i * n
    const xi = coords[2 * i]!
    const yi = coords[2 * i + 1]!
    const near = new Set(topK((j) => similarity[row + j]!, n, i, k))
    const onMap = topK((j) => -((coords[2 * j]! - xi) ** 2 + (coords[2 * j + 1]! - yi) ** 2), n, i, k)
    for (const j of onMap) {
      if (near.has(j)) {
        kept++
        continue
      }
      // Its rank among i's true neighbours, from 1: one more than the inputs closer to i than it is.
      const sij = similarity[row + j]!
      let rank = 1
      for (let l = 0; l < n; l++) if (l !== i && similarity[row + l]! > sij) rank++
      penalty += rank - k
    }
  }
  return {
    k,
    trustworthiness: 1 - (2 / (n * k * (2 * n - 3 * k - 1))) * penalty,
    preserved: kept / (n * k),
    inputs: n,
  }
}

// Times the playground's vector math on 1,000 inputs of 1,024 dimensions, with the same pure modules the Web Worker
// runs: normalising, the full similarity matrix, and the 2-D PCA. Target: under 500 ms for matrix + PCA.
// The worker projects from the similarity matrix it already has (dual PCA) when it computed one; the direct PCA
// (for sets too large for a matrix) is timed as well, and so is the JavaScript fallback for runtimes without
// WebAssembly SIMD. playground-analysis.bench.ts times the same work in Chromium's worker.
// Run: npx tsx bench/vector-math.bench.ts

import { pca2, pca2FromGram } from '../src/features/playground/pca'
import { normalizeRows, seededRandom, similarityMatrix, type Matrix } from '../src/features/playground/vector-math'
import { kernelsAvailable, setKernelsForTesting } from '../src/features/playground/wasm-kernels'

const ROWS = 1000
const COLS = 1024
const ROUNDS = 5

// Random vectors with some shared structure (a few latent directions), like real embeddings rather than pure noise.
function dataset(): Matrix {
  const random = seededRandom(1)
  const latent = Array.from({ length: 8 }, () => Float32Array.from({ length: COLS }, () => random() - 0.5))
  const data = new Float32Array(ROWS * COLS)
  for (let i = 0; i < ROWS; i++) {
    const weights = latent.map(() => random() * 2 - 1)
    for (let k = 0; k < COLS; k++) {
      let v = (random() - 0.5) * 0.5
      for (let l = 0; l < latent.length; l++) v += weights[l]! * latent[l]![k]!
      data[i * COLS + k] = v
    }
  }
  return { data, rows: ROWS, cols: COLS }
}

function time<T>(run: () => T): { ms: number; result: T } {
  const start = performance.now()
  const result = run()
  return { ms: performance.now() - start, result }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

const input = dataset()
const timings = {
  normalise: [] as number[],
  similarity: [] as number[],
  pca: [] as number[],
  direct: [] as number[],
  total: [] as number[],
  fallback: [] as number[],
}
let iterations = 0
let directIterations = 0
for (let round = 0; round < ROUNDS; round++) {
  const normalised = time(() => normalizeRows(input))
  const similarity = time(() => similarityMatrix(normalised.result))
  const pca = time(() => pca2FromGram(similarity.result, ROWS))
  const direct = time(() => pca2(normalised.result))
  iterations = pca.result.iterations
  directIterations = direct.result.iterations
  timings.direct.push(direct.ms)
  timings.normalise.push(normalised.ms)
  timings.similarity.push(similarity.ms)
  timings.pca.push(pca.ms)
  timings.total.push(normalised.ms + similarity.ms + pca.ms)
  setKernelsForTesting(false)
  timings.fallback.push(time(() => pca2FromGram(similarityMatrix(normalised.result), ROWS)).ms)
  setKernelsForTesting(undefined)
}

const total = median(timings.total)
console.log(
  `vector math, ${ROWS} inputs × ${COLS} dimensions (median of ${ROUNDS} rounds, ${kernelsAvailable() ? 'WebAssembly SIMD kernel' : 'JavaScript: no WebAssembly SIMD here'}):`,
)
console.log(`  normalise           ${median(timings.normalise).toFixed(1)} ms`)
console.log(`  similarity matrix   ${median(timings.similarity).toFixed(1)} ms  (${ROWS} × ${ROWS})`)
console.log(
  `  PCA to 2-D          ${median(timings.pca).toFixed(1)} ms  (from the similarity matrix, ${iterations} power iterations)`,
)
console.log(`  total               ${total.toFixed(1)} ms  (target < 500 ms: ${total < 500 ? 'met' : 'MISSED'})`)
console.log(`  (JavaScript fallback, similarity + PCA: ${median(timings.fallback).toFixed(1)} ms)`)
console.log(
  `  (direct PCA on the rows, used above ${ROWS}+ inputs without a matrix: ${median(timings.direct).toFixed(1)} ms, ${directIterations} iterations)`,
)

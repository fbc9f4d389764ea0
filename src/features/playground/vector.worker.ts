// The playground's vector math off the main thread, so the page never freezes: it wraps the pure modules and keeps
// the current run's normalised vectors for searches and projections.

import { UMAP } from 'umap-js'
import { heatmapImage, scaledBitmap } from './heatmap-image'
import { pairwiseAgreement } from './agreement'
import { pca2, pca2FromGram } from './pca'
import { projectionQuality } from './projection-quality'
import { normalizeRows, rankBySimilarity, rowNorms, seededRandom, similarityMatrix, type Matrix } from './vector-math'
import { kernelsAvailable } from './wasm-kernels'
import { HEATMAP_LIMIT, type Analysis, type WorkerRequest, type WorkerResponse } from './worker-protocol'

interface WorkerScope {
  postMessage(message: WorkerResponse, transfer?: Transferable[]): void
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null
}
const scope = self as unknown as WorkerScope

let current: Matrix | null = null
// The run's similarity matrix stays here too (the page gets its own copy): projections and agreement are scored on it.
let similarityOfCurrent: { values: Float32Array; size: number } | null = null

async function handle(request: WorkerRequest) {
  switch (request.type) {
    case 'load': {
      const started = performance.now()
      const matrix = { data: request.vectors, rows: request.rows, cols: request.cols }
      const norms = rowNorms(matrix)
      current = normalizeRows(matrix)
      const heatmapSize = Math.min(HEATMAP_LIMIT, current.rows)
      const similarity = similarityMatrix(current, heatmapSize)
      // With every input in the matrix, project from it (cheaper than from the rows when n < d).
      const pca = heatmapSize === current.rows ? pca2FromGram(similarity, heatmapSize) : pca2(current)
      similarityOfCurrent = { values: similarity.slice(), size: heatmapSize }
      const quality = projectionQuality(similarity, heatmapSize, pca.coords)
      const engine: Analysis['engine'] = kernelsAvailable() ? 'WebAssembly SIMD' : 'JavaScript'
      const heatmap = heatmapImage(similarity, heatmapSize)
      if (typeof createImageBitmap === 'function' && heatmapSize > 0)
        heatmap.bitmap = await scaledBitmap(heatmap, heatmapSize, request.side)
      const analysis = {
        norms,
        similarity,
        heatmapSize,
        heatmap,
        pca: { coords: pca.coords, explained: pca.explained, quality },
        millis: performance.now() - started,
        engine,
      }
      scope.postMessage({ id: request.id, type: 'loaded', analysis }, [
        norms.buffer,
        similarity.buffer,
        heatmap.pixels.buffer,
        pca.coords.buffer,
        ...(heatmap.bitmap ? [heatmap.bitmap] : []),
      ])
      return
    }
    case 'search': {
      if (!current) throw new Error('No run is loaded to search.')
      scope.postMessage({
        id: request.id,
        type: 'searched',
        hits: rankBySimilarity(current, request.query).slice(0, request.limit),
      })
      return
    }
    case 'umap': {
      if (!current) throw new Error('No run is loaded to project.')
      const rows = current.rows
      if (rows < 4) throw new Error('UMAP needs at least 4 inputs; PCA works with any number.')
      const data = Array.from({ length: rows }, (_, i) =>
        Array.from(current!.data.subarray(i * current!.cols, (i + 1) * current!.cols)),
      )
      const umap = new UMAP({
        nComponents: 2,
        nNeighbors: Math.min(15, rows - 1),
        minDist: 0.1,
        random: seededRandom(request.seed),
      })
      const epochs = umap.initializeFit(data)
      for (let epoch = 0; epoch < epochs; epoch++) {
        umap.step()
        if (epoch % 10 === 0) scope.postMessage({ id: request.id, type: 'progress', done: epoch, total: epochs })
      }
      const embedding = umap.getEmbedding()
      const coords = new Float32Array(rows * 2)
      embedding.forEach(([x = 0, y = 0], i) => {
        coords[2 * i] = x
        coords[2 * i + 1] = y
      })
      const quality = similarityOfCurrent
        ? projectionQuality(similarityOfCurrent.values, similarityOfCurrent.size, coords)
        : undefined
      scope.postMessage({ id: request.id, type: 'umap', coords, quality }, [coords.buffer])
      return
    }
    case 'agreement': {
      if (!similarityOfCurrent) throw new Error('No run is loaded to compare.')
      const size = Math.min(request.size, similarityOfCurrent.size)
      const own = size === similarityOfCurrent.size ? similarityOfCurrent.values : leading(similarityOfCurrent, size)
      const other = size === request.size ? request.other : leading({ values: request.other, size: request.size }, size)
      scope.postMessage({ id: request.id, type: 'agreed', agreement: pairwiseAgreement(own, other, size) })
      return
    }
  }
}

/** The top-left size × size block of a square matrix. */
function leading(matrix: { values: Float32Array; size: number }, size: number): Float32Array {
  const out = new Float32Array(size * size)
  for (let i = 0; i < size; i++) out.set(matrix.values.subarray(i * matrix.size, i * matrix.size + size), i * size)
  return out
}

scope.onmessage = (event) => {
  handle(event.data).catch((error: unknown) =>
    scope.postMessage({
      id: event.data.id,
      type: 'error',
      message: error instanceof Error ? error.message : String(error),
    }),
  )
}

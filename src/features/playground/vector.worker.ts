// The playground's vector math off the main thread, so the page never freezes: it wraps the pure modules and keeps
// the current run's normalised vectors for searches and projections.

import { UMAP } from 'umap-js'
import { heatmapImage, scaledBitmap } from './heatmap-image'
import { pca2, pca2FromGram } from './pca'
import { normalizeRows, rankBySimilarity, rowNorms, seededRandom, similarityMatrix, type Matrix } from './vector-math'
import { kernelsAvailable } from './wasm-kernels'
import { HEATMAP_LIMIT, type Analysis, type WorkerRequest, type WorkerResponse } from './worker-protocol'

interface WorkerScope {
  postMessage(message: WorkerResponse, transfer?: Transferable[]): void
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null
}
const scope = self as unknown as WorkerScope

let current: Matrix | null = null

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
      const engine: Analysis['engine'] = kernelsAvailable() ? 'WebAssembly SIMD' : 'JavaScript'
      const heatmap = heatmapImage(similarity, heatmapSize)
      if (typeof createImageBitmap === 'function' && heatmapSize > 0)
        heatmap.bitmap = await scaledBitmap(heatmap, heatmapSize, request.side)
      const analysis = {
        norms,
        similarity,
        heatmapSize,
        heatmap,
        pca: { coords: pca.coords, explained: pca.explained },
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
      scope.postMessage({ id: request.id, type: 'umap', coords }, [coords.buffer])
      return
    }
  }
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

// Messages between the playground page and its vector worker. Vectors travel as transferred Float32Arrays.

import type { Agreement } from './agreement'
import type { HeatmapImage } from './heatmap-image'
import type { ProjectionQuality } from './projection-quality'

/** The heatmap's largest side: 2,000 inputs are 4 million cells, 16 MB of similarities and 16 MB of pixels. */
export const HEATMAP_LIMIT = 2000

export type WorkerRequest =
  | {
      id: number
      type: 'load'
      vectors: Float32Array
      rows: number
      cols: number
      /** The heatmap canvas's side in device pixels: the worker scales the heatmap to it. */
      side: number
    }
  | { id: number; type: 'search'; query: Float32Array; limit: number }
  | { id: number; type: 'umap'; seed: number }
  /** The rank correlation of this run's pair similarities with another model's over the same inputs. */
  | { id: number; type: 'agreement'; other: Float32Array; size: number }

export interface Analysis {
  norms: Float32Array
  /** Cosine similarities of the first `heatmapSize` inputs, row-major. */
  similarity: Float32Array
  heatmapSize: number
  /** The similarities above as pixels on the colour scale, ready for a canvas. */
  heatmap: HeatmapImage
  pca: { coords: Float32Array; explained: [number, number]; quality?: ProjectionQuality }
  millis: number
  /** What ran the similarity and PCA loops: the SIMD kernel, or the JavaScript fallback where it cannot load. */
  engine: 'WebAssembly SIMD' | 'JavaScript'
}

export interface SearchHit {
  index: number
  score: number
}

export type WorkerResponse =
  | { id: number; type: 'loaded'; analysis: Analysis }
  | { id: number; type: 'searched'; hits: SearchHit[] }
  | { id: number; type: 'progress'; done: number; total: number }
  | { id: number; type: 'umap'; coords: Float32Array; quality?: ProjectionQuality }
  | { id: number; type: 'agreed'; agreement: Agreement }
  | { id: number; type: 'error'; message: string }

// The page's side of the vector worker: one worker per page, each call a promise matched by id.

import type { Agreement } from './agreement'
import type { ProjectionQuality } from './projection-quality'
import type { Analysis, SearchHit, WorkerRequest, WorkerResponse } from './worker-protocol'

type Pending = {
  resolve: (response: WorkerResponse) => void
  reject: (error: Error) => void
  onProgress?: (done: number, total: number) => void
}

export interface VectorWorker {
  load(vectors: Float32Array, rows: number, cols: number, side: number): Promise<Analysis>
  search(query: Float32Array, limit: number): Promise<SearchHit[]>
  umap(
    seed: number,
    onProgress: (done: number, total: number) => void,
  ): Promise<{ coords: Float32Array; quality?: ProjectionQuality }>
  /** Spearman's correlation of this run's pair similarities with another's (its first `size` inputs). */
  agreement(other: Float32Array, size: number): Promise<Agreement>
  terminate(): void
}

type Omit2<T> = T extends unknown ? Omit<T, 'id'> : never

// Copies of a run's vectors made off the page's thread (Answer.copies), each one taken by one load.
const offered = new WeakMap<Float32Array, Float32Array[]>()

/** Offers copies of `vectors` for loads to transfer instead of copying the vectors on the page's thread. */
export function offerCopies(vectors: Float32Array, copies: Float32Array[]) {
  if (copies.length > 0) offered.set(vectors, copies)
}

export function createVectorWorker(): VectorWorker {
  const worker = new Worker(new URL('./vector.worker.ts', import.meta.url), { type: 'module' })
  const pending = new Map<number, Pending>()
  let nextId = 1

  worker.onmessage = (event: MessageEvent<WorkerResponse>) => {
    const response = event.data
    const call = pending.get(response.id)
    if (!call) return
    if (response.type === 'progress') return call.onProgress?.(response.done, response.total)
    pending.delete(response.id)
    if (response.type === 'error') call.reject(new Error(response.message))
    else call.resolve(response)
  }
  worker.onerror = (event) => {
    for (const call of pending.values()) call.reject(new Error(event.message || 'The vector worker failed.'))
    pending.clear()
  }

  function send(
    request: Omit2<WorkerRequest>,
    transfer: Transferable[] = [],
    onProgress?: Pending['onProgress'],
  ): Promise<WorkerResponse> {
    const id = nextId++
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject, onProgress })
      worker.postMessage({ ...request, id }, transfer)
    })
  }

  return {
    async load(vectors, rows, cols, side) {
      // A copy is transferred, so the run keeps its own vectors: an offered one, else one made here.
      const copy = offered.get(vectors)?.pop() ?? new Float32Array(vectors)
      const response = await send({ type: 'load', vectors: copy, rows, cols, side }, [copy.buffer])
      if (response.type !== 'loaded') throw new Error(`unexpected worker answer ${response.type}`)
      return response.analysis
    },
    async search(query, limit) {
      const response = await send({ type: 'search', query, limit })
      if (response.type !== 'searched') throw new Error(`unexpected worker answer ${response.type}`)
      return response.hits
    },
    async umap(seed, onProgress) {
      const response = await send({ type: 'umap', seed }, [], onProgress)
      if (response.type !== 'umap') throw new Error(`unexpected worker answer ${response.type}`)
      return { coords: response.coords, quality: response.quality }
    },
    async agreement(other, size) {
      // A copy is transferred: the page keeps drawing the other heatmap from its own.
      const copy = other.slice(0, size * size)
      const response = await send({ type: 'agreement', other: copy, size }, [copy.buffer])
      if (response.type !== 'agreed') throw new Error(`unexpected worker answer ${response.type}`)
      return response.agreement
    },
    terminate() {
      worker.terminate()
      for (const call of pending.values()) call.reject(new Error('The vector worker was stopped.'))
      pending.clear()
    },
  }
}

// A run's vectors as the API sent them (base64 strings or number arrays) into one row-major Float32Array. Base64 is
// decoded in a short-lived worker so the page never stalls on it; number arrays are already parsed, and sending them
// to a worker would cost the main thread as much as checking them here.

import { packVectors } from '../../api/float32'

export type UnpackRequest = { vectors: string[] }
export type UnpackResponse = { ok: true; data: Float32Array; cols: number } | { ok: false; message: string }

export async function unpackVectors(
  vectors: readonly (string | readonly unknown[])[],
): Promise<{ data: Float32Array; cols: number }> {
  const strings = vectors.filter((vector): vector is string => typeof vector === 'string')
  if (strings.length !== vectors.length || typeof Worker === 'undefined') return packVectors(vectors)
  const worker = new Worker(new URL('./unpack.worker.ts', import.meta.url), { type: 'module' })
  try {
    const response = await new Promise<UnpackResponse>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<UnpackResponse>) => resolve(event.data)
      worker.onerror = (event) => reject(new Error(event.message || 'The decoding worker failed.'))
      worker.postMessage({ vectors: strings } satisfies UnpackRequest)
    })
    if (!response.ok) throw new RangeError(response.message)
    return { data: response.data, cols: response.cols }
  } finally {
    worker.terminate()
  }
}

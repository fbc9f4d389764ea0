// Decodes a run's base64 vectors off the main thread: a thousand of them take tens of milliseconds to unpack.

import { packVectors } from '../../api/float32'
import type { UnpackRequest, UnpackResponse } from './unpack'

interface WorkerScope {
  postMessage(message: UnpackResponse, transfer?: Transferable[]): void
  onmessage: ((event: MessageEvent<UnpackRequest>) => void) | null
}
const scope = self as unknown as WorkerScope

scope.onmessage = (event) => {
  try {
    const { data, cols } = packVectors(event.data.vectors)
    scope.postMessage({ ok: true, data, cols }, [data.buffer])
  } catch (error) {
    scope.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) })
  }
}

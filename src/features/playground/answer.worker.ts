// Fetches and reads an embeddings answer off the main thread (see fetchAnswerOffThread); the vectors come back
// transferred.

import { fetchAnswer, type WorkerAnswer, type WorkerRequest } from './answer'

interface WorkerScope {
  postMessage(message: WorkerAnswer, transfer?: Transferable[]): void
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null
}
const scope = self as unknown as WorkerScope

scope.onmessage = async ({ data: { url, init } }) => {
  try {
    const answer = await fetchAnswer(url, init, fetch)
    const vectors = answer.read?.ok ? answer.read.answer : undefined
    scope.postMessage(answer, vectors ? [vectors.data.buffer, vectors.indices.buffer] : [])
  } catch (error) {
    scope.postMessage({ failed: error instanceof Error ? error.message : String(error) })
  }
}

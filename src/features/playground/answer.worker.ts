// Fetches and reads an embeddings answer off the main thread (see fetchAnswerOffThread); the vectors come back
// transferred.

import { fetchAnswer, type WorkerAnswer, type WorkerRequest } from './answer'

interface WorkerScope {
  postMessage(message: WorkerAnswer, transfer?: Transferable[]): void
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null
}
const scope = self as unknown as WorkerScope

scope.onmessage = async ({ data: { url, init, copies } }) => {
  try {
    const answer = await fetchAnswer(url, init, fetch)
    const vectors = answer.read?.ok ? answer.read.answer : undefined
    if (vectors) vectors.copies = Array.from({ length: copies }, () => vectors.data.slice())
    scope.postMessage(
      answer,
      vectors ? [vectors.data.buffer, vectors.indices.buffer, ...vectors.copies.map((copy) => copy.buffer)] : [],
    )
  } catch (error) {
    scope.postMessage({ failed: error instanceof Error ? error.message : String(error) })
  }
}

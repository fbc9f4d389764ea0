// Reads an embeddings answer's text off the main thread (see readAnswer); the vectors come back transferred.

import { readAnswer, type AnswerResponse } from './answer'

interface WorkerScope {
  postMessage(message: AnswerResponse, transfer?: Transferable[]): void
  onmessage: ((event: MessageEvent<string>) => void) | null
}
const scope = self as unknown as WorkerScope

scope.onmessage = (event) => {
  try {
    const answer = readAnswer(event.data)
    scope.postMessage({ ok: true, answer }, [answer.data.buffer, answer.indices.buffer])
  } catch (error) {
    scope.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) })
  }
}

// The embeddings thread: validates, counts and embeds one request at a time, off the server's event loop, and
// answers with the serialized body, whose bytes are moved (not copied) back to the server's thread.

import { parentPort } from 'node:worker_threads'
import type { ModelEntry } from '../aiproxy/models.ts'
import { handleEmbeddings } from './embeddings.ts'
import { type HandlerResult, invalidRequest } from './errors.ts'

export interface EmbeddingsJob {
  id: number
  /** The request body's bytes (UTF-8 JSON), parsed here rather than on the server's thread. */
  body: Uint8Array
  models: ModelEntry[]
}

export type EmbeddingsAnswer = { id: number; status: number; json: Uint8Array } | { id: number; failed: string }

const encoder = new TextEncoder()
const decoder = new TextDecoder()

function answer(job: EmbeddingsJob): HandlerResult {
  let body: unknown
  try {
    body = JSON.parse(decoder.decode(job.body))
  } catch {
    return invalidRequest(
      'We could not parse the JSON body of your request: it is not valid JSON.',
      null,
      'invalid_request',
    )
  }
  return handleEmbeddings(body, { models: job.models })
}

parentPort?.on('message', (job: EmbeddingsJob) => {
  let reply: EmbeddingsAnswer
  try {
    const result = answer(job)
    reply = { id: job.id, status: result.status, json: encoder.encode(JSON.stringify(result.body)) }
  } catch (error) {
    reply = { id: job.id, failed: error instanceof Error ? (error.stack ?? error.message) : String(error) }
  }
  parentPort?.postMessage(reply, 'json' in reply ? [reply.json.buffer as ArrayBuffer] : [])
})

import type { IncomingMessage } from 'node:http'
import { ApiError } from './errors.ts'

export const DEFAULT_BODY_LIMIT = 1024 * 1024

/** `application/json`, any `+json` type, with or without parameters such as charset. */
export function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false
  const type = header.split(';')[0]?.trim().toLowerCase() ?? ''
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'))
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length']
  if (length !== undefined) return Number(length) > 0
  return req.headers['transfer-encoding'] !== undefined
}

/** Reads the raw body, failing with 413 as soon as it passes `limit` bytes. */
export function readRawBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > limit) return Promise.reject(tooLarge(limit))
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    let failed = false
    req.on('data', (chunk: Buffer) => {
      if (failed) return
      size += chunk.length
      if (size > limit) {
        failed = true
        reject(tooLarge(limit))
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks))
    })
    req.on('error', (error) => {
      if (!failed) reject(new ApiError('invalid_request', `the request body could not be read: ${error.message}`))
      failed = true
    })
  })
}

function tooLarge(limit: number): ApiError {
  // The connection is closed after this answer, so the rest of an oversized upload is not read.
  return new ApiError('request_entity_too_large', `the request body is larger than the limit of ${limit} bytes`, {
    Connection: 'close',
  })
}

/**
 * The JSON body of a write request: 415 for another content type, 413 past the limit,
 * 400 when it is missing or is not JSON (the message never echoes the input).
 */
export async function readJsonBody(req: IncomingMessage, limit = DEFAULT_BODY_LIMIT): Promise<unknown> {
  if (!hasBody(req)) throw new ApiError('invalid_request', 'the request body is required and must be a JSON document')
  if (!isJsonContentType(req.headers['content-type'])) {
    throw new ApiError('unsupported_media_type', 'the request body must be sent with Content-Type: application/json')
  }
  const raw = await readRawBody(req, limit)
  if (raw.length === 0)
    throw new ApiError('invalid_request', 'the request body is required and must be a JSON document')
  try {
    return JSON.parse(raw.toString('utf8')) as unknown
  } catch {
    throw new ApiError('invalid_request', 'the request body is not valid JSON')
  }
}

import { CloudError } from './errors.ts'

const DEFAULT_BODY_LIMIT = 1024 * 1024

/** `application/json`, any `+json` type, with or without parameters such as charset. */
function isJsonContentType(header: string | null | undefined): boolean {
  if (!header) return false
  const type = header.split(';')[0]?.trim().toLowerCase() ?? ''
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'))
}

const required = () => new CloudError('invalid_request', 'the request body is required and must be a JSON document')

function tooLarge(limit: number): CloudError {
  // The connection is closed after this answer, so the rest of an oversized upload is not read.
  return new CloudError('request_entity_too_large', `the request body is larger than the limit of ${limit} bytes`, {
    Connection: 'close',
  })
}

/** Reads the raw body, failing with 413 as soon as it passes `limit` bytes (declared or streamed). */
async function readRawBody(request: Request, limit: number): Promise<Uint8Array> {
  if (Number(request.headers.get('content-length') ?? 0) > limit) throw tooLarge(limit)
  if (!request.body) return new Uint8Array()
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      // Stop reading; the rest is left to the connection, which this answer closes.
      if (size > limit) throw tooLarge(limit)
      chunks.push(value)
    }
  } catch (error) {
    if (error instanceof CloudError) throw error
    throw new CloudError('invalid_request', 'the request body could not be read')
  } finally {
    reader.releaseLock()
  }
  return Buffer.concat(chunks)
}

/** The body's bytes with readJsonBody's checks (415, 413, required), not parsed: the embeddings thread parses. */
export async function readJsonBytes(request: Request, limit = DEFAULT_BODY_LIMIT): Promise<Uint8Array> {
  if (request.headers.get('content-length') === '0' || !request.body) throw required()
  if (!isJsonContentType(request.headers.get('content-type'))) {
    throw new CloudError('unsupported_media_type', 'the request body must be sent with Content-Type: application/json')
  }
  const raw = await readRawBody(request, limit)
  if (raw.length === 0) throw required()
  return raw
}

/**
 * The JSON body of a write request: 415 for another content type, 413 past the limit,
 * 400 when it is missing or is not JSON (the message never echoes the input).
 */
export async function readJsonBody(request: Request, limit = DEFAULT_BODY_LIMIT): Promise<unknown> {
  const raw = await readJsonBytes(request, limit)
  try {
    return JSON.parse(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('utf8')) as unknown
  } catch {
    throw new CloudError('invalid_request', 'the request body is not valid JSON')
  }
}

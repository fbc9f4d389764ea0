import type { IncomingMessage, ServerResponse } from 'node:http'
import { bearerToken, type Authenticator } from './auth.ts'
import { catalogFor } from './catalog/models.ts'
import { isJsonContentType, readRawBody } from './http/body.ts'
import { ApiError, sendOpenAIError, sendRawJson } from './http/errors.ts'
import { embedOffThread } from './inference/embeddings-thread.ts'

/**
 * Room for the most a request may carry (MAX_REQUEST_CHARS characters, each at most 6 bytes as a JSON escape, or
 * 300,000 token ids); this bounds one request's memory and the work of reading it.
 */
export const EMBEDDINGS_BODY_LIMIT = 8 * 1024 * 1024

/** The code OpenAI's SDKs expect for each failure, so they raise the matching error class. */
const OPENAI_CODES: Record<string, { type: string; code: string }> = {
  invalid_request: { type: 'invalid_request_error', code: 'invalid_request' },
  unsupported_media_type: { type: 'invalid_request_error', code: 'unsupported_media_type' },
  request_entity_too_large: { type: 'invalid_request_error', code: 'request_too_large' },
}

/**
 * The inference service ({inference_url} = /local/inference): OpenAI-compatible, so every error here is
 * OpenAI's `{error: {message, type, code, param}}` rather than the platform's body.
 */
export async function handleInference(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  auth: Authenticator,
  failureRate: number,
): Promise<void> {
  if (failureRate > 0 && Math.random() < failureRate) {
    return sendOpenAIError(
      res,
      503,
      'The service is temporarily unavailable; retry the request.',
      'server_error',
      'service_unavailable',
    )
  }
  if (pathname !== '/v1/embeddings')
    return sendOpenAIError(
      res,
      404,
      'Unknown endpoint: the local inference service offers POST /v1/embeddings.',
      'invalid_request_error',
      'not_found',
    )
  if (req.method !== 'POST') {
    res.setHeader('Allow', 'POST')
    return sendOpenAIError(
      res,
      405,
      'Only POST is allowed on /v1/embeddings.',
      'invalid_request_error',
      'method_not_allowed',
    )
  }
  const principal = auth.authenticate(bearerToken(req), Date.now())
  if (!principal) {
    res.setHeader('WWW-Authenticate', 'Bearer')
    return sendOpenAIError(
      res,
      401,
      'Incorrect or missing API key: send an identity token as "Authorization: Bearer <token>".',
      'invalid_request_error',
      'invalid_api_key',
    )
  }
  let body: Buffer
  try {
    body = await readJsonBytes(req)
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    const mapped = OPENAI_CODES[error.code] ?? { type: 'invalid_request_error', code: error.code }
    const message =
      error.message === 'the request body is not valid JSON'
        ? 'We could not parse the JSON body of your request: it is not valid JSON.'
        : error.message
    for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value)
    return sendOpenAIError(res, error.status, message, mapped.type, mapped.code)
  }
  try {
    // Parsing, counting and embedding run on the embeddings thread: no body can hold this event loop.
    const result = await embedOffThread(body, catalogFor(principal.organizationId))
    if ('busy' in result) {
      res.setHeader('Retry-After', '1')
      return sendOpenAIError(
        res,
        503,
        'The embeddings service is busy with other requests; retry shortly.',
        'server_error',
        'service_unavailable',
      )
    }
    sendRawJson(res, result.status, result.json)
  } catch (error) {
    console.error('local cloud: embeddings failed', error)
    sendOpenAIError(res, 500, 'The server had an error while processing your request.', 'server_error', 'server_error')
  }
}

/** The body's bytes, with readJsonBody's checks (415, 413, required) but not parsed: the embeddings thread parses. */
async function readJsonBytes(req: IncomingMessage): Promise<Buffer> {
  const length = req.headers['content-length']
  const declared = length !== undefined ? Number(length) > 0 : req.headers['transfer-encoding'] !== undefined
  if (declared && !isJsonContentType(req.headers['content-type']))
    throw new ApiError('unsupported_media_type', 'the request body must be sent with Content-Type: application/json')
  const raw = declared ? await readRawBody(req, EMBEDDINGS_BODY_LIMIT) : Buffer.alloc(0)
  if (raw.length === 0)
    throw new ApiError('invalid_request', 'the request body is required and must be a JSON document')
  return raw
}

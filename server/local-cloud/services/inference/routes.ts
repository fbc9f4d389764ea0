import { Hono, type Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { bearerToken, type Authenticator } from '../../platform/auth.ts'
import { readJsonBytes } from '../../platform/body.ts'
import { CloudError, type ErrorCode } from '../../platform/errors.ts'
import { jsonText } from '../../platform/service.ts'
import { catalogFor } from '../aiproxy/models.ts'
import { embedOffThread } from './embeddings-thread.ts'
import { inParts } from './parts-stream.ts'
import type { EmbeddingVectors } from './embeddings-worker.ts'

/**
 * Room for the most a request may carry (MAX_REQUEST_CHARS characters, each at most 6 bytes as a JSON escape, or
 * 300,000 token ids); this bounds one request's memory and the work of reading it.
 */
const EMBEDDINGS_BODY_LIMIT = 8 * 1024 * 1024

/** The type and code OpenAI's SDKs expect for each failure, so they raise the matching error class. */
const OPENAI_CODES: Partial<Record<ErrorCode, { type: string; code: string }>> = {
  invalid_request: { type: 'invalid_request_error', code: 'invalid_request' },
  unsupported_media_type: { type: 'invalid_request_error', code: 'unsupported_media_type' },
  request_entity_too_large: { type: 'invalid_request_error', code: 'request_too_large' },
  not_found: { type: 'invalid_request_error', code: 'not_found' },
  method_not_allowed: { type: 'invalid_request_error', code: 'method_not_allowed' },
  access_denied: { type: 'invalid_request_error', code: 'invalid_api_key' },
  temporarily_unavailable: { type: 'server_error', code: 'service_unavailable' },
}

/** OpenAI's error body, so the official SDKs surface the message. */
function openAIError(c: Context, error: unknown): Response {
  if (!(error instanceof CloudError)) {
    // A request dropped because its caller went away is no failure of the service's.
    if (!c.req.raw.signal.aborted) console.error('local cloud: embeddings failed', error)
    error = new CloudError('server_error', 'The server had an error while processing your request.')
  }
  const known = error as CloudError
  const { type, code } = OPENAI_CODES[known.code] ?? { type: 'server_error', code: 'server_error' }
  const message =
    known.message === 'the request body is not valid JSON'
      ? 'We could not parse the JSON body of your request: it is not valid JSON.'
      : known.message
  return jsonText(c, known.status, JSON.stringify({ error: { message, type, code, param: null } }), known.headers)
}

/**
 * The inference service ({inference_url} = /local/inference): OpenAI-compatible, so every error here is
 * OpenAI's `{error: {message, type, code, param}}` rather than the platform's body.
 */
export function inferenceService(auth: Authenticator, failureRate: number, vectors: EmbeddingVectors): Hono {
  const app = new Hono({ strict: false })
  app.onError((error, c) => openAIError(c, error))
  app.use('*', async (_c, next) => {
    if (failureRate > 0 && Math.random() < failureRate)
      throw new CloudError('temporarily_unavailable', 'The service is temporarily unavailable; retry the request.')
    await next()
  })
  app.post('/v1/embeddings', async (c) => {
    const principal = auth.authenticate(bearerToken(c.req.header('authorization')), Date.now())
    if (!principal) {
      throw new CloudError(
        'access_denied',
        'Incorrect or missing API key: send an identity token as "Authorization: Bearer <token>".',
        { 'WWW-Authenticate': 'Bearer' },
      )
    }
    const body = await readJsonBytes(c.req.raw, EMBEDDINGS_BODY_LIMIT)
    // Parsing, counting and embedding run on the embeddings thread: no body can hold this event loop.
    // The request's signal aborts when its caller goes (the console's proxy passes the browser's): the thread then
    // drops the request rather than encode for no one.
    const result = await embedOffThread(body, catalogFor(principal.organizationId), vectors, c.req.raw.signal)
    if ('busy' in result) {
      throw new CloudError(
        'temporarily_unavailable',
        'The embeddings service is busy with other requests; retry shortly.',
        {
          'Retry-After': '1',
        },
      )
    }
    const length = result.json.reduce((sum, part) => sum + part.byteLength, 0)
    return c.body(inParts(result.json), result.status as ContentfulStatusCode, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Length': String(length),
    })
  })
  app.all('/v1/embeddings', () => {
    throw new CloudError('method_not_allowed', 'Only POST is allowed on /v1/embeddings.', { Allow: 'POST' })
  })
  app.all('*', () => {
    throw new CloudError('not_found', 'Unknown endpoint: the local inference service offers POST /v1/embeddings.')
  })
  return app
}

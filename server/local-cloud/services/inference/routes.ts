import type { IncomingMessage, ServerResponse } from 'node:http'
import { bearerToken, type Authenticator } from '../../platform/auth.ts'
import { catalogFor } from '../aiproxy/models.ts'
import { readJsonBody } from '../../platform/body.ts'
import { ApiError, sendJson, sendOpenAIError } from '../../platform/errors.ts'
import { handleEmbeddings } from './embeddings.ts'

/** 2048 inputs near a model's context length make large bodies; this bounds one request's memory. */
const EMBEDDINGS_BODY_LIMIT = 16 * 1024 * 1024

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
  let body: unknown
  try {
    body = await readJsonBody(req, EMBEDDINGS_BODY_LIMIT)
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
    const result = handleEmbeddings(body, { models: catalogFor(principal.organizationId) })
    sendJson(res, result.status, result.body)
  } catch (error) {
    console.error('local cloud: embeddings failed', error)
    sendOpenAIError(res, 500, 'The server had an error while processing your request.', 'server_error', 'server_error')
  }
}

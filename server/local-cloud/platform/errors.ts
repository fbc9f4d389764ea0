import { randomBytes } from 'node:crypto'
import type { ServerResponse } from 'node:http'

/** The platform's error codes and the HTTP status each one travels with. */
export const ERROR_STATUS = {
  invalid_request: 400,
  access_denied: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  request_entity_too_large: 413,
  unsupported_media_type: 415,
  unprocessable_content: 422,
  server_error: 500,
  temporarily_unavailable: 503,
} as const

export type ErrorCode = keyof typeof ERROR_STATUS

/** Thrown anywhere in a handler; the router turns it into the platform's error body. */
export class ApiError extends Error {
  readonly status: number
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
    this.status = ERROR_STATUS[code]
  }
}

export const invalidRequest = (message: string) => new ApiError('invalid_request', message)
export const notFound = (message: string) => new ApiError('not_found', message)
export const forbidden = (message: string) => new ApiError('forbidden', message)
export const conflict = (message: string) => new ApiError('conflict', message)

export function newTraceId(): string {
  return randomBytes(16).toString('hex')
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  sendRawJson(res, status, body === undefined ? undefined : Buffer.from(JSON.stringify(body)), headers)
}

/** Sends JSON text as is; no body (and no content type) when `json` is undefined. */
export function sendRawJson(
  res: ServerResponse,
  status: number,
  json: Buffer | undefined,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) return
  const payload = json ?? Buffer.alloc(0)
  res.writeHead(status, {
    ...headers,
    ...(json === undefined ? {} : { 'Content-Type': 'application/json; charset=utf-8' }),
    'Content-Length': payload.length,
    'Cache-Control': 'no-store',
  })
  res.end(payload)
}

/**
 * The platform's error body. 503 travels as `server_error`, the closest code the platform's enum has,
 * so a client that validates the code against the enum still parses it.
 */
export function sendPlatformError(res: ServerResponse, error: ApiError, traceId: string): void {
  const code = error.code === 'temporarily_unavailable' ? 'server_error' : error.code
  sendJson(res, error.status, { error: code, error_description: error.message, trace_id: traceId }, error.headers)
}

/** OpenAI's error body, used by the inference service so the official SDKs surface the message. */
export function sendOpenAIError(
  res: ServerResponse,
  status: number,
  message: string,
  type: string,
  code: string | null,
  param: string | null = null,
): void {
  sendJson(res, status, { error: { message, type, code, param } })
}

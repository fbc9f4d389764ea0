import { randomBytes } from 'node:crypto'

/** The platform's error codes and the HTTP status each one travels with. */
export const ERROR_STATUS = {
  invalid_request: 400,
  access_denied: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  precondition_failed: 412,
  request_entity_too_large: 413,
  unsupported_media_type: 415,
  unprocessable_content: 422,
  precondition_required: 428,
  server_error: 500,
  temporarily_unavailable: 503,
  insufficient_capacity: 507,
} as const

export type ErrorCode = keyof typeof ERROR_STATUS

/**
 * The one error type of the local cloud: thrown anywhere in a request, answered as the platform's error body
 * (or, on the inference service, OpenAI's). The message is what the client reads: it never echoes input.
 */
export class CloudError extends Error {
  readonly status: (typeof ERROR_STATUS)[ErrorCode]
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
    this.status = ERROR_STATUS[code]
  }
}

/**
 * A 400 for a rule about the request as a whole, or about the world it refers to, rather than about the shape of one
 * field: the platform answers these as a plain sentence, with no field path ("minimum network prefix size is /24").
 */
export const invalidRequest = (message: string) => new CloudError('invalid_request', message)
export const notFound = (message: string) => new CloudError('not_found', message)
export const forbidden = (message: string) => new CloudError('forbidden', message)
export const conflict = (message: string) => new CloudError('conflict', message)
/**
 * A write the platform could not carry out for want of something it allocates (an address): its region and compute
 * documents list no 409 for these writes, so the platform's answer is its 500.
 */
export const exhausted = (message: string) => new CloudError('server_error', `failed to allocate: ${message}`)

export function newTraceId(): string {
  return randomBytes(16).toString('hex')
}

/** The platform's error body. */
export function platformErrorBody(error: CloudError, traceId: string) {
  return {
    error: WIRE_CODE[error.code as keyof typeof WIRE_CODE] ?? error.code,
    error_description: error.message,
    trace_id: traceId,
  }
}

/**
 * The codes the platform's error enum lacks travel as its closest (the reservation document's 412, 428 and 507 bodies
 * are its generic `error`): a client that checks the code against the enum still parses them, and the status says
 * which it is.
 */
const WIRE_CODE = {
  temporarily_unavailable: 'server_error',
  precondition_failed: 'conflict',
  precondition_required: 'invalid_request',
  insufficient_capacity: 'server_error',
} as const

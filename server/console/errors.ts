/**
 * The console server's one error type. Thrown anywhere in a request, it is answered in the platform's error body,
 * so the browser's API module reads the console's own errors like any upstream error.
 */
export class ConsoleError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

// The code of each error answer the console made itself, for the metrics (an upstream's answer is never in here).
const codes = new WeakMap<object, string>()

// No `trace_id` in the body: that is the platform's own, which its operators look up. The console's trace is in the
// answer's traceresponse header, and in its log line; an id made up here would be in neither.
export function errorResponse(status: number, code: string, description: string, headers: HeadersInit = {}): Response {
  const response = jsonResponse(status, { error: code, error_description: description }, headers)
  codes.set(response, code)
  return response
}

/** The console's own error code behind an answer it made; undefined for any other answer. */
export function errorCodeOf(answer: object): string | undefined {
  return codes.get(answer)
}

export function jsonResponse(status: number, body: unknown, headers: HeadersInit = {}): Response {
  const payload = JSON.stringify(body)
  const response = new Response(payload, { status, headers })
  response.headers.set('Content-Type', 'application/json; charset=utf-8')
  response.headers.set('Content-Length', String(Buffer.byteLength(payload)))
  response.headers.set('Cache-Control', 'no-store')
  return response
}

export function consoleErrorResponse(error: ConsoleError): Response {
  return errorResponse(error.status, error.code, error.message, error.headers)
}

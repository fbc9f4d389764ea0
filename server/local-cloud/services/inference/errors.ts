// OpenAI-style error bodies, which OpenAI SDKs and tools parse: {error: {message, type, param, code}}.

export interface HandlerResult {
  status: number
  body: unknown
}

export function invalidRequest(message: string, param: string | null, code: string | null = null): HandlerResult {
  return { status: 400, body: { error: { message, type: 'invalid_request_error', param, code } } }
}

export function modelNotFound(model: string): HandlerResult {
  return {
    status: 404,
    body: {
      error: {
        message: `The model \`${model}\` does not exist or you do not have access to it.`,
        type: 'invalid_request_error',
        param: 'model',
        code: 'model_not_found',
      },
    },
  }
}

/** How a JSON value's type reads in a message: "a string", "an array", "null"… */
export function describeType(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a decimal number'
  if (typeof value === 'object') return 'an object'
  if (typeof value === 'string') return 'a string'
  if (typeof value === 'boolean') return 'a boolean'
  return typeof value
}

export function invalidType(param: string, path: string, expected: string, got: unknown): HandlerResult {
  return invalidRequest(
    `Invalid type for '${path}': expected ${expected}, but got ${describeType(got)} instead.`,
    param,
    'invalid_type',
  )
}

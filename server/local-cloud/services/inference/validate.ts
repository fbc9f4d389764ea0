// Checks an embeddings request body field by field, before any model is looked up. Errors name the
// parameter, say what is wrong and the limit, and never crash on any JSON value.

import { describeType, type HandlerResult, invalidRequest, invalidType } from './errors.ts'
import { isTokenId, TOKEN_ID_RULE } from './tokens.ts'

export const MAX_INPUTS = 2048
/**
 * Characters bound the work of a request before any of it is done: 8 per token at the embedding models' largest
 * context (8,192 tokens; English averages about 4), and about what OpenAI's 300,000 tokens per request make.
 */
export const MAX_INPUT_CHARS = 65_536
export const MAX_REQUEST_CHARS = 1_048_576
const ENCODING_FORMATS = ['float', 'base64'] as const
type EncodingFormat = (typeof ENCODING_FORMATS)[number]

export type EmbeddingInput = { kind: 'text'; text: string } | { kind: 'tokens'; ids: number[] }

export interface EmbeddingRequest {
  model: string
  inputs: EmbeddingInput[]
  encodingFormat: EncodingFormat
  dimensions: number | null
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: HandlerResult }

const INPUT_TYPES = 'one of a string, an array of strings, an array of integers or an array of integer arrays'

const fail = (error: HandlerResult): { ok: false; error: HandlerResult } => ({ ok: false, error })

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function tokenIds(value: unknown[], path: string): Parsed<number[]> {
  if (value.length === 0)
    return fail(
      invalidRequest(
        `'${path}' is an empty token array; every input needs at least one token.`,
        'input',
        'invalid_value',
      ),
    )
  for (let i = 0; i < value.length; i++) {
    const id = value[i]
    if (typeof id !== 'number' || !Number.isInteger(id))
      return fail(invalidType('input', `${path}[${i}]`, 'an integer token id', id))
    if (!isTokenId(id))
      return fail(
        invalidRequest(
          `'${path}[${i}]' is not a valid token id: token ids are ${TOKEN_ID_RULE}.`,
          'input',
          'invalid_value',
        ),
      )
  }
  return { ok: true, value: value as number[] }
}

function text(value: unknown, path: string): Parsed<string> {
  if (typeof value !== 'string') return fail(invalidType('input', path, 'a string', value))
  if (value.length === 0)
    return fail(
      invalidRequest(
        `'${path}' is an empty string; every input must contain at least one character.`,
        'input',
        'invalid_value',
      ),
    )
  if (value.length > MAX_INPUT_CHARS)
    return fail(
      invalidRequest(
        `Invalid '${path}': string too long. Expected a string with maximum length ${MAX_INPUT_CHARS}, but got a string with length ${value.length} instead; split it into several inputs.`,
        'input',
        'string_above_max_length',
      ),
    )
  return { ok: true, value }
}

function tooManyCharacters(): { ok: false; error: HandlerResult } {
  return fail(
    invalidRequest(
      `The inputs total more than ${MAX_REQUEST_CHARS} characters, the maximum for one request; send them in several requests.`,
      'input',
      'max_characters_per_request',
    ),
  )
}

function parseInput(input: unknown): Parsed<EmbeddingInput[]> {
  if (input === undefined)
    return fail(invalidRequest("Missing required parameter: 'input'.", 'input', 'missing_required_parameter'))
  if (typeof input === 'string') {
    const one = text(input, 'input')
    return one.ok ? { ok: true, value: [{ kind: 'text', text: one.value }] } : one
  }
  if (!Array.isArray(input)) return fail(invalidType('input', 'input', INPUT_TYPES, input))
  if (input.length === 0)
    return fail(invalidRequest("'input' is an empty array; send at least one input.", 'input', 'invalid_value'))
  const first: unknown = input[0]
  // A flat array of integers is one tokenised input (its length is bounded by the context length, not MAX_INPUTS).
  if (typeof first === 'number') {
    const ids = tokenIds(input, 'input')
    return ids.ok ? { ok: true, value: [{ kind: 'tokens', ids: ids.value }] } : ids
  }
  if (input.length > MAX_INPUTS) {
    return fail(
      invalidRequest(
        `'input' has ${input.length} items; at most ${MAX_INPUTS} inputs may be sent in one request.`,
        'input',
        'array_above_max_length',
      ),
    )
  }
  const inputs: EmbeddingInput[] = []
  if (typeof first === 'string') {
    let characters = 0
    for (let i = 0; i < input.length; i++) {
      const one = text(input[i], `input[${i}]`)
      if (!one.ok) return one
      characters += one.value.length
      if (characters > MAX_REQUEST_CHARS) return tooManyCharacters()
      inputs.push({ kind: 'text', text: one.value })
    }
    return { ok: true, value: inputs }
  }
  if (Array.isArray(first)) {
    for (let i = 0; i < input.length; i++) {
      const item: unknown = input[i]
      if (!Array.isArray(item)) return fail(invalidType('input', `input[${i}]`, 'an array of integer token ids', item))
      const ids = tokenIds(item, `input[${i}]`)
      if (!ids.ok) return ids
      inputs.push({ kind: 'tokens', ids: ids.value })
    }
    return { ok: true, value: inputs }
  }
  return fail(invalidType('input', 'input[0]', 'a string, an integer token id or an array of token ids', first))
}

/** The request's fields, type-checked; model-dependent limits (dimensions, context length) are checked later. */
export function parseEmbeddingRequest(body: unknown): Parsed<EmbeddingRequest> {
  if (!isRecord(body))
    return fail(
      invalidRequest(`The request body must be a JSON object, but got ${describeType(body)}.`, null, 'invalid_type'),
    )
  const { model, input, encoding_format: encodingFormat, dimensions, user } = body
  if (model === undefined || model === null || model === '') {
    return fail(
      invalidRequest(
        'You must provide a model parameter: the id of an embedding model.',
        'model',
        'missing_required_parameter',
      ),
    )
  }
  if (typeof model !== 'string') return fail(invalidType('model', 'model', 'a string', model))

  const inputs = parseInput(input)
  if (!inputs.ok) return inputs

  // null means "the default" for every optional field, as OpenAI's API treats it.
  let format: EncodingFormat = 'float'
  if (encodingFormat !== undefined && encodingFormat !== null) {
    if (typeof encodingFormat !== 'string')
      return fail(invalidType('encoding_format', 'encoding_format', 'a string', encodingFormat))
    const known = ENCODING_FORMATS.find((f) => f === encodingFormat)
    if (!known) {
      return fail(
        invalidRequest(
          `Invalid value for 'encoding_format': supported values are 'float' and 'base64'.`,
          'encoding_format',
          'invalid_value',
        ),
      )
    }
    format = known
  }

  let dims: number | null = null
  if (dimensions !== undefined && dimensions !== null) {
    if (typeof dimensions !== 'number' || !Number.isInteger(dimensions))
      return fail(invalidType('dimensions', 'dimensions', 'an integer', dimensions))
    dims = dimensions
  }
  if (user !== undefined && user !== null && typeof user !== 'string')
    return fail(invalidType('user', 'user', 'a string', user))

  return { ok: true, value: { model, inputs: inputs.value, encodingFormat: format, dimensions: dims } }
}

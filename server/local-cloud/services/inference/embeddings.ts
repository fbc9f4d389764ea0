// POST /v1/embeddings, OpenAI-compatible. The HTTP layer parses JSON and passes the body and the
// caller's organization's models; this module answers with a status and a JSON body.

import { EMBEDDING, type ModelEntry } from '../aiproxy/models.ts'
import { toBase64, toFloatList } from './encode.ts'
import { type HandlerResult, invalidRequest, modelNotFound } from './errors.ts'
import { countTokensWithin } from './tokens.ts'
import { type EmbeddingInput, parseEmbeddingRequest } from './validate.ts'
import { truncateAndNormalise, type Vectorize } from './vectorize.ts'

// The total across all inputs of one request, as OpenAI limits it; it also bounds the work of one request.
export const MAX_TOKENS_PER_REQUEST = 300_000

function inputPath(index: number, count: number): string {
  return count === 1 ? 'input' : `input[${index}]`
}

/** Token counts of each input, or the error for the first input beyond the model's context or the request's total. */
function countTokens(
  inputs: EmbeddingInput[],
  model: ModelEntry,
): { ok: true; counts: number[] } | { ok: false; error: HandlerResult } {
  const counts: number[] = []
  let total = 0
  for (const [i, input] of inputs.entries()) {
    const count =
      input.kind === 'tokens'
        ? input.ids.length <= model.context_length
          ? input.ids.length
          : false
        : countTokensWithin(input.text, model.context_length)
    if (count === false) {
      const message = `'${inputPath(i, inputs.length)}' is longer than ${model.context_length} tokens, the maximum context length of model \`${model.id}\`; shorten or split it.`
      return { ok: false, error: invalidRequest(message, 'input', 'context_length_exceeded') }
    }
    total += count
    if (total > MAX_TOKENS_PER_REQUEST) {
      const message = `The inputs total more than ${MAX_TOKENS_PER_REQUEST} tokens, the maximum for one request; send them in several requests.`
      return { ok: false, error: invalidRequest(message, 'input', 'max_tokens_per_request') }
    }
    counts.push(count)
  }
  return { ok: true, counts }
}

/** The answer to a request: the caller's organization's models, and how its vectors are made (vectorize.ts). */
export async function handleEmbeddings(
  body: unknown,
  ctx: { models: ModelEntry[]; vectorize: Vectorize; signal?: AbortSignal },
): Promise<HandlerResult> {
  const parsed = parseEmbeddingRequest(body)
  if (!parsed.ok) return parsed.error
  const request = parsed.value

  const model = ctx.models.find((m) => m.id === request.model)
  if (!model) return modelNotFound(request.model)
  const nativeDims = model.embedding_dimensions
  if (model.model_type !== EMBEDDING || nativeDims === undefined) {
    const example = ctx.models.find((m) => m.model_type === EMBEDDING)
    const hint = example ? ` Use an embedding model such as \`${example.id}\`.` : ''
    return invalidRequest(
      `The model \`${model.id}\` is a ${model.model_type} model and does not create embeddings.${hint}`,
      'model',
      'model_not_supported',
    )
  }

  const dims = request.dimensions ?? nativeDims
  if (dims < 1 || dims > nativeDims) {
    const message = `Invalid 'dimensions': model \`${model.id}\` makes ${nativeDims}-dimensional embeddings, so 'dimensions' must be an integer from 1 to ${nativeDims}.`
    return invalidRequest(message, 'dimensions', dims < 1 ? 'integer_below_min_value' : 'integer_above_max_value')
  }

  const tokens = countTokens(request.inputs, model)
  if (!tokens.ok) return tokens.error
  const promptTokens = tokens.counts.reduce((sum, n) => sum + n, 0)

  const vectors = await ctx.vectorize(request.inputs, { id: model.id, dims: nativeDims }, ctx.signal)
  const data = vectors.map((native, index) => {
    const vector = truncateAndNormalise(native, dims)
    return {
      object: 'embedding',
      index,
      embedding: request.encodingFormat === 'base64' ? toBase64(vector) : toFloatList(vector),
    }
  })
  return {
    status: 200,
    body: { object: 'list', data, model: model.id, usage: { prompt_tokens: promptTokens, total_tokens: promptTokens } },
  }
}

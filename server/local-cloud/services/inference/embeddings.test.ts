import fc from 'fast-check'
import { encode } from 'gpt-tokenizer/encoding/cl100k_base'
import { describe, expect, it } from 'vitest'
import { catalogFor, EMBEDDING, type ModelEntry, TEXT_GENERATION } from '../aiproxy/models.ts'
import { handleEmbeddings, MAX_TOKENS_PER_REQUEST } from './embeddings.ts'
import { MAX_TOKEN_ID } from './tokens.ts'
import { MAX_INPUTS } from './validate.ts'
import { lexicalVectors } from './vectorize.ts'

const models = catalogFor('acme-demo')
const ctx = { models, vectorize: lexicalVectors }

function model(id: string): ModelEntry {
  const found = models.find((m) => m.id === id)
  if (!found) throw new Error(`test needs model ${id} in the catalog`)
  return found
}

const BGE = model('bge-m3')
const MINILM = model('all-minilm-l6-v2')
const TEXT_MODEL = models.find((m) => m.model_type === TEXT_GENERATION)!

interface EmbeddingList {
  object: string
  data: { object: string; index: number; embedding: number[] | string }[]
  model: string
  usage: { prompt_tokens: number; total_tokens: number }
}

interface OpenAiError {
  error: { message: string; type: string; param: string | null; code: string | null }
}

async function ok(body: unknown): Promise<EmbeddingList> {
  const result = await handleEmbeddings(body, ctx)
  expect(result.status, JSON.stringify(result.body)).toBe(200)
  return result.body as EmbeddingList
}

async function floats(body: Record<string, unknown>): Promise<number[][]> {
  return (await ok(body)).data.map((d) => d.embedding as number[])
}

async function rejected(body: unknown, status = 400): Promise<OpenAiError['error']> {
  const result = await handleEmbeddings(body, ctx)
  expect(result.status).toBe(status)
  const { error } = result.body as OpenAiError
  expect(error.type).toBe('invalid_request_error')
  expect(typeof error.message).toBe('string')
  expect(error.code === null || typeof error.code === 'string').toBe(true)
  return error
}

function decodeLikeOpenAiSdk(b64: string): number[] {
  const buf = Buffer.from(b64, 'base64')
  return Array.from(new Float32Array(buf.buffer, buf.byteOffset, buf.length / Float32Array.BYTES_PER_ELEMENT))
}

const norm = (v: number[]) => Math.sqrt(v.reduce((s, x) => s + x * x, 0))
const cosine = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0)

describe('POST /v1/embeddings', () => {
  it('answers a list of unit vectors in input order, with token usage', async () => {
    const input = ['The cat sat on the mat', 'Quarterly revenue grew 8%', 'A cat sat on a mat']
    const body = await ok({ model: BGE.id, input })
    expect(body.object).toBe('list')
    expect(body.model).toBe(BGE.id)
    expect(body.data.map((d) => [d.object, d.index])).toEqual([
      ['embedding', 0],
      ['embedding', 1],
      ['embedding', 2],
    ])
    for (const d of body.data) {
      expect(d.embedding).toHaveLength(BGE.embedding_dimensions!)
      expect(norm(d.embedding as number[])).toBeCloseTo(1, 5)
    }
    const tokens = input.reduce((sum, text) => sum + encode(text).length, 0)
    expect(body.usage).toEqual({ prompt_tokens: tokens, total_tokens: tokens })
  })

  it('embeds a single string as one item, and related texts closer than unrelated ones', async () => {
    const [cat] = await floats({ model: BGE.id, input: 'The cat sat on the mat' })
    const [similar, unrelated] = await floats({
      model: BGE.id,
      input: ['A cat sat on a mat', 'Quarterly revenue grew 8%'],
    })
    expect(cosine(cat!, similar!)).toBeGreaterThan(cosine(cat!, unrelated!) + 0.5)
  })

  it('gives the same vectors on every call and different ones per model', async () => {
    const request = { model: BGE.id, input: 'deterministic' }
    expect(await floats(request)).toEqual(await floats(request))
    const [other] = await floats({ model: 'bge-large-en-v1.5', input: 'deterministic' })
    expect(cosine((await floats(request))[0]!, other!)).toBeLessThan(0.5)
  })

  it('base64 decodes, as the OpenAI SDK does, to the same float32 numbers as the float format', async () => {
    const input = ['one', 'two words', 'three little words']
    const asFloat = await floats({ model: BGE.id, input })
    const asBase64 = (await ok({ model: BGE.id, input, encoding_format: 'base64' })).data.map((d) =>
      decodeLikeOpenAiSdk(d.embedding as string),
    )
    expect(asBase64).toEqual(asFloat.map((v) => v.map((x) => Math.fround(x))))
    expect(await floats({ model: BGE.id, input, encoding_format: null })).toEqual(asFloat)
  })

  it('truncates to the requested dimensions and re-normalises', async () => {
    const [full] = await floats({ model: BGE.id, input: 'Matryoshka embeddings shrink gracefully' })
    for (const dimensions of [1, 64, 256, BGE.embedding_dimensions!]) {
      const [short] = await floats({ model: BGE.id, input: 'Matryoshka embeddings shrink gracefully', dimensions })
      expect(short).toHaveLength(dimensions)
      expect(norm(short!)).toBeCloseTo(1, 5)
      const prefix = full!.slice(0, dimensions)
      if (norm(prefix) > 0) expect(cosine(short!, prefix) / norm(prefix)).toBeCloseTo(1, 5)
    }
    expect((await floats({ model: BGE.id, input: 'x', dimensions: null }))[0]).toHaveLength(BGE.embedding_dimensions!)
  })

  it('accepts token ids, counts them as usage, and embeds them like the text they encode', async () => {
    const text = 'Tokenised input embeds like its text'
    const ids = encode(text)
    const one = await ok({ model: BGE.id, input: ids })
    expect(one.data).toHaveLength(1)
    expect(one.usage.prompt_tokens).toBe(ids.length)
    expect(one.data[0]!.embedding).toEqual((await floats({ model: BGE.id, input: text }))[0])

    const many = await ok({ model: BGE.id, input: [ids, [1, 2, 3]] })
    expect(many.data.map((d) => d.index)).toEqual([0, 1])
    expect(many.usage.prompt_tokens).toBe(ids.length + 3)
  })

  it('accepts the documented extremes: 2048 inputs, an input of exactly the context length, a user', async () => {
    expect(
      (await ok({ model: MINILM.id, input: Array.from({ length: MAX_INPUTS }, (_, i) => `item ${i}`) })).data,
    ).toHaveLength(MAX_INPUTS)
    expect(
      (await ok({ model: MINILM.id, input: Array.from({ length: MINILM.context_length }, () => 0) })).usage
        .prompt_tokens,
    ).toBe(MINILM.context_length)
    expect((await ok({ model: MINILM.id, input: [MAX_TOKEN_ID], user: 'user-1234' })).data).toHaveLength(1)
    expect((await ok({ model: MINILM.id, input: ' ', user: null })).data).toHaveLength(1)
  })

  describe('rejects', () => {
    it('an unknown model, or one of another organization, with 404 model_not_found', async () => {
      expect(await handleEmbeddings({ model: 'gpt-9', input: 'x' }, ctx)).toEqual({
        status: 404,
        body: {
          error: {
            message: 'The model `gpt-9` does not exist or you do not have access to it.',
            type: 'invalid_request_error',
            param: 'model',
            code: 'model_not_found',
          },
        },
      })
      const globex = catalogFor('globex-corporation')
      const missing = models.find((m) => m.model_type === EMBEDDING && !globex.some((g) => g.id === m.id))!
      expect(
        (await handleEmbeddings({ model: missing.id, input: 'x' }, { models: globex, vectorize: lexicalVectors }))
          .status,
      ).toBe(404)
    })

    it('a text generation model, naming an embedding model to use', async () => {
      const error = await rejected({ model: TEXT_MODEL.id, input: 'x' })
      expect(error.param).toBe('model')
      expect(error.message).toContain(TEXT_MODEL.id)
      expect(error.message).toContain('embedding model')
    })

    it('a missing or mistyped model', async () => {
      expect((await rejected({ input: 'x' })).param).toBe('model')
      expect(await rejected({ model: 42, input: 'x' })).toMatchObject({ param: 'model', code: 'invalid_type' })
    })

    it('a body that is not a JSON object', async () => {
      for (const body of [null, [], 'text', 3, undefined]) expect((await rejected(body)).param).toBeNull()
    })

    it('a missing input', async () => {
      expect(await rejected({ model: BGE.id })).toMatchObject({ param: 'input', code: 'missing_required_parameter' })
      expect(await rejected({ model: BGE.id, input: null })).toMatchObject({ param: 'input', code: 'invalid_type' })
    })

    it('inputs of the wrong type, naming the offending item', async () => {
      const cases: [unknown, string][] = [
        [5, "'input'"],
        [{ text: 'x' }, "'input'"],
        [[true], "'input[0]'"],
        [['a', 1], "'input[1]'"],
        [[1, 'a'], "'input[1]'"],
        [[[1], 'a'], "'input[1]'"],
        [[[1, 2.5]], "'input[0][1]'"],
        [[null], "'input[0]'"],
      ]
      for (const [input, path] of cases) {
        const error = await rejected({ model: BGE.id, input })
        expect(error).toMatchObject({ param: 'input', code: 'invalid_type' })
        expect(error.message).toContain(path)
      }
    })

    it('empty inputs', async () => {
      for (const input of ['', [], [''], ['a', ''], [[]], [[1], []]]) {
        expect((await rejected({ model: BGE.id, input })).param).toBe('input')
      }
      expect((await rejected({ model: BGE.id, input: ['a', ''] })).message).toContain("'input[1]' is an empty string")
    })

    it('more than 2048 inputs, saying the limit', async () => {
      const error = await rejected({ model: MINILM.id, input: Array.from({ length: MAX_INPUTS + 1 }, () => 'x') })
      expect(error).toMatchObject({ param: 'input', code: 'array_above_max_length' })
      expect(error.message).toContain(String(MAX_INPUTS))
    })

    it('token ids outside the vocabulary', async () => {
      for (const input of [[-1], [MAX_TOKEN_ID + 1], [[1, 100256]]]) {
        const error = await rejected({ model: BGE.id, input })
        expect(error).toMatchObject({ param: 'input', code: 'invalid_value' })
        expect(error.message).toContain(String(MAX_TOKEN_ID))
      }
    })

    it('an input longer than the model’s context, saying the limit', async () => {
      const tooLong = Array.from({ length: 300 }, (_, i) => `word${i}`).join(' ')
      for (const input of [tooLong, ['short', tooLong], Array.from({ length: MINILM.context_length + 1 }, () => 0)]) {
        const error = await rejected({ model: MINILM.id, input })
        expect(error).toMatchObject({ param: 'input', code: 'context_length_exceeded' })
        expect(error.message).toContain(String(MINILM.context_length))
      }
      expect((await rejected({ model: MINILM.id, input: ['short', tooLong] })).message).toContain("'input[1]'")
      // The same text fits a long-context model.
      expect((await ok({ model: BGE.id, input: tooLong })).data).toHaveLength(1)
    })

    it('more tokens in one request than the per-request total', async () => {
      const perInput = Math.ceil(MAX_TOKENS_PER_REQUEST / MAX_INPUTS) + 1
      const input = Array.from({ length: MAX_INPUTS }, () => Array.from({ length: perInput }, () => 1))
      const error = await rejected({ model: BGE.id, input })
      expect(error).toMatchObject({ param: 'input', code: 'max_tokens_per_request' })
      expect(error.message).toContain(String(MAX_TOKENS_PER_REQUEST))
    })

    it('an unknown or mistyped encoding_format', async () => {
      expect(await rejected({ model: BGE.id, input: 'x', encoding_format: 'hex' })).toMatchObject({
        param: 'encoding_format',
        code: 'invalid_value',
      })
      expect(await rejected({ model: BGE.id, input: 'x', encoding_format: 1 })).toMatchObject({
        param: 'encoding_format',
        code: 'invalid_type',
      })
    })

    it('dimensions out of range or not an integer, saying the range', async () => {
      for (const dimensions of [0, -3, BGE.embedding_dimensions! + 1]) {
        const error = await rejected({ model: BGE.id, input: 'x', dimensions })
        expect(error.param).toBe('dimensions')
        expect(error.message).toContain(`1 to ${BGE.embedding_dimensions}`)
      }
      for (const dimensions of [1.5, '256', true]) {
        expect(await rejected({ model: BGE.id, input: 'x', dimensions })).toMatchObject({
          param: 'dimensions',
          code: 'invalid_type',
        })
      }
    })

    it('a user that is not a string', async () => {
      expect(await rejected({ model: BGE.id, input: 'x', user: 5 })).toMatchObject({
        param: 'user',
        code: 'invalid_type',
      })
    })
  })

  it('never throws, and answers 200 or an OpenAI-style 4xx, whatever the body', async () => {
    const field = <T>(arb: fc.Arbitrary<T>) => fc.oneof(arb, fc.jsonValue())
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          model: field(fc.constantFrom(BGE.id, MINILM.id, TEXT_MODEL.id, 'nope')),
          input: field(
            fc.oneof(
              fc.string(),
              fc.array(fc.string()),
              fc.array(fc.integer({ min: -2, max: 100300 })),
              fc.array(fc.array(fc.nat(100300))),
            ),
          ),
          encoding_format: field(fc.constantFrom('float', 'base64', 'x')),
          dimensions: field(fc.integer({ min: -1, max: 1100 })),
          user: field(fc.string()),
        },
        { requiredKeys: [] },
      ),
    )
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const result = await handleEmbeddings(b, ctx)
        if (result.status === 200) return
        expect([400, 404]).toContain(result.status)
        const { error } = result.body as OpenAiError
        expect(Object.keys(error).sort()).toEqual(['code', 'message', 'param', 'type'])
        expect(error.type).toBe('invalid_request_error')
        expect(error.message).toEqual(expect.any(String))
        for (const nullable of [error.param, error.code])
          expect(nullable === null || typeof nullable === 'string').toBe(true)
      }),
      { numRuns: 300 },
    )
  })
})

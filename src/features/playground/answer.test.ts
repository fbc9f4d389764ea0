import { afterEach, describe, expect, it } from 'vitest'
import { configureApi, resetApiConfig } from '../../api/config'
import { createEmbeddingsThrough } from '../../api/embeddings'
import { ApiError } from '../../api/errors'
import { onUnauthorized } from '../../api/unauthorized'
import { fakeFetch, jsonResponse, modelNotFoundResponse } from '../../test/fakeFetch'
import { batchAnswer, copiesOfJoined, fetchAnswerOffThread, joinRows, readAnswer } from './answer'

const bytes = (text: string) => new TextEncoder().encode(text).buffer

const base64 = (values: number[]) => Buffer.from(new Float32Array(values).buffer).toString('base64')
const answerObject = (embeddings: unknown[]) => ({
  object: 'list',
  model: 'bge-m3',
  data: embeddings.map((embedding, i) => ({ object: 'embedding', index: embeddings.length - 1 - i, embedding })),
  usage: { prompt_tokens: 7, total_tokens: 7 },
})
const answerText = (embeddings: unknown[]) => bytes(JSON.stringify(answerObject(embeddings)))

describe('readAnswer', () => {
  it('reads float and base64 answers into the same rows, with each row’s index and the usage', () => {
    const rows = [
      [0.5, -1.25, 3],
      [2, 0, -0.75],
    ]
    const float = readAnswer(answerText(rows))
    const encoded = readAnswer(answerText(rows.map(base64)))
    for (const answer of [float, encoded]) {
      expect([...answer.data]).toEqual(rows.flat())
      expect(answer.cols).toBe(3)
      expect([...answer.indices]).toEqual([1, 0])
      expect(answer.usage).toEqual({ prompt_tokens: 7, total_tokens: 7 })
    }
  })

  it('says what is wrong with an answer it cannot read', () => {
    expect(() => readAnswer(bytes('<html>Bad gateway</html>'))).toThrow('The answer is not JSON.')
    expect(() => readAnswer(bytes(JSON.stringify({ data: [{ index: 'x', embedding: [1] }], usage: {} })))).toThrow(
      /Unexpected answer at data\.0\.index/,
    )
    expect(() => readAnswer(answerText([[1, 2], [3]]))).toThrow('Vector 1 has 1 values where vector 0 has 2.')
    expect(() => readAnswer(answerText([[1, 'two']]))).toThrow('Vector 0 has a value that is not a number at 1.')
  })
})

describe('batchAnswer and joinRows', () => {
  it('put each vector in its input’s place and join the batches row after row', () => {
    const first = batchAnswer(
      readAnswer(
        answerText([
          [3, 4],
          [1, 2],
        ]),
      ),
    )
    expect(first.data.map((item) => [item.index, [...item.embedding]])).toEqual([
      [1, [3, 4]],
      [0, [1, 2]],
    ])
    const rows = [first.data[1]!.embedding, first.data[0]!.embedding, new Float32Array([5, 6])]
    expect(joinRows(rows)).toEqual({ data: new Float32Array([1, 2, 3, 4, 5, 6]), cols: 2 })
  })

  it('join the rows of one answer in input order as they lie, and rows out of order in their inputs’ order', () => {
    // The answer lists index 2, 1, 0: in input order, its rows run backwards through its buffer.
    const answer = readAnswer(
      answerText([
        [5, 6],
        [3, 4],
        [1, 2],
      ]),
    )
    const row = (i: number) => answer.data.subarray(i * 2, i * 2 + 2)
    expect(joinRows([row(2), row(1), row(0)])).toEqual({ data: new Float32Array([1, 2, 3, 4, 5, 6]), cols: 2 })
    const asTheyLie = joinRows([row(0), row(1), row(2)])
    expect(asTheyLie).toEqual({ data: new Float32Array([5, 6, 3, 4, 1, 2]), cols: 2 })
    expect(asTheyLie.data.buffer).toBe(answer.data.buffer)
  })

  it('give the answer worker’s copies of rows joined as they lie, and none of rows joined into a fresh buffer', () => {
    const answer = readAnswer(
      answerText([
        [5, 6],
        [3, 4],
        [1, 2],
      ]),
    )
    // As the worker makes them; a vector worker takes one, so the run's own vectors must stay as they are.
    answer.copies = [answer.data.slice()]
    const row = (i: number) => answer.data.subarray(i * 2, i * 2 + 2)
    const asTheyLie = joinRows([row(1), row(2)]).data
    const [copy, ...more] = copiesOfJoined(asTheyLie, [answer])
    expect(more).toEqual([])
    expect(copy).toEqual(new Float32Array([3, 4, 1, 2]))
    expect(copy!.buffer).not.toBe(asTheyLie.buffer)
    expect(copiesOfJoined(joinRows([row(2), row(1)]).data, [answer])).toEqual([])
  })

  it('refuses batches whose vectors differ in size', () => {
    expect(() => joinRows([new Float32Array([1, 2]), new Float32Array([1])])).toThrow(
      'The service answered vectors of different sizes: input 1 has 1 values where input 0 has 2.',
    )
  })
})

// The playground's requests go through fetchAnswerOffThread (in place here, where Happy DOM has no workers): what the user
// is shown of each outcome is what any other call of the client shows.
describe('an embeddings request fetched by fetchAnswerOffThread', () => {
  afterEach(() => resetApiConfig())

  const read = () => createEmbeddingsThrough({ model: 'bge-m3', input: ['a', 'b'] }, fetchAnswerOffThread(1))
  const send = () => read().catch((error: unknown) => error)

  it('reads a successful answer into vectors', async () => {
    configureApi({ fetch: fakeFetch(() => jsonResponse(200, answerObject([[1, 2], base64([1, 2])]))).fetch })
    const answer = await read()
    if (!answer.ok) throw new Error(answer.message)
    expect([...answer.answer.data]).toEqual([1, 2, 1, 2])
    expect([...answer.answer.indices]).toEqual([1, 0])
  })

  it('says what is wrong with a successful answer it cannot read', async () => {
    configureApi({
      fetch: fakeFetch(() => new Response('<html>proxy page</html>', { status: 200 })).fetch,
    })
    expect(await send()).toMatchObject({ ok: false, message: 'The answer is not JSON.' })
  })

  it('reports an OpenAI error body as the client does: its message, code and field', async () => {
    configureApi({
      fetch: fakeFetch(() => modelNotFoundResponse()).fetch,
    })
    expect(await send()).toMatchObject({
      status: 404,
      code: 'model_not_found',
      message: 'The model `nope` does not exist',
      fieldPath: ['model'],
    })
  })

  it('ends the session when the console server says it has ended', async () => {
    configureApi({
      fetch: fakeFetch(() =>
        jsonResponse(
          401,
          { error: 'access_denied', error_description: 'token expired' },
          { 'X-Console-Session': 'ended' },
        ),
      ).fetch,
    })
    const seen: unknown[] = []
    const unsubscribe = onUnauthorized((e) => seen.push(e))
    try {
      const error = await send()
      expect(error).toBeInstanceOf(ApiError)
      expect(error).toMatchObject({ status: 401, code: 'unauthorized' })
      expect(seen).toEqual([error])
    } finally {
      unsubscribe()
    }
  })

  it('reports no answer as a network failure', async () => {
    configureApi({
      fetch: (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch,
    })
    expect(await send()).toMatchObject({ status: 0, code: 'network_error' })
  })
})

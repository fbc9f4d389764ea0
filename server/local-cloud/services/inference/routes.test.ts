import OpenAI, { NotFoundError } from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalCloud, type StartedLocalCloud } from '../../testing.ts'
import { testClient, type TestClient } from '../../test-client.ts'

let cloud: StartedLocalCloud
let api: TestClient
let embeddingModel: string

const openAIError = {
  error: {
    message: expect.any(String),
    type: expect.any(String),
    code: expect.anything(),
    param: expect.toSatisfy((p: unknown) => p === null || typeof p === 'string'),
  },
}

beforeAll(async () => {
  cloud = await startLocalCloud()
  api = testClient(cloud.url, cloud.cloud.tokens.admin)
  const listing = await api.get(`/local/aiproxy/organizations/${cloud.cloud.demo.organizationId}/endpoints`)
  embeddingModel = listing.body.models.find((m: { model_type: string }) => m.model_type === 'Embedding').id
})
afterAll(() => cloud.stop())

describe('model-endpoint listing', () => {
  it('answers {models} for the caller’s organization and 403 for another', async () => {
    const res = await api.get(`/local/aiproxy/organizations/${cloud.cloud.demo.organizationId}/endpoints`)
    expect(res.status).toBe(200)
    expect(res.body.models.length).toBeGreaterThan(0)
    expect(res.body.models[0]).toMatchObject({
      id: expect.any(String),
      input_price_per_million: expect.any(String),
      context_length: expect.any(Number),
    })
    const foreign = await api.get(`/local/aiproxy/organizations/${cloud.cloud.demo.secondOrganizationId}/endpoints`)
    expect(foreign.status).toBe(403)
    expect(foreign.body.error).toBe('forbidden')
    expect(
      (await api.get(`/local/aiproxy/organizations/${cloud.cloud.demo.organizationId}/endpoints`, { token: null }))
        .status,
    ).toBe(401)
  })
})

describe('embeddings route', () => {
  it('embeds with a valid token', async () => {
    const res = await api.post('/local/inference/v1/embeddings', { model: embeddingModel, input: 'hello world' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      object: 'list',
      model: embeddingModel,
      data: [{ object: 'embedding', index: 0 }],
      usage: { prompt_tokens: expect.any(Number) },
    })
  })

  it('sends a large answer whole, in the length it declares', async () => {
    // Some 3 MB of JSON: the answer is written to the socket piece by piece.
    const input = Array.from({ length: 200 }, (_, i) => `sentence number ${i} about cats and shares`)
    const res = await fetch(`${cloud.url}/local/inference/v1/embeddings`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${cloud.cloud.tokens.admin}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: embeddingModel, input }),
    })
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(Number(res.headers.get('content-length'))).toBe(bytes.byteLength)
    const body = JSON.parse(Buffer.from(bytes).toString('utf8'))
    expect(body.data.map((d: { index: number }) => d.index)).toEqual(input.map((_, i) => i))
    expect(body.data.at(-1).embedding.length).toBe(body.data[0].embedding.length)
  })

  it('answers OpenAI-style errors for auth, JSON, content type, method and path', async () => {
    const missing = await api.post(
      '/local/inference/v1/embeddings',
      { model: embeddingModel, input: 'x' },
      { token: null },
    )
    expect(missing.status).toBe(401)
    expect(missing.body).toEqual(openAIError)
    const wrong = await api.post(
      '/local/inference/v1/embeddings',
      { model: embeddingModel, input: 'x' },
      { token: 'nope' },
    )
    expect(wrong.status).toBe(401)
    const malformed = await api.post('/local/inference/v1/embeddings', '{"model":')
    expect(malformed.status).toBe(400)
    expect(malformed.body).toEqual(openAIError)
    const form = await api.post('/local/inference/v1/embeddings', 'model=x', {
      headers: { 'Content-Type': 'text/plain' },
    })
    expect(form.status).toBe(415)
    expect(form.body).toEqual(openAIError)
    const get = await api.get('/local/inference/v1/embeddings')
    expect(get.status).toBe(405)
    expect(get.body).toEqual(openAIError)
    expect((await api.post('/local/inference/v1/chat/completions', {})).status).toBe(404)
  })

  it('answers the official OpenAI SDK, which asks for base64 and decodes it, and raises its error classes', async () => {
    const client = new OpenAI({
      baseURL: `${cloud.url}/local/inference/v1`,
      apiKey: cloud.cloud.tokens.admin,
      maxRetries: 0,
    })
    const answer = await client.embeddings.create({
      model: embeddingModel,
      input: ['The cat sat on the mat', 'Shares fell sharply on Wall Street'],
    })
    expect(answer.data.map((d) => d.index)).toEqual([0, 1])
    for (const { embedding } of answer.data) {
      expect(embedding.length).toBeGreaterThan(1)
      expect(Math.hypot(...embedding)).toBeCloseTo(1, 5)
    }
    expect(answer.usage.prompt_tokens).toBeGreaterThan(0)
    const refused = client.embeddings.create({ model: 'no-such-model', input: 'x' })
    await expect(refused).rejects.toBeInstanceOf(NotFoundError)
    await expect(refused).rejects.toMatchObject({ code: 'model_not_found' })
  })

  it('accepts a service-account token', async () => {
    const org = `/local/identity/api/v1/organizations/${cloud.cloud.demo.organizationId}`
    const sa = await api.post(`${org}/serviceaccounts`, { metadata: { name: 'embedder' }, spec: { groupIDs: [] } })
    const res = await testClient(cloud.url, sa.body.status.accessToken).post('/local/inference/v1/embeddings', {
      model: embeddingModel,
      input: ['a', 'b'],
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toHaveLength(2)
  })
})

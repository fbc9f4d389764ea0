import { describe, expect, it } from 'vitest'
import { catalogFor } from '../aiproxy/models.ts'
import { handleEmbeddings } from './embeddings.ts'
import { MAX_INPUT_CHARS, MAX_REQUEST_CHARS } from './validate.ts'
import { lexicalVectors } from './vectorize.ts'

const ctx = { models: catalogFor('acme-demo'), vectorize: lexicalVectors }

async function rejected(body: unknown) {
  const result = await handleEmbeddings(body, ctx)
  expect(result.status).toBe(400)
  return (result.body as { error: { message: string; type: string; param: string | null; code: string | null } }).error
}

describe('embeddings request limits, checked before any token is counted', () => {
  it('refuses an input longer than MAX_INPUT_CHARS, naming it and the limit', async () => {
    const long = 'a'.repeat(MAX_INPUT_CHARS + 1)
    for (const [input, path] of [
      [long, 'input'],
      [['short', long], 'input[1]'],
    ] as const) {
      const error = await rejected({ model: 'bge-m3', input })
      expect(error).toMatchObject({ type: 'invalid_request_error', param: 'input', code: 'string_above_max_length' })
      expect(error.message).toContain(`'${path}'`)
      expect(error.message).toContain(String(MAX_INPUT_CHARS))
    }
  })

  it('refuses inputs that together pass MAX_REQUEST_CHARS', async () => {
    const count = Math.ceil(MAX_REQUEST_CHARS / MAX_INPUT_CHARS) + 1
    const input = Array.from({ length: count }, () => 'word '.repeat(MAX_INPUT_CHARS / 5))
    const error = await rejected({ model: 'bge-m3', input })
    expect(error).toMatchObject({ param: 'input', code: 'max_characters_per_request' })
    expect(error.message).toContain(String(MAX_REQUEST_CHARS))
  })

  it('answers a megabyte-long word at once', async () => {
    const started = performance.now()
    expect((await rejected({ model: 'bge-m3', input: 'a'.repeat(1024 * 1024) })).code).toBe('string_above_max_length')
    expect(performance.now() - started).toBeLessThan(100)
  })
})

import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api/errors'
import { describeFailure } from './failure'

const apiError = (status: number, code: string, fieldPath?: string[]) =>
  new ApiError({
    status,
    code,
    message: `failed ${status}`,
    service: 'inference',
    method: 'POST',
    path: '/v1/embeddings',
    fieldPath,
    traceId: status >= 500 ? 't-1' : undefined,
  })

describe('describeFailure', () => {
  it('points an unknown model at the model field', () => {
    expect(describeFailure(apiError(404, 'model_not_found', ['model']), 'nope')).toMatchObject({
      title: 'Model nope is not available',
      field: 'model',
    })
  })

  it('names the model only when the answer blames it: a 404 for an unknown endpoint is not the model’s', () => {
    const failure = describeFailure(apiError(404, 'not_found'), 'bge-m3')
    expect(failure.title).not.toMatch(/bge-m3/)
    expect(failure.field).toBeUndefined()
    expect(failure.message).toBe('failed 404')
    expect(describeFailure(apiError(404, 'model_not_found'), 'nope').title).toBe('Model nope is not available')
  })

  it('says what to do after a rate limit, a server failure and a refused field', () => {
    expect(describeFailure(apiError(429, 'rate_limited'), 'm').next).toMatch(/Wait a minute/)
    expect(describeFailure(apiError(503, 'service_unavailable'), 'm')).toMatchObject({
      next: 'Run again in a moment.',
      traces: { console: 't-1' },
    })
    expect(describeFailure(apiError(400, 'integer_above_max_value', ['dimensions']), 'm')).toMatchObject({
      field: 'dimensions',
      next: 'Correct the dimensions field and run again.',
    })
    expect(describeFailure(apiError(400, 'context_length_exceeded', ['input']), 'm').field).toBe('inputs')
  })
})

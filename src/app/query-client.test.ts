import { describe, expect, it } from 'vitest'
import { ApiError } from '../api/errors'
import { shouldRetry } from './query-client'

const failure = (status: number, code: string) =>
  new ApiError({ status, code, message: 'm', service: 'region', method: 'GET', path: '/api/v2/networks' })

describe('a read that failed', () => {
  it('is not asked again after a service did not answer in time: the server’s 504, or no answer at all', () => {
    expect(shouldRetry(0, failure(504, 'upstream_timeout'))).toBe(false)
    expect(shouldRetry(0, failure(0, 'timeout'))).toBe(false)
  })

  it('is asked again, twice, after a moment’s failure; never after a refusal', () => {
    expect(shouldRetry(0, failure(503, 'service_unavailable'))).toBe(true)
    expect(shouldRetry(1, failure(0, 'network_error'))).toBe(true)
    expect(shouldRetry(2, failure(502, 'upstream_unreachable'))).toBe(false)
    expect(shouldRetry(0, failure(400, 'invalid_request'))).toBe(false)
  })

  it('is never asked again when the platform does not offer it (501, 405): that will not change', () => {
    expect(shouldRetry(0, failure(501, 'not_implemented'))).toBe(false)
    expect(shouldRetry(0, failure(405, 'method_not_allowed'))).toBe(false)
  })
})

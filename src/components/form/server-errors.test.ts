import { describe, expect, it } from 'vitest'
import { ApiError, errorFromAnswer } from '../../api/errors'
import { placeServerError } from './server-errors'

const request = { service: 'region', method: 'POST', path: '/api/v2/networks' } as const

describe('placeServerError', () => {
  it("puts a validation error on the named field, in the platform's words without the location", () => {
    const placed: [string, string | undefined][] = []
    const error = new ApiError({
      ...request,
      status: 400,
      code: 'invalid_request',
      message: 'request body has an error: Error at "/spec/prefix": must be a /24 or larger',
      fieldPath: ['spec', 'prefix'],
      fieldMessage: 'Must be a /24 or larger',
    })
    const top = placeServerError(
      error,
      (name, e) => placed.push([name, e.message]),
      (path) => (path.join('.') === 'spec.prefix' ? 'prefix' : undefined),
    )
    expect(top).toBeUndefined()
    expect(placed).toEqual([['prefix', 'Must be a /24 or larger']])
  })

  it('says of a field sent holding another admin’s change that its refusal is about what was sent, the field being named', () => {
    const placed: [string, string | undefined][] = []
    const error = new ApiError({
      ...request,
      status: 400,
      code: 'invalid_request',
      message: 'request body has an error',
      fieldPath: ['spec', 'allowedSourceAddresses'],
      fieldMessage: 'Array must have at most 32 items',
    })
    const pathOf = () => 'addresses'
    placeServerError(
      error,
      (name, e) => placed.push([name, e.message]),
      pathOf,
      'update',
      (f) => f === 'addresses',
    )
    placeServerError(
      error,
      (name, e) => placed.push([name, e.message]),
      pathOf,
      'update',
      () => false,
    )
    expect(placed).toEqual([
      [
        'addresses',
        'Array must have at most 32 items. What was sent for this field holds another admin’s change, made while this form was open: the request shows it, this field does not.',
      ],
      ['addresses', 'Array must have at most 32 items'],
    ])
  })

  it('puts a business-rule sentence, which names no field, on the field it is about, whole', () => {
    const placed: [string, string | undefined][] = []
    const error = errorFromAnswer(request, {
      status: 400,
      statusText: 'Bad Request',
      contentType: 'application/json',
      text: JSON.stringify({ error: 'invalid_request', error_description: 'minimum network prefix size is /24' }),
    })
    const top = placeServerError(
      error,
      (name, e) => placed.push([name, e.message]),
      (path) => (path.join('.') === 'spec.prefix' ? 'prefix' : undefined),
    )
    expect(top).toBeUndefined()
    expect(placed).toEqual([['prefix', 'Minimum network prefix size is /24']])
  })

  it('keeps an error the form has no field for at the top of the form, whole', () => {
    const error = new ApiError({ ...request, status: 409, code: 'conflict', message: 'the network is in use' })
    expect(
      placeServerError(
        error,
        () => undefined,
        () => undefined,
      )?.message,
    ).toBe('the network is in use')
  })

  it.each([
    [502, 'bad_gateway'],
    [0, 'network_error'],
  ])('says a create whose answer was lost (%i) may have happened, and where to check', (status, code) => {
    const error = new ApiError({ ...request, status, code, message: 'The regional API could not be reached.' })
    const top = placeServerError(
      error,
      () => undefined,
      () => undefined,
      'create',
    )
    expect(top?.message).toMatch(/^The regional API could not be reached\. It may have been created.*list/)
    expect(top?.message).toMatch(/list/)
    const update = placeServerError(
      error,
      () => undefined,
      () => undefined,
      'update',
    )
    expect(update?.message).toBe('The regional API could not be reached.')
  })

  it('adds only where to check when the console server already said the create may have happened', () => {
    const said =
      'The regional API broke off the connection (ECONNRESET) before it answered: it may have been carried out.'
    const error = new ApiError({ ...request, status: 502, code: 'upstream_answer_lost', message: said })
    const top = placeServerError(
      error,
      () => undefined,
      () => undefined,
      'create',
    )
    expect(top?.message).toBe(`${said} Its list is being refreshed: check there before you submit again.`)
  })

  it('carries the trace ids, the platform’s and the console’s, for the user to quote', () => {
    const error = new ApiError({
      ...request,
      status: 503,
      code: 'temporarily_unavailable',
      message: 'try again shortly',
      traceId: 't-1',
      platformTraceId: 'p-1',
    })
    expect(
      placeServerError(
        error,
        () => undefined,
        () => undefined,
      ),
    ).toMatchObject({ traces: { platform: 'p-1', console: 't-1' } })
  })
})

import { describe, expect, it } from 'vitest'
import { fieldOfError } from './business-rules'
import { errorFromAnswer, fieldPathFromDescription, fieldPathFromParam, traceIdsOf } from './errors'

describe('fieldPathFromDescription', () => {
  it('reads a quoted JSON pointer anywhere in the message', () => {
    expect(fieldPathFromDescription('Error at "/spec/sizeGiB": number must be at least 1')).toEqual(['spec', 'sizeGiB'])
  })

  it('reads array indices as numbers, so the path matches a form field like spec.rules.0.port', () => {
    expect(fieldPathFromDescription('Error at "/spec/rules/0/port": must be at most 65535')).toEqual([
      'spec',
      'rules',
      0,
      'port',
    ])
  })

  it('reads an unquoted pointer at /spec or /metadata', () => {
    expect(fieldPathFromDescription('/metadata/name must match the name pattern')).toEqual(['metadata', 'name'])
    expect(fieldPathFromDescription('invalid value at /spec/prefix: minimum network prefix size is /24')).toEqual([
      'spec',
      'prefix',
    ])
  })

  it('decodes escaped pointer segments', () => {
    expect(fieldPathFromDescription('Error at "/metadata/tags/a~1b"')).toEqual(['metadata', 'tags', 'a/b'])
  })

  it('does not mistake a URL path or a prefix length for a field', () => {
    expect(fieldPathFromDescription('no route for /api/v2/things')).toBeUndefined()
    expect(fieldPathFromDescription('minimum network prefix size is /24')).toBeUndefined()
    expect(fieldPathFromDescription('prefix length must be at least "/24"')).toBeUndefined()
    expect(fieldPathFromDescription('network is in use and cannot be deleted')).toBeUndefined()
  })
})

describe('fieldPathFromParam', () => {
  it('splits dotted and bracketed params', () => {
    expect(fieldPathFromParam('input')).toEqual(['input'])
    expect(fieldPathFromParam('input[3]')).toEqual(['input', 3])
    expect(fieldPathFromParam('messages.0.content')).toEqual(['messages', 0, 'content'])
    expect(fieldPathFromParam('')).toBeUndefined()
  })
})

const request = { service: 'region', method: 'POST', path: '/api/v2/networks' } as const
/** What the console makes of a JSON answer to a network create. */
const jsonAnswer = (status: number, text: string, more: Partial<Parameters<typeof errorFromAnswer>[1]> = {}) =>
  errorFromAnswer(request, { status, statusText: '', contentType: 'application/json', text, ...more })

describe('errorFromAnswer', () => {
  it("reads the console server's own errors like the platform's", () => {
    const e = jsonAnswer(
      504,
      JSON.stringify({
        error: 'upstream_timeout',
        error_description: 'The regional API did not answer within 30 s.',
      }),
      { statusText: 'Gateway Timeout' },
    )
    expect(e).toMatchObject({ status: 504, code: 'upstream_timeout', bodyKind: 'platform', fieldPath: undefined })
  })

  it("takes the console's trace id over the body's, for any body", () => {
    const platform = jsonAnswer(500, '{"error":"server_error","trace_id":"trace-1"}', {
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
    })
    expect(platform.traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736')
    const bodyOnly = jsonAnswer(500, '{"error":"server_error","trace_id":"trace-1"}')
    expect(bodyOnly.traceId).toBe('trace-1')
    const html = errorFromAnswer(request, {
      status: 502,
      statusText: '',
      contentType: 'text/html',
      traceId: '0af7651916cd43dd8448eb211c80319c',
      text: '<p>',
    })
    expect(html.traceId).toBe('0af7651916cd43dd8448eb211c80319c')
  })

  it('keeps the platform’s trace id beside the console’s, and names both only when they differ', () => {
    const both = jsonAnswer(500, '{"error":"server_error","trace_id":"4bf92f3577b34da6a3ce929d0e0e4736"}', {
      traceId: '0af7651916cd43dd8448eb211c80319c',
    })
    expect(traceIdsOf(both)).toEqual({
      platform: '4bf92f3577b34da6a3ce929d0e0e4736',
      console: '0af7651916cd43dd8448eb211c80319c',
    })
    const same = jsonAnswer(500, '{"error":"server_error","trace_id":"4bf92f3577b34da6a3ce929d0e0e4736"}', {
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
    })
    expect(traceIdsOf(same)).toEqual({ platform: '4bf92f3577b34da6a3ce929d0e0e4736', console: undefined })
  })

  it('uses the code when the description is missing', () => {
    const e = jsonAnswer(409, '{"error":"conflict"}')
    expect(e).toMatchObject({ code: 'conflict', message: 'conflict' })
  })

  it('derives a code from the status for JSON it does not recognise', () => {
    const e = jsonAnswer(413, '{"message":"too big"}')
    expect(e).toMatchObject({ code: 'request_entity_too_large', bodyKind: 'other' })
  })
})

describe('the field a platform answer is about', () => {
  const refusal = (status: number, description: string) =>
    jsonAnswer(
      status,
      JSON.stringify({ error: status === 409 ? 'conflict' : 'invalid_request', error_description: description }),
    )

  it("drops the preamble that locates the field, in both of the platform's phrasings", () => {
    const a = refusal(
      400,
      'request body has an error: Error at "/spec/prefix": string doesn\'t match the format "cidr"',
    )
    expect(fieldOfError(a)).toEqual({ path: ['spec', 'prefix'], message: 'String doesn\'t match the format "cidr"' })
    const b = refusal(
      400,
      'request body has an error: doesn\'t match schema: Error at "/spec/sizeGiB": number must be at least 1',
    )
    expect(fieldOfError(b)?.message).toBe('Number must be at least 1')
  })

  it("puts the platform's plain business-rule sentences on the body path they are about, whole", () => {
    const prefix = refusal(400, 'minimum network prefix size is /24')
    expect(fieldOfError(prefix)).toEqual({ path: ['spec', 'prefix'], message: 'Minimum network prefix size is /24' })
    expect(prefix.message).toBe('minimum network prefix size is /24')
    expect(fieldOfError(refusal(400, 'rule must have a range where start < end'))?.path).toEqual(['spec', 'rules'])
    expect(fieldOfError(refusal(400, 'cannot be smaller than the data already stored (12 GiB in use)'))?.path).toEqual([
      'spec',
      'sizeGiB',
    ])
    expect(fieldOfError(refusal(409, 'a network named "prod" already exists in this project'))?.path).toEqual([
      'metadata',
      'name',
    ])
  })

  it('reads a short text/plain answer as it reads the JSON sentence: on its field when the console knows it', () => {
    const plain = (text: string) =>
      errorFromAnswer(request, { status: 400, statusText: 'Bad Request', contentType: 'text/plain', text })
    const prefix = plain('minimum network prefix size is /24\n')
    expect(fieldOfError(prefix)).toEqual({ path: ['spec', 'prefix'], message: 'Minimum network prefix size is /24' })
    const pointed = plain('request body has an error: Error at "/spec/sizeGiB": number must be at least 1')
    expect(fieldOfError(pointed)?.path).toEqual(['spec', 'sizeGiB'])
    expect(fieldOfError(plain('upstream connect error'))).toBeUndefined()
  })

  it('leaves a sentence it does not know without a field, so it goes above the form', () => {
    const unknown = refusal(400, 'the quota of the organization is exhausted')
    expect(fieldOfError(unknown)).toBeUndefined()
    expect(unknown.message).toBe('the quota of the organization is exhausted')
  })
})

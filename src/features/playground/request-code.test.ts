import { describe, expect, it } from 'vitest'
import { expectSamplesContain, expectTokenFromEnvironment } from '../../test/code-sample-checks'
import { requestCode } from './request-code'

const upstreams = {
  region: 'r',
  compute: 'c',
  identity: 'i',
  aiproxy: 'a',
  inference: 'https://inference.example',
  reservation: 'https://reservation.example',
  storage: 's',
  nks: 'n',
}

describe('request code', () => {
  it('writes the exact request with the options set and the token as a placeholder', () => {
    const samples = requestCode(
      { model: 'bge-m3', inputs: ['a cat', "it's"], encodingFormat: 'base64', dimensions: 256, user: 'me' },
      upstreams,
    )
    expectTokenFromEnvironment(samples)
    expectSamplesContain(samples, {
      curl: ["curl -X POST 'https://inference.example/v1/embeddings'", '"encoding_format": "base64"'],
      python: ['input=["a cat","it\'s"],', 'dimensions=256,'],
      typescript: ["encoding_format: 'base64',"],
    })
  })

  it('leaves defaults out and cuts a long input list with a note', () => {
    const inputs = Array.from({ length: 12 }, (_, i) => `text ${i}`)
    const [curl, python] = requestCode(
      { model: 'bge-m3', inputs, encodingFormat: 'float', dimensions: null, user: '' },
      upstreams,
    )
    expect(curl!.code).not.toContain('encoding_format')
    expect(curl!.code).not.toContain('dimensions')
    expect(curl!.code).toContain('# 12 inputs in all; 5 shown.')
    expect(python!.code).not.toContain('text 5')
  })
})

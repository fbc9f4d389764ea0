import { describe, it } from 'vitest'
import { expectSamplesContain, expectTokenFromEnvironment } from '../../test/code-sample-checks'
import { modelCodeSamples } from './code-samples'

describe('model code samples', () => {
  it('calls the embeddings endpoint of an embedding model with the token from the environment', () => {
    const samples = modelCodeSamples({ id: 'bge-m3', model_type: 'Embedding' }, 'https://inference.example/')
    expectTokenFromEnvironment(samples)
    expectSamplesContain(samples, {
      curl: ["curl 'https://inference.example/v1/embeddings'", '"model": "bge-m3"'],
      python: ['client.embeddings.create(model="bge-m3"'],
      typescript: ["baseURL: 'https://inference.example/v1'"],
    })
  })

  it('calls chat completions for a text generation model', () => {
    const samples = modelCodeSamples(
      { id: 'llama-3.3-70b-instruct', model_type: 'TextGeneration' },
      'http://localhost:8080/local/inference',
    )
    expectTokenFromEnvironment(samples)
    expectSamplesContain(samples, {
      curl: ['/local/inference/v1/chat/completions'],
      python: ['client.chat.completions.create('],
      typescript: ["model: 'llama-3.3-70b-instruct'"],
    })
  })
})

import { describe, expect, it } from 'vitest'
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
  it('says atop each sample what serves the model on the embedded local cloud, and nothing of it otherwise', () => {
    const servedBy = {
      name: 'Universal Sentence Encoder lite',
      traits: 'English, 512 dimensions',
      dimensions: 512,
      models: null,
      multilingual: 'Multilingual ability is not available on the embedded local cloud.',
    }
    const said =
      'On the embedded local cloud, bge-m3 is served by Universal Sentence Encoder lite (English, 512 dimensions, mapped to bge-m3’s own), not by bge-m3 itself.'
    const local = modelCodeSamples(
      { id: 'bge-m3', model_type: 'Embedding' },
      'http://localhost:8080/local/inference',
      servedBy,
    )
    expect(local.map((sample) => sample.code.split('\n')[0])).toEqual([`# ${said}`, `# ${said}`, `// ${said}`])
    const platform = modelCodeSamples({ id: 'bge-m3', model_type: 'Embedding' }, 'https://inference.example/')
    expect(platform.some((sample) => sample.code.includes('served by'))).toBe(false)
  })
})

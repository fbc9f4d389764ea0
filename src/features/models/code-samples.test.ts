import { describe, expect, it } from 'vitest'
import { modelCodeSamples } from './code-samples'

describe('model code samples', () => {
  it('calls the embeddings endpoint of an embedding model with the token from the environment', () => {
    const [curl, python, typescript] = modelCodeSamples(
      { id: 'bge-m3', model_type: 'Embedding' },
      'https://inference.example/',
    )
    expect(curl!.code).toContain("curl 'https://inference.example/v1/embeddings'")
    expect(curl!.code).toContain('Bearer $TOKEN')
    expect(curl!.code).toContain('"model": "bge-m3"')
    expect(python!.code).toContain('client.embeddings.create(model="bge-m3"')
    expect(python!.code).toContain('api_key=os.environ["TOKEN"]')
    expect(typescript!.code).toContain("baseURL: 'https://inference.example/v1', apiKey: process.env.TOKEN")
  })

  it('calls chat completions for a text generation model', () => {
    const samples = modelCodeSamples(
      { id: 'llama-3.3-70b-instruct', model_type: 'TextGeneration' },
      'http://localhost:8080/local/inference',
    )
    expect(samples.map((s) => s.label)).toEqual(['curl', 'Python', 'TypeScript'])
    expect(samples[0]!.code).toContain('/local/inference/v1/chat/completions')
    expect(samples[1]!.code).toContain('client.chat.completions.create(')
    expect(samples[2]!.code).toContain("model: 'llama-3.3-70b-instruct'")
  })
})

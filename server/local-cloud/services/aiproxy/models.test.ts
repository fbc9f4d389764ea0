import { describe, expect, it } from 'vitest'
import { catalogFor, EMBEDDING, TEXT_GENERATION } from './models.ts'

const DEMO_ORG = 'acme-demo'
const GLOBEX_ORG = 'globex-corporation'

// A plain decimal: no exponent, no float noise such as 0.30000000000000004.
const DECIMAL = /^(0|[1-9]\d*)(\.\d{1,4})?$/
const BYTES_PER_PARAMETER: Record<string, number> = { bfloat16: 2, float32: 4 }

describe('model catalog', () => {
  const models = catalogFor(DEMO_ORG)

  it('offers at least 12 models, with both text generation and embedding models', () => {
    expect(models.length).toBeGreaterThanOrEqual(12)
    expect(models.some((m) => m.model_type === TEXT_GENERATION)).toBe(true)
    expect(models.some((m) => m.model_type === EMBEDDING)).toBe(true)
  })

  it('gives every model a unique id derived from its Hugging Face repository name', () => {
    expect(new Set(models.map((m) => m.id)).size).toBe(models.length)
    for (const m of models) expect(m.id).toBe(m.hf_id.split('/')[1]?.toLowerCase())
  })

  it('writes every price as a decimal string without float noise', () => {
    for (const m of models) {
      expect(m.input_price_per_million, m.id).toMatch(DECIMAL)
      expect(m.output_price_per_million, m.id).toMatch(DECIMAL)
      expect(m.price_type).toBe('PER_TOKEN')
    }
  })

  it('prices embedding output at zero and gives each embedding model its vector size', () => {
    for (const m of models.filter((e) => e.model_type === EMBEDDING)) {
      expect(Number(m.output_price_per_million), m.id).toBe(0)
      expect(Number.isInteger(m.embedding_dimensions) && (m.embedding_dimensions ?? 0) > 0, m.id).toBe(true)
    }
    for (const m of models.filter((e) => e.model_type === TEXT_GENERATION))
      expect(m.embedding_dimensions, m.id).toBeUndefined()
  })

  it('states integer facts consistent with the weights', () => {
    for (const m of models) {
      for (const n of [m.parameters, m.size, m.context_length])
        expect(Number.isSafeInteger(n) && n > 0, m.id).toBe(true)
      const bytes = BYTES_PER_PARAMETER[m.data_type]
      if (bytes !== undefined) expect(m.size, m.id).toBe(m.parameters * bytes)
      else expect(m.size, m.id).toBeGreaterThan(m.parameters)
    }
  })

  it('links every license and credits every model', () => {
    for (const m of models) {
      expect(m.licenses.length, m.id).toBeGreaterThan(0)
      for (const l of m.licenses) expect(new URL(l.url).protocol, m.id).toBe('https:')
      expect(m.attributions.length, m.id).toBeGreaterThan(0)
    }
  })

  it('gives a globex organization a smaller subset of the same catalog', () => {
    const globex = catalogFor(GLOBEX_ORG)
    expect(globex.length).toBeLessThan(models.length)
    expect(globex.some((m) => m.model_type === EMBEDDING)).toBe(true)
    for (const m of globex) expect(models).toContainEqual(m)
  })

  it('hands out copies, so one caller cannot change another organization’s catalog', () => {
    const first = catalogFor(DEMO_ORG)
    first[0]!.input_price_per_million = '999'
    first[0]!.licenses.pop()
    expect(catalogFor(DEMO_ORG)[0]).toEqual(models[0])
  })
})

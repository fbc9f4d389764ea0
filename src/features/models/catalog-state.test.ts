import { describe, expect, it } from 'vitest'
import { clearFilters, priceModels, readCatalogState, selectModels, toggleCompare } from './catalog-state'
import type { ModelEntry } from './model-entry'

const model = (id: string, fields: Partial<ModelEntry>): ModelEntry => ({ id, name: id, ...fields })

const MODELS: ModelEntry[] = [
  model('big', {
    name: 'Big Chat',
    developer: 'Meta',
    model_type: 'TextGeneration',
    context_length: 131072,
    parameters: 70e9,
    input_price_per_million: '0.88',
    output_price_per_million: '0.88',
    licenses: [{ name: 'Llama' }],
  }),
  model('small', {
    name: 'Small Chat',
    developer: 'Mistral AI',
    model_type: 'TextGeneration',
    context_length: 32768,
    parameters: 7e9,
    input_price_per_million: '0.20',
    output_price_per_million: '0.20',
    licenses: [{ name: 'Apache' }],
  }),
  model('pricey', {
    name: 'Pricey Chat',
    developer: 'Meta',
    model_type: 'TextGeneration',
    context_length: 131072,
    parameters: 405e9,
    input_price_per_million: '3.50',
    output_price_per_million: '3.50',
    licenses: [{ name: 'Llama' }],
  }),
  model('embed', {
    name: 'Embedder',
    developer: 'BAAI',
    model_type: 'Embedding',
    context_length: 8192,
    parameters: 5e8,
    input_price_per_million: '0.0100',
    output_price_per_million: '0',
    licenses: [{ name: 'MIT' }],
  }),
]

const ids = (params: string) => {
  const state = readCatalogState(new URLSearchParams(params))
  return selectModels(priceModels(MODELS, state.plan), state).map((entry) => entry.model.id)
}

describe('catalog state in the URL', () => {
  it('falls back on anything malformed', () => {
    const state = readCatalogState(
      new URLSearchParams('sort=-bogus&view=grid&minContext=abc&maxPrice=1e9&inTokens=-4&per=week'),
    )
    expect(state.sort).toEqual({ key: 'name', direction: 'asc' })
    expect(state.view).toBe('cards')
    expect(state.minContext).toBeNull()
    expect(state.maxPrice).toBeNull()
    expect(state.plan).toEqual({ inputTokens: 1000, outputTokens: 500, requests: 10_000, per: 'day' })
  })

  it('filters by type, developer, license, context and price, and searches words', () => {
    expect(ids('type=Embedding')).toEqual(['embed'])
    expect(ids('developer=Meta')).toEqual(['big', 'pricey'])
    expect(ids('license=Apache&license=MIT')).toEqual(['embed', 'small'])
    expect(ids('minContext=131072')).toEqual(['big', 'pricey'])
    expect(ids('maxPrice=0.88')).toEqual(['big', 'embed', 'small'])
    expect(ids('q=chat%20meta')).toEqual(['big', 'pricey'])
  })

  it('sorts by prices, context, parameters, name and monthly cost', () => {
    expect(ids('sort=input')).toEqual(['embed', 'small', 'big', 'pricey'])
    expect(ids('sort=-parameters')).toEqual(['pricey', 'big', 'small', 'embed'])
    expect(ids('sort=-context')).toEqual(['big', 'pricey', 'small', 'embed'])
    expect(ids('sort=-name')).toEqual(['small', 'pricey', 'embed', 'big'])
    expect(ids('sort=cost')).toEqual(['embed', 'small', 'big', 'pricey'])
  })

  it('prices the plan per month, embeddings on input only', () => {
    const state = readCatalogState(new URLSearchParams('inTokens=1000&outTokens=500&requests=10000&per=day'))
    const priced = new Map(priceModels(MODELS, state.plan).map((entry) => [entry.model.id, entry.monthly?.toString()]))
    expect(priced.get('big')).toBe('396')
    expect(priced.get('embed')).toBe('3')
  })

  it('keeps at most four models to compare and toggles them', () => {
    const state = readCatalogState(new URLSearchParams('compare=a&compare=b&compare=c&compare=d&compare=e'))
    expect(state.compare).toEqual(['a', 'b', 'c', 'd'])
    expect(toggleCompare(state, 'x')).toEqual(['a', 'b', 'c', 'd'])
    expect(toggleCompare(state, 'b')).toEqual(['a', 'c', 'd'])
  })

  it('clears filters but keeps the view and plan', () => {
    const params = clearFilters(new URLSearchParams('q=x&type=Embedding&view=table&inTokens=5'))
    expect(params.toString()).toBe('view=table&inTokens=5')
  })
})

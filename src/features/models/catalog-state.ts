// Everything a catalog view shows lives in the URL, so a filtered, sorted view with its open model, comparison and
// cost plan can be shared as a link. Reading is total: a hand-edited URL never breaks the page, it falls back.

import type Big from 'big.js'
import type { ModelEntry } from './model-entry'
import { matchesSearch } from '../../lib/list-filters'
import { compareText } from '../../lib/compare-text'
import { parseSort, sortBy, type SortState } from '../../lib/sort'
import { monthlyCost, parsePrice, type UsagePlan } from '../../lib/pricing'

export const SORT_KEYS = ['name', 'input', 'output', 'context', 'parameters', 'cost'] as const
export const DEFAULT_SORT: SortState = { key: 'name', direction: 'asc' }
type CatalogView = 'cards' | 'table'
export const MAX_COMPARE = 4
const DEFAULT_PLAN: UsagePlan = { inputTokens: 1000, outputTokens: 500, requests: 10_000, per: 'day' }

export interface CatalogState {
  q: string
  type: string | null
  developers: string[]
  licenses: string[]
  minContext: number | null
  /** The most a million tokens (input or output) may cost; a decimal string as typed. */
  maxPrice: string | null
  sort: SortState
  view: CatalogView
  /** The model whose drawer is open. */
  selected: string | null
  compare: string[]
  plan: UsagePlan
}

function positiveInt(raw: string | null): number | null {
  if (raw === null || !/^\d+$/.test(raw)) return null
  const value = Number(raw)
  return Number.isSafeInteger(value) && value > 0 ? value : null
}

function nonNegativeInt(raw: string | null, fallback: number): number {
  if (raw === null || !/^\d+$/.test(raw)) return fallback
  const value = Number(raw)
  return Number.isSafeInteger(value) ? value : fallback
}

export function readCatalogState(params: URLSearchParams): CatalogState {
  const view = params.get('view')
  const per = params.get('per')
  const maxPrice = params.get('maxPrice')
  return {
    q: params.get('q') ?? '',
    type: params.get('type') || null,
    developers: params.getAll('developer').filter(Boolean),
    licenses: params.getAll('license').filter(Boolean),
    minContext: positiveInt(params.get('minContext')),
    maxPrice: maxPrice !== null && parsePrice(maxPrice) ? maxPrice : null,
    sort: parseSort(params.get('sort'), SORT_KEYS, DEFAULT_SORT),
    view: view === 'table' ? 'table' : 'cards',
    selected: params.get('model') || null,
    compare: [...new Set(params.getAll('compare').filter(Boolean))].slice(0, MAX_COMPARE),
    plan: {
      inputTokens: nonNegativeInt(params.get('inTokens'), DEFAULT_PLAN.inputTokens),
      outputTokens: nonNegativeInt(params.get('outTokens'), DEFAULT_PLAN.outputTokens),
      requests: nonNegativeInt(params.get('requests'), DEFAULT_PLAN.requests),
      per: per === 'month' ? 'month' : per === 'day' ? 'day' : DEFAULT_PLAN.per,
    },
  }
}

/** Filter params only: what "Clear filters" removes, keeping the view, the plan and the comparison. */
const FILTER_KEYS = ['q', 'type', 'developer', 'license', 'minContext', 'maxPrice'] as const

export function clearFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params)
  for (const key of FILTER_KEYS) next.delete(key)
  return next
}

export function hasFilters(state: CatalogState): boolean {
  return (
    state.q !== '' ||
    state.type !== null ||
    state.developers.length > 0 ||
    state.licenses.length > 0 ||
    state.minContext !== null ||
    state.maxPrice !== null
  )
}

export function toggleCompare(state: CatalogState, id: string): string[] {
  if (state.compare.includes(id)) return state.compare.filter((other) => other !== id)
  return state.compare.length >= MAX_COMPARE ? state.compare : [...state.compare, id]
}

export interface PricedModel {
  model: ModelEntry
  input: Big | undefined
  output: Big | undefined
  /** The plan's cost over a month, undefined when a price is missing or there is no plan. */
  monthly: Big | undefined
  /** The calculator holds a value it refuses: no cost is worked out from an older one. */
  noPlan?: true
}

/** Each model's prices and what `plan` costs with it a month; `undefined` while the calculator refuses an input. */
export function priceModels(models: readonly ModelEntry[], plan: UsagePlan | undefined): PricedModel[] {
  return models.map((model) => {
    const input = parsePrice(model.input_price_per_million)
    const output = parsePrice(model.output_price_per_million)
    if (!plan) return { model, input, output, monthly: undefined, noPlan: true }
    // Embedding models produce no output tokens, so their cost is the input alone.
    const usage = model.model_type === 'Embedding' ? { ...plan, outputTokens: 0 } : plan
    return { model, input, output, monthly: monthlyCost({ input, output }, usage) }
  })
}

function sortValue(entry: PricedModel, key: string): string | number | undefined {
  switch (key) {
    case 'input':
      return entry.input?.toNumber()
    case 'output':
      return entry.output?.toNumber()
    case 'context':
      return entry.model.context_length
    case 'parameters':
      return entry.model.parameters
    case 'cost':
      return entry.monthly?.toNumber()
    default:
      return entry.model.name
  }
}

export function licenseNames(model: ModelEntry): string[] {
  return (model.licenses ?? []).map((license) => license.name)
}

/** The models the filters let through, in the chosen order (missing values last, ties by name). */
export function selectModels(priced: readonly PricedModel[], state: CatalogState): PricedModel[] {
  const maxPrice = parsePrice(state.maxPrice)
  const matched = priced.filter(({ model, input, output }) => {
    if (state.type && model.model_type !== state.type) return false
    if (state.developers.length && !state.developers.includes(model.developer ?? '')) return false
    if (state.licenses.length && !licenseNames(model).some((name) => state.licenses.includes(name))) return false
    if (state.minContext !== null && (model.context_length ?? 0) < state.minContext) return false
    if (maxPrice && [input, output].some((price) => price !== undefined && price.gt(maxPrice))) return false
    if (maxPrice && input === undefined) return false
    return matchesSearch(state.q, [
      model.name,
      model.id,
      model.developer,
      model.description,
      model.hf_id,
      model.model_type,
    ])
  })
  // The sort is stable, so equal prices stay in name order.
  const byName = sortBy(matched, (entry) => entry.model.name, 'asc')
  return sortBy(byName, (entry) => sortValue(entry, state.sort.key), state.sort.direction)
}

/** Distinct values for a filter's options, sorted. */
export function distinct(values: Iterable<string | undefined>): string[] {
  return [...new Set([...values].filter((value): value is string => Boolean(value)))].sort(compareText)
}

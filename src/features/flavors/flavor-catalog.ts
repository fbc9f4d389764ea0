// The flavor catalog's state lives in the URL (region, search, GPU/CPU, GPU models and counts, sort, view), so a
// filtered view can be shared. Reading is total: a hand-edited URL falls back rather than breaking the page.
// Units are the platform's: memory and GPU memory in GiB, disk in GB.

import type { Flavor } from '../../api/schemas/regional'
import { matchesSearch } from '../../lib/list-filters'
import { FLAVOR_SORT_KEYS, sortFlavors } from '../../lib/flavor-sort'
import { compareText } from '../../lib/compare-text'
import { parseSort, type SortState } from '../../lib/sort'
import { formatNumber } from '../../lib/format'

export const DEFAULT_SORT: SortState = { key: 'name', direction: 'asc' }
type FlavorKind = 'all' | 'gpu' | 'cpu'
type FlavorView = 'table' | 'cards'

export interface FlavorCatalogState {
  /** The region the URL names; the page falls back to the scope's, then the first region. */
  region: string | null
  q: string
  kind: FlavorKind
  gpuModels: string[]
  gpuCounts: number[]
  sort: SortState
  view: FlavorView
}

export function readFlavorState(params: URLSearchParams): FlavorCatalogState {
  const kind = params.get('kind')
  return {
    region: params.get('region') || null,
    q: params.get('q') ?? '',
    kind: kind === 'gpu' || kind === 'cpu' ? kind : 'all',
    gpuModels: params.getAll('gpuModel').filter(Boolean),
    gpuCounts: [
      ...new Set(
        params
          .getAll('gpuCount')
          .filter((v) => /^\d+$/.test(v))
          .map(Number),
      ),
    ].filter((n) => n > 0),
    sort: parseSort(params.get('sort'), FLAVOR_SORT_KEYS, DEFAULT_SORT),
    view: params.get('view') === 'cards' ? 'cards' : 'table',
  }
}

const FILTER_KEYS = ['q', 'kind', 'gpuModel', 'gpuCount'] as const

export function clearFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params)
  for (const key of FILTER_KEYS) next.delete(key)
  return next
}

export function hasFilters(state: FlavorCatalogState): boolean {
  return state.q !== '' || state.kind !== 'all' || state.gpuModels.length > 0 || state.gpuCounts.length > 0
}

/** The number of GPUs a flavor gives an instance: the physical cards. */
export function gpuCount(flavor: Flavor): number {
  return flavor.spec.gpu?.physicalCount ?? 0
}

/** GPU memory across all of the flavor's GPUs, in GiB. */
export function totalGpuMemory(flavor: Flavor): number | undefined {
  return flavor.spec.gpu ? flavor.spec.gpu.memory * flavor.spec.gpu.physicalCount : undefined
}

/**
 * The flavors the filters let through, in the chosen order. Flavors without a value for the sort key (CPU flavors when
 * sorting by GPU memory) come last either way; ties keep name order.
 */
export function selectFlavors(flavors: readonly Flavor[], state: FlavorCatalogState): Flavor[] {
  const matched = flavors.filter((flavor) => {
    const gpu = flavor.spec.gpu
    if (state.kind === 'gpu' && !gpu) return false
    if (state.kind === 'cpu' && gpu) return false
    if (state.kind !== 'cpu') {
      if (state.gpuModels.length && (!gpu || !state.gpuModels.includes(gpu.model))) return false
      if (state.gpuCounts.length && (!gpu || !state.gpuCounts.includes(gpuCount(flavor)))) return false
    }
    return matchesSearch(state.q, [
      flavor.metadata.name,
      flavor.metadata.id,
      flavor.spec.cpuFamily,
      flavor.spec.architecture,
      gpu?.vendor,
      gpu?.model,
    ])
  })
  return sortFlavors(matched, state.sort)
}

/** GPU models offered, sorted, for the model filter. */
export function gpuModelsOf(flavors: readonly Flavor[]): string[] {
  return [...new Set(flavors.flatMap((flavor) => (flavor.spec.gpu ? [flavor.spec.gpu.model] : [])))].sort(compareText)
}

export function gpuCountsOf(flavors: readonly Flavor[]): number[] {
  return [...new Set(flavors.flatMap((flavor) => (flavor.spec.gpu ? [gpuCount(flavor)] : [])))].sort((a, b) => a - b)
}

export const formatGiB = (value: number) => `${formatNumber(value)} GiB`
export const formatGB = (value: number) => `${formatNumber(value)} GB`

/** "8 × NVIDIA H100", or undefined for a CPU flavor. */
export function formatGpus(flavor: Flavor): string | undefined {
  const gpu = flavor.spec.gpu
  if (!gpu) return undefined
  return `${gpu.physicalCount} × ${gpu.vendor} ${gpu.model}`
}

/** "80 GiB each, 640 GiB in all" (one GPU: "80 GiB"). */
export function formatGpuMemory(flavor: Flavor): string | undefined {
  const gpu = flavor.spec.gpu
  if (!gpu) return undefined
  return gpu.physicalCount > 1
    ? `${formatGiB(gpu.memory)} each, ${formatGiB(gpu.memory * gpu.physicalCount)} in all`
    : formatGiB(gpu.memory)
}

import type { Flavor } from '../api/schemas/regional'
import { sortBy, type SortState } from './sort'

// The one flavor order, for the catalog and the instance form's picker: by name, size, GPU count or GPU memory (per
// card, or of all cards together). A flavor without a value for the key (a CPU flavor when sorting by GPUs) sorts
// last either way; ties keep name order, so a table does not jump.

export const FLAVOR_SORT_KEYS = ['name', 'cpus', 'memory', 'disk', 'gpus', 'gpuMemory', 'gpuMemoryTotal'] as const

function sortValue(flavor: Flavor, key: string): string | number | undefined {
  const gpu = flavor.spec.gpu
  switch (key) {
    case 'cpus':
      return flavor.spec.cpus
    case 'memory':
      return flavor.spec.memory
    case 'disk':
      return flavor.spec.disk
    case 'gpus':
      return gpu?.physicalCount
    case 'gpuMemory':
      return gpu?.memory
    case 'gpuMemoryTotal':
      return gpu ? gpu.memory * gpu.physicalCount : undefined
    default:
      return flavor.metadata.name
  }
}

export function sortFlavors<F extends Flavor>(flavors: readonly F[], sort: SortState): F[] {
  const byName = sortBy(flavors, (flavor) => flavor.metadata.name, 'asc')
  return sortBy(byName, (flavor) => sortValue(flavor, sort.key), sort.direction)
}

import { describe, expect, it } from 'vitest'
import type { Flavor } from '../../api/schemas/regional'
import {
  clearFilters,
  formatGpuMemory,
  formatGpus,
  gpuCountsOf,
  gpuModelsOf,
  hasFilters,
  readFlavorState,
  selectFlavors,
} from './flavor-catalog'

const flavor = (
  name: string,
  cpus: number,
  memory: number,
  gpu?: { model: string; memory: number; count: number },
): Flavor =>
  ({
    metadata: { id: `id-${name}`, name, creationTime: '2025-01-01T00:00:00Z' },
    spec: {
      cpus,
      memory,
      disk: 100,
      cpuFamily: 'AMD EPYC',
      ...(gpu
        ? {
            gpu: {
              vendor: gpu.model.startsWith('MI') ? 'AMD' : 'NVIDIA',
              model: gpu.model,
              memory: gpu.memory,
              physicalCount: gpu.count,
              logicalCount: gpu.count,
            },
          }
        : {}),
    },
  }) as Flavor

const flavors = [
  flavor('c1.small', 2, 8),
  flavor('c1.large', 8, 32),
  flavor('g1.h100.1x', 26, 240, { model: 'H100', memory: 80, count: 1 }),
  flavor('g1.h100.8x', 208, 1920, { model: 'H100', memory: 80, count: 8 }),
  flavor('g1.mi300x.2x', 48, 512, { model: 'MI300X', memory: 192, count: 2 }),
]
const names = (query: string) =>
  selectFlavors(flavors, readFlavorState(new URLSearchParams(query))).map((f) => f.metadata.name)

describe('flavor catalog state', () => {
  it('reads defaults from an empty URL and falls back on nonsense', () => {
    expect(readFlavorState(new URLSearchParams('kind=tpu&sort=price&view=grid&gpuCount=x&gpuCount=0'))).toEqual({
      region: null,
      q: '',
      kind: 'all',
      gpuModels: [],
      gpuCounts: [],
      sort: { key: 'name', direction: 'asc' },
      view: 'table',
    })
  })
  it('filters GPU from CPU flavors', () => {
    expect(names('kind=gpu')).toEqual(['g1.h100.1x', 'g1.h100.8x', 'g1.mi300x.2x'])
    expect(names('kind=cpu')).toEqual(['c1.large', 'c1.small'])
  })
  it('filters by GPU model and count, OR within each, AND across', () => {
    expect(names('gpuModel=H100')).toEqual(['g1.h100.1x', 'g1.h100.8x'])
    expect(names('gpuModel=H100&gpuModel=MI300X&gpuCount=2&gpuCount=8')).toEqual(['g1.h100.8x', 'g1.mi300x.2x'])
  })
  it('ignores GPU filters when showing CPU flavors only', () => {
    expect(names('kind=cpu&gpuModel=H100')).toEqual(['c1.large', 'c1.small'])
  })
  it('sorts by vCPUs, memory and GPU memory, CPU flavors last for GPU memory either way', () => {
    expect(names('sort=-cpus')).toEqual(['g1.h100.8x', 'g1.mi300x.2x', 'g1.h100.1x', 'c1.large', 'c1.small'])
    expect(names('sort=memory')).toEqual(['c1.small', 'c1.large', 'g1.h100.1x', 'g1.mi300x.2x', 'g1.h100.8x'])
    expect(names('sort=-gpuMemory')).toEqual(['g1.mi300x.2x', 'g1.h100.1x', 'g1.h100.8x', 'c1.large', 'c1.small'])
    expect(names('sort=gpuMemory')).toEqual(['g1.h100.1x', 'g1.h100.8x', 'g1.mi300x.2x', 'c1.large', 'c1.small'])
    expect(names('sort=-gpuMemoryTotal')).toEqual(['g1.h100.8x', 'g1.mi300x.2x', 'g1.h100.1x', 'c1.large', 'c1.small'])
  })
  it('searches names, CPU family and GPU model', () => {
    expect(names('q=mi300')).toEqual(['g1.mi300x.2x'])
  })
  it('offers the GPU models and counts present', () => {
    expect(gpuModelsOf(flavors)).toEqual(['H100', 'MI300X'])
    expect(gpuCountsOf(flavors)).toEqual([1, 2, 8])
  })
  it('clears filters but keeps the region, sort and view', () => {
    const params = new URLSearchParams('region=eu&kind=gpu&gpuModel=H100&q=x&sort=-cpus&view=cards')
    expect(hasFilters(readFlavorState(params))).toBe(true)
    expect(clearFilters(params).toString()).toBe('region=eu&sort=-cpus&view=cards')
  })
})

describe('flavor formatting', () => {
  it('names the GPUs and their memory with units', () => {
    expect(formatGpus(flavors[3]!)).toBe('8 × NVIDIA H100')
    expect(formatGpuMemory(flavors[3]!)).toBe('80 GiB each, 640 GiB in all')
    expect(formatGpuMemory(flavors[2]!)).toBe('80 GiB')
    expect(formatGpus(flavors[0]!)).toBeUndefined()
  })
})

import { describe, expect, it } from 'vitest'
import type { Flavor } from '../api/schemas/regional'
import { sortFlavors } from './flavor-sort'

const flavor = (name: string, cpus: number, gpu?: { physicalCount: number; memory: number }) =>
  ({
    metadata: { id: name, name },
    spec: { cpus, memory: cpus * 4, disk: 100, ...(gpu ? { gpu } : {}) },
  }) as unknown as Flavor

const cpu = flavor('c1.large', 16)
const one = flavor('g1.h100.1x', 16, { physicalCount: 1, memory: 80 })
const eight = flavor('g1.h100.8x', 128, { physicalCount: 8, memory: 80 })
const mi = flavor('g1.mi300x.1x', 24, { physicalCount: 1, memory: 192 })
const names = (flavors: Flavor[]) => flavors.map((f) => f.metadata.name)

describe('sortFlavors', () => {
  it('sorts by GPU count with a CPU flavor last in both directions, ties in name order', () => {
    expect(names(sortFlavors([cpu, eight, mi, one], { key: 'gpus', direction: 'asc' }))).toEqual([
      'g1.h100.1x',
      'g1.mi300x.1x',
      'g1.h100.8x',
      'c1.large',
    ])
    expect(names(sortFlavors([cpu, eight, mi, one], { key: 'gpus', direction: 'desc' }))[3]).toBe('c1.large')
  })

  it('tells GPU memory per card from the memory of all cards', () => {
    expect(names(sortFlavors([eight, mi, one], { key: 'gpuMemory', direction: 'desc' }))[0]).toBe('g1.mi300x.1x')
    expect(names(sortFlavors([eight, mi, one], { key: 'gpuMemoryTotal', direction: 'desc' }))[0]).toBe('g1.h100.8x')
  })

  it('sorts by name for an unknown key', () => {
    expect(names(sortFlavors([mi, cpu], { key: 'nope', direction: 'asc' }))).toEqual(['c1.large', 'g1.mi300x.1x'])
  })
})

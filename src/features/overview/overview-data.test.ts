import { describe, expect, it } from 'vitest'
import type { ModelEndpoint } from '../../api/schemas/aiproxy'
import type { Flavor, Instance } from '../../api/schemas/regional'
import type { Cluster } from '../../api/clusters'
import {
  cheapestModels,
  clusterHealth,
  flavorBreakdown,
  instanceStates,
  needsAttention,
  regionBreakdown,
} from './overview-data'

const meta = (name: string, provisioningStatus: string, healthStatus = 'healthy') => ({
  id: `id-${name}`,
  name,
  provisioningStatus,
  healthStatus,
})

describe('needsAttention', () => {
  it('lists failures and unhealthy resources before what is settling, and leaves settled ones out', () => {
    const items = needsAttention([
      {
        kind: 'network',
        items: [
          { metadata: meta('net-ok', 'provisioned') },
          { metadata: meta('net-new', 'provisioning', 'unknown') },
          { metadata: meta('net-broken', 'error', 'error') },
        ],
      },
      {
        kind: 'instance',
        items: [
          { metadata: meta('vm-stopping', 'provisioned'), status: { powerState: 'Stopping' } },
          { metadata: meta('vm-sick', 'provisioned', 'degraded'), status: { powerState: 'Running' } },
          { metadata: meta('vm-stopped', 'provisioned'), status: { powerState: 'Stopped' } },
        ],
      },
    ])
    expect(items.map((i) => [i.name, i.state, i.settling])).toEqual([
      ['net-broken', 'error', false],
      ['vm-sick', 'degraded', false],
      ['net-new', 'provisioning', true],
      ['vm-stopping', 'Stopping', true],
    ])
  })
})

const flavor = (id: string, name: string, gpus?: number): Flavor => ({
  metadata: { id, name },
  spec: {
    cpus: 8,
    memory: 32,
    disk: 100,
    ...(gpus ? { gpu: { vendor: 'NVIDIA', model: 'H100', memory: 80, physicalCount: gpus, logicalCount: gpus } } : {}),
  },
})

const instance = (flavorId: string) => ({ spec: { flavorId, imageId: 'img' } }) as Instance

describe('flavorBreakdown', () => {
  it('counts instances per flavor, most used first, with GPU totals per model', () => {
    const flavors = new Map([
      ['f-cpu', flavor('f-cpu', 'c1.large')],
      ['f-h100x8', flavor('f-h100x8', 'g1.h100.8x', 8)],
      ['f-h100x2', flavor('f-h100x2', 'g1.h100.2x', 2)],
    ])
    const result = flavorBreakdown(
      [instance('f-cpu'), instance('f-h100x8'), instance('f-h100x8'), instance('f-h100x2'), instance('f-gone')],
      flavors,
    )
    expect(result.rows.map((r) => [r.name, r.instances, r.gpus])).toEqual([
      ['g1.h100.8x', 2, 16],
      ['c1.large', 1, 0],
      ['f-gone', 1, 0],
      ['g1.h100.2x', 1, 2],
    ])
    expect(result.totalInstances).toBe(5)
    expect(result.totalGpus).toBe(18)
    expect(result.gpusByModel).toEqual([{ model: 'NVIDIA H100', gpus: 18 }])
  })
})

const model = (id: string, type: string, input?: string, output?: string): ModelEndpoint => ({
  id,
  name: id,
  model_type: type,
  ...(input ? { input_price_per_million: input } : {}),
  ...(output ? { output_price_per_million: output } : {}),
})

describe('cheapestModels', () => {
  it('ranks embeddings by input price and text by input plus output, leaving unpriced models out', () => {
    const { embeddings, text } = cheapestModels(
      [
        model('emb-b', 'Embedding', '0.02'),
        model('emb-a', 'Embedding', '0.01'),
        model('emb-unpriced', 'Embedding'),
        model('text-cheap-in', 'TextGeneration', '0.10', '2.00'),
        model('text-balanced', 'TextGeneration', '0.50', '0.50'),
        model('text-no-output', 'TextGeneration', '0.01'),
      ],
      5,
    )
    expect(embeddings.map((m) => m.id)).toEqual(['emb-a', 'emb-b'])
    expect(text.map((m) => m.id)).toEqual(['text-balanced', 'text-cheap-in'])
  })

  it('keeps five of each', () => {
    const many = Array.from({ length: 8 }, (_, i) => model(`e${i}`, 'Embedding', `0.0${8 - i}`))
    expect(cheapestModels(many).embeddings.map((m) => m.id)).toEqual(['e7', 'e6', 'e5', 'e4', 'e3'])
  })
})

describe('instanceStates', () => {
  const instance = (provisioningStatus: string, powerState?: string) =>
    ({ metadata: { provisioningStatus }, status: powerState ? { powerState } : {} }) as unknown as Instance

  it('counts every instance once, a failed or deleting one by that rather than its power state', () => {
    const states = instanceStates([
      instance('provisioned', 'Running'),
      instance('provisioned', 'Running'),
      instance('provisioned', 'Stopped'),
      instance('error', 'Stopped'),
      instance('deprovisioning', 'Running'),
      instance('provisioned', 'Pending'),
      instance('unknown'),
    ])
    expect(states).toEqual([
      { state: 'running', count: 2 },
      { state: 'stopped', count: 1 },
      { state: 'deprovisioning', count: 1 },
      { state: 'error', count: 1 },
      { state: 'pending', count: 1 },
      { state: 'unknown', count: 1 },
    ])
    expect(states.reduce((sum, s) => sum + s.count, 0)).toBe(7)
  })

  it('says running and stopped even when there are none', () => {
    expect(instanceStates([])).toEqual([
      { state: 'running', count: 0 },
      { state: 'stopped', count: 0 },
    ])
  })
})

describe('regionBreakdown', () => {
  const placed = (flavorId: string, regionId: string) =>
    ({ spec: { flavorId, imageId: 'img' }, status: { regionId, networkId: 'n' } }) as Instance

  it('places instances and their GPUs by region, most instances first, each region by flavor', () => {
    const flavors = new Map([
      ['f-cpu', flavor('f-cpu', 'c1.large')],
      ['f-h100x8', flavor('f-h100x8', 'g1.h100.8x', 8)],
    ])
    const regions = regionBreakdown(
      [
        placed('f-h100x8', 'r-east'),
        placed('f-cpu', 'r-west'),
        placed('f-cpu', 'r-west'),
        placed('f-h100x8', 'r-west'),
      ],
      flavors,
      new Map([['r-west', 'West']]),
    )
    expect(regions.map((r) => [r.name, r.instances, r.gpus])).toEqual([
      ['West', 3, 8],
      ['r-east', 1, 8],
    ])
    expect(regions[0]!.flavors).toEqual([
      { name: 'c1.large', instances: 2, gpus: 0 },
      { name: 'g1.h100.8x', instances: 1, gpus: 8 },
    ])
  })
})

describe('clusterHealth', () => {
  const cluster = (provisioningStatus: string, healthStatus: string) =>
    ({ metadata: { provisioningStatus, healthStatus } }) as Cluster

  it('counts the clusters by health, those not yet reporting as starting and those going as deleting', () => {
    expect(
      clusterHealth([
        cluster('provisioned', 'healthy'),
        cluster('provisioned', 'degraded'),
        cluster('provisioning', 'unknown'),
        cluster('deprovisioning', 'unknown'),
        cluster('provisioned', 'healthy'),
      ]),
    ).toBe('2\u00a0healthy · 1\u00a0degraded · 1\u00a0starting · 1\u00a0deleting')
    expect(clusterHealth([])).toBe('0\u00a0healthy')
  })
})

// What the overview derives from the lists it shares with the list pages: nothing here fetches.

import type { ModelEndpoint } from '../../api/schemas/aiproxy'
import type { Flavor, Instance } from '../../api/schemas/regional'
import { isSettling } from '../../api/settling'
import { parsePrice } from '../../lib/pricing'
import { compareText } from '../../lib/compare-text'

export type RegionalKind = 'network' | 'securityGroup' | 'fileStorage' | 'instance' | 'loadBalancer'

interface Listed {
  metadata: { id: string; name: string; provisioningStatus?: string; healthStatus?: string }
  status?: unknown
}

/** A resource that needs an eye right now: still settling, or failed or unhealthy once provisioned. */
export interface AttentionItem {
  kind: RegionalKind
  id: string
  name: string
  /** What is going on, in the platform's words ("provisioning", "Stopping", "error", "degraded"). */
  state: string
  settling: boolean
}

const UNHEALTHY = new Set(['degraded', 'error'])

function powerState(resource: Listed): string | undefined {
  const status = resource.status as { powerState?: unknown } | undefined
  return typeof status?.powerState === 'string' ? status.powerState : undefined
}

function attentionState(resource: Listed): { state: string; settling: boolean } | undefined {
  const { provisioningStatus, healthStatus } = resource.metadata
  if (provisioningStatus === 'error') return { state: 'error', settling: false }
  if (isSettling(resource)) {
    const power = powerState(resource)
    // A provisioned instance that is starting or stopping says so; anything else says where provisioning is.
    const state = provisioningStatus === 'provisioned' && power ? power : (provisioningStatus ?? 'unknown')
    return { state, settling: true }
  }
  if (provisioningStatus === 'provisioned' && healthStatus && UNHEALTHY.has(healthStatus))
    return { state: healthStatus, settling: false }
  return undefined
}

/** A change the platform recorded on a resource: its creation, or its last change, by whom where it says. */
export interface RecordedChange {
  kind: RegionalKind
  id: string
  name: string
  verb: 'Created' | 'Changed'
  at: string
  by?: string
}

interface Recorded {
  metadata: {
    id: string
    name: string
    creationTime?: string
    createdBy?: string
    modifiedTime?: string
    modifiedBy?: string
  }
}

/**
 * What changed lately by the platform's own records (each resource's creation or last change, whichever client made
 * it), newest first, within `days` of `now`: the console's activity log lists only what was done through this console,
 * so a fresh console, or a team that works with the CLI, had nothing to show there.
 */
export function recentlyRecorded(
  lists: { kind: RegionalKind; items: readonly Recorded[] }[],
  now: number,
  days = 14,
): RecordedChange[] {
  const since = now - days * 86_400_000
  const changes = lists.flatMap(({ kind, items }) =>
    items.flatMap(({ metadata }): RecordedChange[] => {
      const { id, name, creationTime, createdBy, modifiedTime, modifiedBy } = metadata
      const changed = modifiedTime !== undefined && modifiedTime > (creationTime ?? '')
      const at = changed ? modifiedTime : creationTime
      if (!at || !(Date.parse(at) >= since)) return []
      const by = changed ? modifiedBy : createdBy
      return [{ kind, id, name, verb: changed ? 'Changed' : 'Created', at, ...(by ? { by } : {}) }]
    }),
  )
  return changes.sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || compareText(a.name, b.name))
}

/** Failures first (they wait for a person), then what is settling; by name within each. */
export function needsAttention(lists: { kind: RegionalKind; items: readonly Listed[] }[]): AttentionItem[] {
  const found = lists.flatMap(({ kind, items }) =>
    items.flatMap((item) => {
      const attention = attentionState(item)
      return attention ? [{ kind, id: item.metadata.id, name: item.metadata.name, ...attention }] : []
    }),
  )
  return found.sort((a, b) => Number(a.settling) - Number(b.settling) || compareText(a.name, b.name))
}

/**
 * Where an instance stands, as its badge on the list says it: a failed or deleting instance by that (its power state
 * no longer means much), else its power state, else where provisioning is (a new instance has no power state yet).
 */
function instanceState(instance: Instance): string {
  const provisioning = instance.metadata.provisioningStatus
  if (provisioning === 'error' || provisioning === 'deprovisioning') return provisioning
  return instance.status.powerState?.toLowerCase() ?? provisioning ?? 'unknown'
}

/**
 * How many instances are in each state, every state counted once, so the parts add up to the total: running and
 * stopped always (the usual question), then each other state that has any, most first.
 */
export function instanceStates(instances: readonly Instance[]): { state: string; count: number }[] {
  const counts = new Map<string, number>([
    ['running', 0],
    ['stopped', 0],
  ])
  for (const instance of instances) {
    const state = instanceState(instance)
    counts.set(state, (counts.get(state) ?? 0) + 1)
  }
  const [running, stopped, ...others] = [...counts].map(([state, count]) => ({ state, count }))
  return [running!, stopped!, ...others.sort((a, b) => b.count - a.count || compareText(a.state, b.state))]
}

interface FlavorUse {
  flavorId: string
  /** The flavor's name, or its id when no region's catalog lists it. */
  name: string
  instances: number
  /** GPUs per instance × instances; 0 for CPU flavors. */
  gpus: number
  gpuModel?: string
}

export interface FlavorBreakdown {
  rows: FlavorUse[]
  totalInstances: number
  totalGpus: number
  /** GPU totals per model ("H100" → 24), largest first. */
  gpusByModel: { model: string; gpus: number }[]
}

/** Instances per flavor, most used first, with what they hold in GPUs. */
export function flavorBreakdown(instances: readonly Instance[], flavors: ReadonlyMap<string, Flavor>): FlavorBreakdown {
  const byFlavor = new Map<string, FlavorUse>()
  for (const instance of instances) {
    const flavorId = instance.spec.flavorId
    const flavor = flavors.get(flavorId)
    const gpu = flavor?.spec.gpu
    const row = byFlavor.get(flavorId) ?? {
      flavorId,
      name: flavor?.metadata.name ?? flavorId,
      instances: 0,
      gpus: 0,
      ...(gpu ? { gpuModel: `${gpu.vendor} ${gpu.model}` } : {}),
    }
    row.instances += 1
    row.gpus += gpu?.physicalCount ?? 0
    byFlavor.set(flavorId, row)
  }
  const rows = [...byFlavor.values()].sort((a, b) => b.instances - a.instances || compareText(a.name, b.name))
  const models = new Map<string, number>()
  for (const row of rows) if (row.gpuModel) models.set(row.gpuModel, (models.get(row.gpuModel) ?? 0) + row.gpus)
  return {
    rows,
    totalInstances: instances.length,
    totalGpus: rows.reduce((sum, row) => sum + row.gpus, 0),
    gpusByModel: [...models].map(([model, gpus]) => ({ model, gpus })).sort((a, b) => b.gpus - a.gpus),
  }
}

export interface RegionUse {
  regionId: string
  /** The region's name, or its id when the regions list does not name it. */
  name: string
  instances: number
  gpus: number
  /** Its instances by flavor name, most first: what its bar is made of. */
  flavors: { name: string; instances: number; gpus: number }[]
}

/** Where the organization's instances and GPUs are: each region that has any, most instances first. */
export function regionBreakdown(
  instances: readonly Instance[],
  flavors: ReadonlyMap<string, Flavor>,
  regionNames: ReadonlyMap<string, string>,
): RegionUse[] {
  const byRegion = new Map<string, Instance[]>()
  for (const instance of instances) {
    const regionId = instance.status.regionId
    byRegion.set(regionId, [...(byRegion.get(regionId) ?? []), instance])
  }
  return [...byRegion]
    .map(([regionId, held]) => {
      const { rows, totalGpus } = flavorBreakdown(held, flavors)
      return {
        regionId,
        name: regionNames.get(regionId) ?? regionId,
        instances: held.length,
        gpus: totalGpus,
        flavors: rows.map(({ name, instances, gpus }) => ({ name, instances, gpus })),
      }
    })
    .sort((a, b) => b.instances - a.instances || compareText(a.name, b.name))
}

const EMBEDDING = 'Embedding'

/** What a million tokens cost to compare by: input for embeddings, input plus output for text; none if unlisted. */
function comparablePrice(model: ModelEndpoint): number | undefined {
  const input = parsePrice(model.input_price_per_million)
  if (!input) return undefined
  if (model.model_type === EMBEDDING) return input.toNumber()
  const output = parsePrice(model.output_price_per_million)
  return output ? input.plus(output).toNumber() : undefined
}

/** The `count` cheapest priced models of each kind; models without a listed price are left out. */
export function cheapestModels(models: readonly ModelEndpoint[], count = 5) {
  const priced = models
    .map((model) => ({ model, price: comparablePrice(model) }))
    .filter((entry): entry is { model: ModelEndpoint; price: number } => entry.price !== undefined)
    .sort((a, b) => a.price - b.price || compareText(a.model.name, b.model.name))
    .map((entry) => entry.model)
  return {
    embeddings: priced.filter((m) => m.model_type === EMBEDDING).slice(0, count),
    text: priced.filter((m) => m.model_type !== EMBEDDING).slice(0, count),
  }
}

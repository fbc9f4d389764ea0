import { ACME_ORG_ID, EU_WEST_1, GLOBEX_ORG_ID, US_EAST_1, demoId } from './ids.ts'

/**
 * The bare-metal GPU hardware the reservation service maps its units onto (reservation v0.0.14): in each region, one
 * projection per offered reservation unit (an accelerator and a granularity), its pods in order, each pod's NVLink
 * domains in order, each domain's hosts. One reservation unit is one NVLink domain; units are contiguous when their
 * domains are neighbours in one pod. A pod is in the allocation scope of the organizations it names (every one's when
 * it names none): an organization's catalog and topology count only the pods of its scope.
 */

interface GpuHost {
  cpus: number
  /** GiB */
  memory: number
  /** GB of ephemeral disk */
  disk: number
  gpu: { vendor: 'NVIDIA' | 'AMD'; model: string; physicalCount: number; logicalCount: number; memory: number }
}

export interface Host {
  /** Its Ironic node UUID. */
  ref: string
  /** Whether it passes the readiness preflight today (a host in maintenance does not). */
  ready: boolean
}

export interface Domain {
  id: string
  name: string
  hosts: Host[]
}

export interface Pod {
  id: string
  name: string
  domains: Domain[]
  /** The organizations whose allocation scope holds it; every organization's when absent. */
  organizations?: readonly string[]
}

export interface Offering {
  regionId: string
  accelerator: string
  unit: string
  machineFlavorId: string
  deviceTypeResourceClass: string
  hostsPerUnit: number
  host: GpuHost
  pods: Pod[]
}

const GB300_HOST: GpuHost = {
  cpus: 144,
  memory: 960,
  disk: 0,
  gpu: { vendor: 'NVIDIA', model: 'GB300', physicalCount: 4, logicalCount: 4, memory: 288 },
}

const H200_HOST: GpuHost = {
  cpus: 192,
  memory: 2048,
  disk: 30720,
  gpu: { vendor: 'NVIDIA', model: 'H200', physicalCount: 8, logicalCount: 8, memory: 141 },
}

/**
 * A pod of `domains` NVLink domains of `hostsPerDomain` hosts; every seventh host of the pod is in maintenance (not
 * ready), so a placement's readiness policy has something to decide.
 */
function pod(
  key: string,
  name: string,
  domains: number,
  hostsPerDomain: number,
  organizations?: readonly string[],
): Pod {
  let n = 0
  return {
    id: demoId(`pod/${key}`),
    name,
    ...(organizations ? { organizations } : {}),
    domains: Array.from({ length: domains }, (_, d) => ({
      id: demoId(`domain/${key}/${d}`),
      name: `${name.replace(/^pod/, 'nvl')}-${String.fromCharCode(97 + d)}`,
      hosts: Array.from({ length: hostsPerDomain }, (_, h) => ({
        ref: demoId(`host/${key}/${d}/${h}`),
        ready: ++n % 7 !== 0,
      })),
    })),
  }
}

export const OFFERINGS: readonly Offering[] = [
  {
    regionId: EU_WEST_1,
    accelerator: 'GB300',
    unit: 'NVL72',
    machineFlavorId: 'g.72.gb300.pinned',
    deviceTypeResourceClass: 'GB300_HOST',
    hostsPerUnit: 18,
    host: GB300_HOST,
    pods: [pod('ams-gb300-1', 'pod-1', 4, 18, [ACME_ORG_ID]), pod('ams-gb300-2', 'pod-2', 3, 18)],
  },
  {
    regionId: EU_WEST_1,
    accelerator: 'H200',
    unit: 'HGX8',
    machineFlavorId: 'bm1.h200.8x',
    deviceTypeResourceClass: 'H200_HOST',
    hostsPerUnit: 1,
    host: H200_HOST,
    pods: [pod('ams-h200-1', 'pod-h1', 8, 1, [GLOBEX_ORG_ID]), pod('ams-h200-2', 'pod-h2', 6, 1)],
  },
  {
    regionId: US_EAST_1,
    accelerator: 'GB300',
    unit: 'NVL72',
    machineFlavorId: 'gb300-nvl72-metal',
    deviceTypeResourceClass: 'GB300_HOST',
    hostsPerUnit: 18,
    host: GB300_HOST,
    pods: [pod('iad-gb300-1', 'pod-1', 3, 18)],
  },
]

/** Whether the pod is in the organization's allocation scope (`undefined`: the platform's whole offering). */
export const inScope = (pod: Pod, organizationId: string | undefined): boolean =>
  organizationId === undefined || !pod.organizations || pod.organizations.includes(organizationId)

export function offeringOf(regionId: string, accelerator: string, unit: string): Offering | undefined {
  return OFFERINGS.find((o) => o.regionId === regionId && o.accelerator === accelerator && o.unit === unit)
}

import { EU_WEST_1, US_EAST_1 } from '../../catalog/ids.ts'
import { route, type Handler } from '../../platform/context.ts'
import { invalidRequest, notFound } from '../../platform/errors.ts'
import { booleanQuery, listReply } from '../../platform/filters.ts'

/**
 * The NKS platform release catalog (nks-core main 2026-08-03): fixed, the platform's operators' to change, so it lives
 * in code. It holds one of each kind the document names: current releases in both regions or one, a prerelease, a
 * deprecated one and one withdrawn, so the cluster form has something to explain.
 */
interface PlatformRelease {
  id: string
  name: string
  creationTime: string
  kubernetesVersion: string
  availableRegionIds: string[]
  supportedArchitectures: ('x86_64' | 'aarch64')[]
  prerelease: boolean
  deprecated: boolean
  withdrawn: boolean
  withdrawalReason?: 'SecurityIssue' | 'FunctionalRegression' | 'CompatibilityIssue' | 'ComplianceIssue'
  withdrawalMessage?: string
  cilium: string
  gpuOperator: string
}

export const PLATFORM_RELEASES: readonly PlatformRelease[] = [
  {
    id: 'nks-1-31-6',
    name: 'NKS 1.31.6',
    creationTime: '2025-11-03T09:00:00Z',
    kubernetesVersion: 'v1.31.6',
    availableRegionIds: [EU_WEST_1, US_EAST_1],
    supportedArchitectures: ['x86_64'],
    prerelease: false,
    deprecated: true,
    withdrawn: false,
    cilium: '1.15.11',
    gpuOperator: '24.6.2',
  },
  {
    id: 'nks-1-32-2',
    name: 'NKS 1.32.2',
    creationTime: '2026-03-02T09:00:00Z',
    kubernetesVersion: 'v1.32.2',
    availableRegionIds: [EU_WEST_1, US_EAST_1],
    supportedArchitectures: ['x86_64', 'aarch64'],
    prerelease: false,
    deprecated: false,
    withdrawn: true,
    withdrawalReason: 'SecurityIssue',
    withdrawalMessage: 'The API server image carries CVE-2026-1102; use NKS 1.32.3.',
    cilium: '1.16.5',
    gpuOperator: '24.9.1',
  },
  {
    id: 'nks-1-32-3',
    name: 'NKS 1.32.3',
    creationTime: '2026-05-14T10:00:00Z',
    kubernetesVersion: 'v1.32.3',
    availableRegionIds: [EU_WEST_1, US_EAST_1],
    supportedArchitectures: ['x86_64', 'aarch64'],
    prerelease: false,
    deprecated: false,
    withdrawn: false,
    cilium: '1.16.6',
    gpuOperator: '24.9.2',
  },
  {
    id: 'nks-1-33-1',
    name: 'NKS 1.33.1',
    creationTime: '2026-07-20T10:00:00Z',
    kubernetesVersion: 'v1.33.1',
    // Rolled out region by region: not yet in us-east-1.
    availableRegionIds: [EU_WEST_1],
    supportedArchitectures: ['x86_64', 'aarch64'],
    prerelease: false,
    deprecated: false,
    withdrawn: false,
    cilium: '1.17.2',
    gpuOperator: '25.3.0',
  },
  {
    id: 'nks-1-34-0-beta-1',
    name: 'NKS 1.34.0-beta.1',
    creationTime: '2026-07-28T10:00:00Z',
    kubernetesVersion: 'v1.34.0-beta.1',
    availableRegionIds: [EU_WEST_1],
    supportedArchitectures: ['x86_64'],
    prerelease: true,
    deprecated: false,
    withdrawn: false,
    cilium: '1.17.3',
    gpuOperator: '25.3.1',
  },
]

/** The components a release installs, by profile: core always, hardware (GPU enablement) when the cluster asks. */
export const releaseComponents = (release: PlatformRelease) => ({
  core: [
    { name: 'cilium', version: release.cilium },
    { name: 'metrics-server', version: '0.7.2' },
  ],
  hardware: [{ name: 'nvidia-gpu-operator', version: release.gpuOperator }],
})

/** Selectable in a region, as the document defines it: listed there, neither deprecated nor withdrawn. */
export const selectableIn = (release: PlatformRelease, regionId: string): boolean =>
  release.availableRegionIds.includes(regionId) && !release.deprecated && !release.withdrawn

export const findRelease = (id: string) => PLATFORM_RELEASES.find((release) => release.id === id)

function releaseView(release: PlatformRelease) {
  const components = releaseComponents(release)
  return {
    metadata: { id: release.id, name: release.name, creationTime: release.creationTime },
    status: {
      kubernetesVersion: release.kubernetesVersion,
      availableRegionIds: release.availableRegionIds,
      supportedArchitectures: release.supportedArchitectures,
      prerelease: release.prerelease,
      deprecated: release.deprecated,
      withdrawn: release.withdrawn,
      ...(release.withdrawalReason && { withdrawalReason: release.withdrawalReason }),
      ...(release.withdrawalMessage && { withdrawalMessage: release.withdrawalMessage }),
      addons: { core: { components: components.core }, hardware: { components: components.hardware } },
    },
  }
}

const ARCHITECTURES = new Set(['x86_64', 'aarch64'])

/** Releases available in any region asked for, supporting any architecture asked for, and matching each flag given. */
const list: Handler = (ctx) => {
  const regions = ctx.query.getAll('regionID')
  const architectures = ctx.query.getAll('architecture')
  if (architectures.some((a) => !ARCHITECTURES.has(a)))
    throw invalidRequest('parameter "architecture" in query has an error: value is not one of the allowed values')
  const flags = (['prerelease', 'deprecated', 'withdrawn'] as const).map(
    (name) => [name, booleanQuery(ctx.query, name)] as const,
  )
  const matching = PLATFORM_RELEASES.filter(
    (release) =>
      (regions.length === 0 || regions.some((r) => release.availableRegionIds.includes(r))) &&
      (architectures.length === 0 || architectures.some((a) => release.supportedArchitectures.includes(a as never))) &&
      flags.every(([name, value]) => value === undefined || release[name] === value),
  )
  return listReply(matching, releaseView)
}

const get: Handler = (ctx) => {
  const release = findRelease(ctx.params.releaseID ?? '')
  if (!release) throw notFound('platform release not found')
  return { status: 200, body: releaseView(release) }
}

const needs = { endpoint: 'nks:platformreleases', op: 'read' } as const

/** The catalog every member of an organization reads. */
export const platformReleaseRoutes = [
  route('GET', '/api/v1/platformreleases', needs, list),
  route('GET', '/api/v1/platformreleases/:releaseID', needs, get),
]

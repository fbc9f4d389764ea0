import { EU_WEST_1, US_EAST_1, demoId } from './ids.ts'

/**
 * The regional catalog: regions, flavors, images and storage classes. It is fixed (the platform's operators own
 * it, not its users), so it lives in code rather than in the persisted state; its ids are stable.
 */

/** When the catalog entries without a date of their own were published. */
export const CATALOG_EPOCH = '2025-01-06T09:00:00Z'

export interface Region {
  id: string
  name: string
  description: string
  creationTime: string
  physicalNetworks: boolean
  /** Public addresses handed out to instances that ask for one. */
  publicPool: string
}

export const REGIONS: Region[] = [
  {
    id: EU_WEST_1,
    name: 'eu-west-1',
    description: 'Amsterdam, Netherlands',
    creationTime: '2024-03-11T08:00:00Z',
    physicalNetworks: true,
    publicPool: '203.0.113.0/24',
  },
  {
    id: US_EAST_1,
    name: 'us-east-1',
    description: 'Ashburn, Virginia, United States',
    creationTime: '2024-09-02T08:00:00Z',
    physicalNetworks: true,
    publicPool: '198.51.100.0/24',
  },
]

/** A region's name, as the host names the platform makes in it read (`….s3.eu-west-1.example.com`), not its UUID. */
export function regionNameOf(regionId: string): string {
  return REGIONS.find((r) => r.id === regionId)?.name ?? regionId
}

type GpuVendor = 'NVIDIA' | 'AMD'

interface FlavorSpec {
  cpus: number
  cpuFamily: string
  /** GiB */
  memory: number
  /** GB */
  disk: number
  architecture: 'x86_64' | 'aarch64'
  baremetal?: boolean
  /** Hosts set aside (reserved for one customer): a server on one must name its host, which an instance cannot. */
  pinnedOnly?: boolean
  gpu?: { vendor: GpuVendor; model: string; memory: number; physicalCount: number; logicalCount: number }
}

export interface Flavor {
  id: string
  name: string
  regionIds: string[]
  spec: FlavorSpec
}

interface GpuFamily {
  key: string
  vendor: GpuVendor
  model: string
  memoryGiB: number
  cpuFamily: string
  cpusPerGpu: number
  memoryPerGpu: number
  diskPerGpu: number
  regionIds: string[]
}

const GPU_FAMILIES: GpuFamily[] = [
  {
    key: 'h100',
    vendor: 'NVIDIA',
    model: 'H100',
    memoryGiB: 80,
    cpuFamily: 'Intel Xeon Platinum 8480+',
    cpusPerGpu: 26,
    memoryPerGpu: 240,
    diskPerGpu: 3840,
    regionIds: [EU_WEST_1, US_EAST_1],
  },
  {
    key: 'h200',
    vendor: 'NVIDIA',
    model: 'H200',
    memoryGiB: 141,
    cpuFamily: 'Intel Xeon Platinum 8568Y+',
    cpusPerGpu: 24,
    memoryPerGpu: 256,
    diskPerGpu: 3840,
    regionIds: [EU_WEST_1, US_EAST_1],
  },
  {
    key: 'b200',
    vendor: 'NVIDIA',
    model: 'B200',
    memoryGiB: 180,
    cpuFamily: 'Intel Xeon Platinum 6960P',
    cpusPerGpu: 28,
    memoryPerGpu: 288,
    diskPerGpu: 7680,
    regionIds: [US_EAST_1],
  },
  {
    key: 'mi300x',
    vendor: 'AMD',
    model: 'MI300X',
    memoryGiB: 192,
    cpuFamily: 'AMD EPYC 9654',
    cpusPerGpu: 24,
    memoryPerGpu: 256,
    diskPerGpu: 3840,
    regionIds: [EU_WEST_1],
  },
]

const GPU_COUNTS = [1, 2, 4, 8]

/**
 * Whole eight-GPU machines in us-east-1 held for reservations: flavors a server may use only on a host it names
 * (`pinnedOnly`), as a bare-metal region lists them. The region lists them to everyone; an instance create, which
 * names no host, cannot use them.
 */
const PINNED_FLAVORS: { key: string; family: string }[] = [
  { key: 'bm1.h200.8x', family: 'h200' },
  { key: 'bm1.b200.8x', family: 'b200' },
]

const CPU_FLAVORS: { name: string; cpus: number; memory: number; disk: number; cpuFamily: string }[] = [
  { name: 'c1.small', cpus: 2, memory: 8, disk: 50, cpuFamily: 'AMD EPYC 9654' },
  { name: 'c1.medium', cpus: 4, memory: 16, disk: 100, cpuFamily: 'AMD EPYC 9654' },
  { name: 'c1.large', cpus: 8, memory: 32, disk: 200, cpuFamily: 'AMD EPYC 9654' },
  { name: 'c1.xlarge', cpus: 16, memory: 64, disk: 400, cpuFamily: 'AMD EPYC 9654' },
  { name: 'c1.4xlarge', cpus: 64, memory: 256, disk: 800, cpuFamily: 'AMD EPYC 9654' },
  { name: 'm1.xlarge', cpus: 16, memory: 128, disk: 400, cpuFamily: 'AMD EPYC 9754' },
  { name: 'm1.4xlarge', cpus: 64, memory: 512, disk: 1600, cpuFamily: 'AMD EPYC 9754' },
]

const gpuOf = (family: GpuFamily, count: number) => ({
  vendor: family.vendor,
  model: family.model,
  memory: family.memoryGiB,
  physicalCount: count,
  logicalCount: count,
})

export const FLAVORS: Flavor[] = [
  ...CPU_FLAVORS.map((f) => ({
    id: demoId(`flavor/${f.name}`),
    name: f.name,
    regionIds: REGIONS.map((r) => r.id),
    spec: { cpus: f.cpus, cpuFamily: f.cpuFamily, memory: f.memory, disk: f.disk, architecture: 'x86_64' as const },
  })),
  ...GPU_FAMILIES.flatMap((family) =>
    GPU_COUNTS.map((count) => ({
      id: demoId(`flavor/${family.key}/${count}`),
      name: `g1.${family.key}.${count}x`,
      regionIds: family.regionIds,
      spec: {
        cpus: family.cpusPerGpu * count,
        cpuFamily: family.cpuFamily,
        memory: family.memoryPerGpu * count,
        disk: family.diskPerGpu * count,
        architecture: 'x86_64' as const,
        // A full eight-GPU node is handed over as bare metal.
        ...(count === 8 ? { baremetal: true } : {}),
        gpu: gpuOf(family, count),
      },
    })),
  ),
  ...PINNED_FLAVORS.map(({ key, family: familyKey }) => {
    const family = GPU_FAMILIES.find((f) => f.key === familyKey)!
    return {
      id: demoId(`flavor/${key}`),
      name: key,
      regionIds: [US_EAST_1],
      spec: {
        cpus: family.cpusPerGpu * 8,
        cpuFamily: family.cpuFamily,
        memory: family.memoryPerGpu * 8,
        disk: family.diskPerGpu * 8,
        architecture: 'x86_64' as const,
        baremetal: true,
        pinnedOnly: true,
        gpu: gpuOf(family, 8),
      },
    }
  }),
]

export function flavorByKey(key: string): Flavor {
  const id = demoId(`flavor/${key}`)
  const flavor = FLAVORS.find((f) => f.id === id)
  if (!flavor) throw new Error(`no demo flavor ${key}`)
  return flavor
}

export interface ImageSpec {
  architecture: 'x86_64' | 'aarch64'
  sizeGiB: number
  virtualization: 'virtualized' | 'baremetal' | 'any'
  os: {
    kernel: 'linux'
    family: string
    distro: string
    variant?: string
    codename?: string
    version: string
  }
  softwareVersions?: Record<string, string>
  gpu?: { vendor: GpuVendor; driver: string; models?: string[] }
}

export interface Image {
  id: string
  name: string
  creationTime: string
  regionIds: string[]
  spec: ImageSpec
}

const ubuntu = (version: '22.04' | '24.04') =>
  ({
    kernel: 'linux',
    family: 'debian',
    distro: 'ubuntu',
    variant: 'server',
    codename: version === '22.04' ? 'jammy' : 'noble',
    version,
  }) as const

/** An image as the catalog lists it: x86_64, for virtual machines and bare metal alike unless `spec` says otherwise. */
function image(
  key: string,
  name: string,
  creationTime: string,
  regionIds: string[],
  spec: Omit<ImageSpec, 'architecture' | 'virtualization'> & Partial<ImageSpec>,
): Image {
  return {
    id: demoId(`image/${key}`),
    name,
    creationTime,
    regionIds,
    spec: { architecture: 'x86_64', virtualization: 'any', ...spec },
  }
}

const cuda = (cuda: string, nccl: string, driver: string, models: string[]) => ({
  softwareVersions: { cuda, nccl },
  gpu: { vendor: 'NVIDIA' as const, driver, models },
})

const rocm = (rocm: string, driver: string) => ({
  softwareVersions: { rocm },
  gpu: { vendor: 'AMD' as const, driver, models: ['MI300X'] },
})

const BOTH = [EU_WEST_1, US_EAST_1]

export const IMAGES: Image[] = [
  image('ubuntu-22.04', 'ubuntu-22.04-server-20250415', '2025-04-15T06:12:00Z', BOTH, {
    sizeGiB: 4,
    os: ubuntu('22.04'),
  }),
  image('ubuntu-24.04', 'ubuntu-24.04-server-20250602', '2025-06-02T06:40:00Z', BOTH, {
    sizeGiB: 4,
    os: ubuntu('24.04'),
  }),
  image('ubuntu-22.04-cuda-12.4', 'ubuntu-22.04-cuda-12.4-driver-550', '2025-02-20T10:05:00Z', BOTH, {
    sizeGiB: 18,
    os: ubuntu('22.04'),
    ...cuda('v12.4.1', 'v2.21.5', '550.127.05', ['H100', 'H200']),
  }),
  image('ubuntu-24.04-cuda-12.8', 'ubuntu-24.04-cuda-12.8-driver-570', '2025-05-28T10:30:00Z', BOTH, {
    sizeGiB: 20,
    os: ubuntu('24.04'),
    ...cuda('v12.8.1', 'v2.26.2', '570.133.20', ['H100', 'H200', 'B200']),
  }),
  image('ubuntu-22.04-rocm-6.2', 'ubuntu-22.04-rocm-6.2', '2025-01-30T12:00:00Z', [EU_WEST_1], {
    sizeGiB: 22,
    os: ubuntu('22.04'),
    ...rocm('v6.2.4', '6.8.5'),
  }),
  image('ubuntu-24.04-rocm-6.4', 'ubuntu-24.04-rocm-6.4', '2025-06-10T12:00:00Z', [EU_WEST_1], {
    sizeGiB: 24,
    os: ubuntu('24.04'),
    ...rocm('v6.4.1', '6.12.12'),
  }),
  image('rocky-9', 'rocky-9.5-20250301', '2025-03-01T08:00:00Z', BOTH, {
    sizeGiB: 3,
    virtualization: 'virtualized',
    os: { kernel: 'linux', family: 'redhat', distro: 'rocky', codename: 'Blue Onyx', version: '9.5' },
  }),
]

export function imageByKey(key: string): Image {
  const id = demoId(`image/${key}`)
  const image = IMAGES.find((i) => i.id === id)
  if (!image) throw new Error(`no demo image ${key}`)
  return image
}

export interface StorageClass {
  id: string
  name: string
  description: string
  regionId: string
  protocols: ('nfsv3' | 'nfsv4')[]
  /** How many addresses of a network's storage range an attachment aims to take: more spread the load further. */
  parallelism: number
}

export const STORAGE_CLASSES: StorageClass[] = REGIONS.flatMap((region) => [
  {
    id: demoId(`storageclass/${region.name}/standard`),
    name: 'standard-nfs',
    description: 'Balanced NFS on NVMe, for datasets and home directories',
    regionId: region.id,
    protocols: ['nfsv3', 'nfsv4'] as ('nfsv3' | 'nfsv4')[],
    parallelism: 4,
  },
  {
    id: demoId(`storageclass/${region.name}/performance`),
    name: 'performance-nfs',
    description: 'High-throughput NFS for checkpoints and training data',
    regionId: region.id,
    protocols: ['nfsv4'] as ('nfsv3' | 'nfsv4')[],
    parallelism: 16,
  },
])

export function storageClassByKey(regionId: string, key: 'standard' | 'performance'): StorageClass {
  // Keyed by the region's name, which the ids were made from before regions had UUIDs: they stay the same.
  const region = REGIONS.find((r) => r.id === regionId)
  const id = demoId(`storageclass/${region?.name}/${key}`)
  const found = STORAGE_CLASSES.find((c) => c.id === id)
  if (!found) throw new Error(`no storage class ${regionId}/${key}`)
  return found
}

import { describe, expect, it } from 'vitest'
import type { Flavor, Image, Instance, Network } from '../../api/schemas/regional'
import { proposedName, proposedProject, reproposeForProject, smallestFittingFlavor } from './image-proposal'

const flavor = (name: string, spec: Partial<Flavor['spec']>): Flavor => ({
  metadata: { id: name, name },
  spec: { cpus: 2, memory: 8, disk: 50, architecture: 'x86_64', ...spec },
})
const image = (name: string, spec: Image['spec'] = {}): Image => ({
  metadata: { id: name, name },
  spec: { architecture: 'x86_64', sizeGiB: 4, ...spec },
})

const h100 = (count: number) =>
  flavor(`g1.h100.${count}x`, {
    cpus: 26 * count,
    memory: 240 * count,
    disk: 3840,
    gpu: { vendor: 'NVIDIA', model: 'H100', memory: 80, physicalCount: count, logicalCount: count },
  })
const mi300x = flavor('g1.mi300x.1x', {
  cpus: 24,
  memory: 256,
  disk: 3840,
  gpu: { vendor: 'AMD', model: 'MI300X', memory: 192, physicalCount: 1, logicalCount: 1 },
})
const FLAVORS = [
  h100(2),
  flavor('c1.large', { cpus: 8, memory: 32, disk: 200 }),
  h100(1),
  mi300x,
  flavor('c1.medium', { cpus: 4, memory: 16, disk: 100 }),
  flavor('c1.small', { cpus: 2, memory: 8, disk: 50 }),
]

describe('smallestFittingFlavor', () => {
  it('gives a plain image the smallest flavor with no GPU', () => {
    expect(smallestFittingFlavor(FLAVORS, image('ubuntu'))?.metadata.name).toBe('c1.small')
  })

  it("gives a GPU image the smallest flavor with its drivers' GPUs", () => {
    const cuda = image('cuda', { sizeGiB: 18, gpu: { vendor: 'NVIDIA', models: ['H100'] } })
    expect(smallestFittingFlavor(FLAVORS, cuda)?.metadata.name).toBe('g1.h100.1x')
    const rocm = image('rocm', { sizeGiB: 22, gpu: { vendor: 'AMD', models: ['MI300X'] } })
    expect(smallestFittingFlavor(FLAVORS, rocm)?.metadata.name).toBe('g1.mi300x.1x')
  })

  it('skips flavors whose disk (GB) cannot hold the image (GiB)', () => {
    // 50 GiB is 53.7 GB: c1.small's 50 GB disk is too small, c1.medium's 100 GB holds it.
    expect(smallestFittingFlavor(FLAVORS, image('big', { sizeGiB: 50 }))?.metadata.name).toBe('c1.medium')
  })

  it('gives none when no flavor suits the image', () => {
    expect(smallestFittingFlavor(FLAVORS, image('arm', { architecture: 'aarch64' }))).toBeUndefined()
  })
})

describe('proposedName', () => {
  it("numbers the image's name with the first number no instance of the project holds", () => {
    expect(proposedName(image('ubuntu-24.04-server'), [])).toBe('ubuntu-24.04-server-1')
    expect(proposedName(image('ubuntu-24.04-server'), ['ubuntu-24.04-server-1', 'ubuntu-24.04-server-3'])).toBe(
      'ubuntu-24.04-server-2',
    )
  })

  it('makes a valid name of any image name, short enough for its number', () => {
    expect(proposedName(image('My image (v2)!'), [])).toBe('My-image-v2-1')
    const name = proposedName(image('x'.repeat(80)), [])
    expect(name.length).toBeLessThanOrEqual(63)
    expect(name).toMatch(/^[A-Za-z0-9][A-Za-z0-9_.-]*[A-Za-z0-9]$/)
  })
})

describe('proposedProject', () => {
  const placed = { organizationId: 'org' }
  const network = (projectId: string, regionId: string) =>
    ({
      metadata: { ...placed, id: `${projectId}-${regionId}`, name: 'net', projectId },
      status: { regionId, prefix: '10.0.0.0/24' },
    }) as Network
  const instance = (projectId: string, regionId: string, powerState = 'Running') =>
    ({
      metadata: { ...placed, id: 'i', name: 'i', projectId },
      status: { regionId, networkId: 'n', powerState },
    }) as Instance
  const projectName = new Map([
    ['p-a', 'alpha'],
    ['p-b', 'beta'],
    ['p-c', 'gamma'],
  ])

  it('takes, of the projects with a network in the region, the one with the most running instances there', () => {
    const networks = [network('p-a', 'eu'), network('p-b', 'eu'), network('p-c', 'us')]
    // gamma runs the most, but has no network in the region; alpha's instances elsewhere do not count.
    const instances = [
      ...Array.from({ length: 5 }, () => instance('p-c', 'eu')),
      instance('p-a', 'us'),
      instance('p-a', 'us'),
      instance('p-b', 'eu'),
      // alpha has more instances in the region, but stopped or failed: beta is where work runs.
      instance('p-a', 'eu', 'Stopped'),
      instance('p-a', 'eu', 'Stopped'),
      instance('p-a', 'eu', 'Error'),
    ]
    expect(proposedProject({ regionId: 'eu', networks, instances, projectName })).toEqual({
      projectId: 'p-b',
      why: 'beta, the project with the most running instances in this region (1) of the 2 that have a network here',
    })
  })

  it('breaks a tie by name, says when only one project can, and proposes none when no project has a network there', () => {
    const networks = [network('p-b', 'eu'), network('p-a', 'eu')]
    expect(proposedProject({ regionId: 'eu', networks, instances: [], projectName })?.projectId).toBe('p-a')
    const oneRunningEach = [instance('p-b', 'eu'), instance('p-a', 'eu'), instance('p-b', 'eu', 'Stopped')]
    expect(proposedProject({ regionId: 'eu', networks, instances: oneRunningEach, projectName })?.projectId).toBe('p-a')
    expect(proposedProject({ regionId: 'eu', networks: [network('p-c', 'eu')], instances: [], projectName })?.why).toBe(
      'gamma, the only project with a network in this region',
    )
    expect(proposedProject({ regionId: 'ap', networks, instances: [], projectName })).toBeUndefined()
  })
})

describe('reproposeForProject', () => {
  const net = (name: string) => ({ metadata: { id: name, name }, status: { prefix: '10.0.0.0/24' } }) as Network
  const ubuntu = image('ubuntu-24.04')
  const notes = {
    project: 'ml-research, the project with the most running instances',
    network: 'training-fabric, the first of the project’s 2 networks in this region',
    flavor: 'c1.small, the smallest flavor that fits the image',
    name: 'the name ubuntu-24.04-1',
  }

  it('proposes the new project’s network and a name free in it, and says what changed; the flavor stays', () => {
    const again = reproposeForProject({
      image: ubuntu,
      projectName: 'sandbox',
      networks: [net('sandbox-net')],
      instanceNames: ['ubuntu-24.04-1'],
      keepName: undefined,
      notes,
    })
    expect(again).toEqual({
      networkId: 'sandbox-net',
      name: 'ubuntu-24.04-2',
      why: {
        project: 'sandbox, your choice: what depends on the project is proposed again for it',
        network: "sandbox-net, the project's only network in this region (proposed again for sandbox)",
        flavor: notes.flavor,
        name: 'the name ubuntu-24.04-2, free in sandbox',
      },
    })
  })

  it('keeps a name the user wrote, and says when the new project has no network in the region', () => {
    const again = reproposeForProject({
      image: ubuntu,
      projectName: 'sandbox',
      networks: [],
      instanceNames: [],
      keepName: 'my-box',
      notes,
    })
    expect(again.networkId).toBeUndefined()
    expect(again.name).toBeUndefined()
    expect(again.why.network).toBe('no network: sandbox has none in this region; create one, or pick another project')
    expect(again.why.name).toBe('the name you wrote')
  })
})

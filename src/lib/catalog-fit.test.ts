import { describe, expect, it } from 'vitest'
import type { Flavor, Image } from '../api/schemas/regional'
import { describeGpu, describeImage, flavorRows, imageMismatch, imagesFor, offeredFlavors } from './catalog-fit'

const flavor = (name: string, spec: Partial<Flavor['spec']> = {}): Flavor => ({
  metadata: { id: name, name },
  spec: { cpus: 2, memory: 8, disk: 50, architecture: 'x86_64', ...spec },
})
const gpu = (vendor: string, model: string, count: number, memory = 80) => ({
  vendor,
  model,
  memory,
  physicalCount: count,
  logicalCount: count,
})
const image = (
  name: string,
  spec: NonNullable<Image['spec']> = {},
  state = 'ready',
  creationTime = '2025-01-01T00:00:00Z',
): Image => ({
  metadata: { id: name, name, creationTime },
  spec: { architecture: 'x86_64', virtualization: 'any', ...spec },
  status: { state },
})

const h100x1 = flavor('g1.h100.1x', { cpus: 26, memory: 240, gpu: gpu('NVIDIA', 'H100', 1) })
const h100x8 = flavor('g1.h100.8x', { cpus: 208, memory: 1920, baremetal: true, gpu: gpu('NVIDIA', 'H100', 8) })
const mi300 = flavor('g1.mi300x.1x', { cpus: 24, memory: 256, gpu: gpu('AMD', 'MI300X', 1, 192) })
const small = flavor('c1.small')
const cuda = image('cuda', {
  gpu: { vendor: 'NVIDIA', driver: '570', models: ['H100', 'H200'] },
  os: { distro: 'ubuntu', version: '24.04' },
})
const rocm = image('rocm', { gpu: { vendor: 'AMD', driver: '6.12', models: ['MI300X'] } })
const plain = image('plain', { os: { distro: 'ubuntu', version: '22.04' } }, 'ready', '2024-01-01T00:00:00Z')
const vmOnly = image('rocky', { virtualization: 'virtualized' })

describe('imageMismatch', () => {
  it('accepts GPU drivers of the flavor vendor and a plain image on any flavor', () => {
    expect(imageMismatch(cuda, h100x1)).toBeUndefined()
    expect(imageMismatch(rocm, mi300)).toBeUndefined()
    expect(imageMismatch(plain, h100x1)).toBeUndefined()
    expect(imageMismatch(plain, small)).toBeUndefined()
  })
  it('refuses drivers of the other vendor, drivers without a GPU, and unsupported models', () => {
    expect(imageMismatch(rocm, h100x1)).toBe('The image carries AMD GPU drivers; the flavor has NVIDIA GPUs.')
    expect(imageMismatch(cuda, small)).toBe('The image carries NVIDIA GPU drivers; the flavor has no GPU.')
    expect(imageMismatch(cuda, flavor('b', { gpu: gpu('NVIDIA', 'B200', 1) }))).toBe(
      "The image's drivers support H100, H200, not B200.",
    )
  })
  it('refuses a VM-only image on bare metal, another architecture, and an image that is not ready', () => {
    expect(imageMismatch(vmOnly, h100x8)).toBe('The image boots virtual machines only; the flavor is bare metal.')
    expect(imageMismatch(vmOnly, small)).toBeUndefined()
    expect(imageMismatch(image('arm', { architecture: 'aarch64' }), small)).toBe(
      'The image is built for aarch64; the flavor is x86_64.',
    )
    expect(imageMismatch(image('new', {}, 'creating'), small)).toBe('The image is creating, not ready.')
  })
})

describe('imagesFor', () => {
  const all = [plain, cuda, rocm, vmOnly, image('broken', {}, 'failed')]
  it('keeps what fits the flavor, images with its GPU drivers first, then the newest', () => {
    expect(imagesFor(all, h100x1).map((i) => i.metadata.name)).toEqual(['cuda', 'rocky', 'plain'])
    expect(imagesFor(all, h100x8).map((i) => i.metadata.name)).toEqual(['cuda', 'plain'])
    expect(imagesFor(all, small).map((i) => i.metadata.name)).toEqual(['rocky', 'plain'])
  })
  it('offers every ready image, newest first, before a flavor is chosen', () => {
    expect(imagesFor(all, undefined).map((i) => i.metadata.name)).toEqual(['cuda', 'rocm', 'rocky', 'plain'])
  })
})

describe('flavorRows', () => {
  const flavors = [h100x8, small, mi300, h100x1]
  it('filters GPU or CPU flavors', () => {
    expect(flavorRows(flavors, 'gpu', { key: 'name', direction: 'asc' }).map((f) => f.metadata.name)).toEqual([
      'g1.h100.1x',
      'g1.h100.8x',
      'g1.mi300x.1x',
    ])
    expect(flavorRows(flavors, 'cpu', { key: 'name', direction: 'asc' }).map((f) => f.metadata.name)).toEqual([
      'c1.small',
    ])
  })
  it('sorts by a number column in either direction, CPU flavors (no GPU memory) last', () => {
    expect(
      flavorRows(flavors, 'all', { key: 'gpuMemoryTotal', direction: 'desc' }).map((f) => f.metadata.name),
    ).toEqual(['g1.h100.8x', 'g1.mi300x.1x', 'g1.h100.1x', 'c1.small'])
    expect(flavorRows(flavors, 'all', { key: 'cpus', direction: 'asc' }).map((f) => f.metadata.name)).toEqual([
      'c1.small',
      'g1.mi300x.1x',
      'g1.h100.1x',
      'g1.h100.8x',
    ])
  })
})

describe('descriptions', () => {
  it('reads GPUs and images the way people name them', () => {
    expect(describeGpu(h100x8)).toBe('8 × NVIDIA H100 80 GiB')
    expect(describeGpu(small)).toBe('—')
    expect(describeImage(cuda)).toBe('Ubuntu 24.04 · NVIDIA 570')
    expect(describeImage(rocm)).toBe('AMD 6.12')
  })
})

describe('offeredFlavors', () => {
  const pinned = flavor('bm1.h100.8x', { baremetal: true, pinnedOnly: true, gpu: gpu('NVIDIA', 'H100', 8) })
  it('leaves out pinned-only flavors and counts them, but keeps the one an instance already has', () => {
    expect(offeredFlavors([small, pinned, h100x8])).toEqual({ offered: [small, h100x8], pinned: 1 })
    expect(offeredFlavors([small, pinned], 'bm1.h100.8x')).toEqual({ offered: [small, pinned], pinned: 0 })
  })
})

import type { Flavor, Image } from '../api/schemas/regional'
import { sortFlavors } from './flavor-sort'
import type { SortState } from './sort'

// Which images suit a flavor, and the flavor table's filter and sort: pure, so the picker and its tests agree.

/**
 * Why the image does not suit the flavor, or undefined when it does. GPU images carry one vendor's drivers: they
 * need a flavor with that vendor's GPUs (and, when the image names models, one of them); on a CPU flavor the
 * drivers have nothing to drive. Architecture must match; an image made only for virtual machines cannot boot a
 * bare-metal flavor, nor a bare-metal-only image a virtual one. An image that is not ready cannot be used at all.
 */
export function imageMismatch(image: Image, flavor: Flavor): string | undefined {
  const state = image.status?.state
  if (state && state !== 'ready') return `The image is ${state}, not ready.`
  const spec = image.spec ?? {}
  const gpu = flavor.spec.gpu
  const imageArch = spec.architecture
  const flavorArch = flavor.spec.architecture
  if (imageArch && flavorArch && imageArch !== flavorArch)
    return `The image is built for ${imageArch}; the flavor is ${flavorArch}.`
  if (spec.virtualization === 'virtualized' && flavor.spec.baremetal)
    return 'The image boots virtual machines only; the flavor is bare metal.'
  if (spec.virtualization === 'baremetal' && !flavor.spec.baremetal)
    return 'The image boots bare metal only; the flavor is a virtual machine.'
  const drivers = spec.gpu?.vendor
  if (drivers && !gpu) return `The image carries ${drivers} GPU drivers; the flavor has no GPU.`
  if (drivers && gpu && drivers !== gpu.vendor)
    return `The image carries ${drivers} GPU drivers; the flavor has ${gpu.vendor} GPUs.`
  const models = spec.gpu?.models
  if (gpu && drivers && models?.length && !models.includes(gpu.model))
    return `The image's drivers support ${models.join(', ')}, not ${gpu.model}.`
  return undefined
}

/**
 * Images that suit the flavor, those with its GPU drivers first, then newest first; every ready image when no
 * flavor is chosen yet.
 */
export function imagesFor(images: Image[], flavor: Flavor | undefined): Image[] {
  const ready = (image: Image) => !image.status?.state || image.status.state === 'ready'
  const fitting = images.filter((image) => (flavor ? imageMismatch(image, flavor) === undefined : ready(image)))
  const withDrivers = (image: Image) => (flavor?.spec.gpu && image.spec?.gpu ? 0 : 1)
  return [...fitting].sort(
    (a, b) =>
      withDrivers(a) - withDrivers(b) || (b.metadata.creationTime ?? '').localeCompare(a.metadata.creationTime ?? ''),
  )
}

/**
 * Why an instance cannot have the flavor, or undefined when it can: a pinned-only flavor runs a server only on a host
 * the request names (its infrastructureRef), and an instance's create and update name none (compute v1.17.0).
 */
export function pinnedOnlyReason(flavor: Flavor): string | undefined {
  return flavor.spec.pinnedOnly
    ? 'It runs only on a host the request names, which an instance cannot: the platform refuses it here.'
    : undefined
}

/** The flavors an instance can be given; `keep` (its current flavor) stays whatever it is. */
export function offeredFlavors(flavors: Flavor[], keep?: string): { offered: Flavor[]; pinned: number } {
  const offered = flavors.filter((f) => !pinnedOnlyReason(f) || f.metadata.id === keep)
  return { offered, pinned: flavors.length - offered.length }
}

export type FlavorKind = 'all' | 'gpu' | 'cpu'
/** The flavors of one kind (GPU, CPU or both), sorted; ties keep name order so the table does not jump. */
export function flavorRows(flavors: Flavor[], kind: FlavorKind, sort: SortState): Flavor[] {
  const kept = flavors.filter((f) => kind === 'all' || (kind === 'gpu') === Boolean(f.spec.gpu))
  return sortFlavors(kept, sort)
}

/** "8 × NVIDIA H100 80 GiB", or "—" for a CPU flavor. */
export function describeGpu(flavor: Flavor): string {
  const gpu = flavor.spec.gpu
  return gpu ? `${gpu.physicalCount} × ${gpu.vendor} ${gpu.model} ${gpu.memory} GiB` : '—'
}

/** "Ubuntu 24.04 · NVIDIA 570.133.20" — what a person picks an image by. */
export function describeImage(image: Image): string {
  const os = image.spec?.os
  const system = os?.distro
    ? `${os.distro[0]!.toUpperCase()}${os.distro.slice(1)} ${os.version ?? ''}`.trim()
    : undefined
  const drivers = image.spec?.gpu ? `${image.spec.gpu.vendor} ${image.spec.gpu.driver ?? ''}`.trim() : undefined
  return [system, drivers].filter(Boolean).join(' · ')
}

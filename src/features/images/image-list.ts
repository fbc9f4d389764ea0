import type { Image } from '../../api/schemas/regional'
import { sourceInstanceOf } from '../../lib/image-source'
import { matchesSearch } from '../../lib/list-filters'

// The images page's filters, read from the URL and applied in the browser (the platform lists a region's images
// whole): a search over names and systems, who provides the image, and its operating system.

export type Origin = 'organization' | 'unsaid'

/**
 * Whose an image is, as far as its answer says: an image the organization made (a snapshot or an import) may name who
 * made it, or carry the console's snapshot tag. The document's own example image has no creator, so an image that
 * names none is not thereby the platform's: its origin is not said, and only the platform's answer to a delete tells.
 */
export const originOf = (image: Image): Origin =>
  image.metadata.createdBy || sourceInstanceOf(image) ? 'organization' : 'unsaid'

/** The platform is still making it (a snapshot's disk copied, an import downloaded): its state changes by itself. */
export const isSettling = (image: Image): boolean => ['pending', 'creating'].includes(image.status?.state ?? '')

export const ORIGIN_LABELS: Record<Origin, string> = { organization: 'Your organization', unsaid: 'Not said' }

/** "Ubuntu 24.04", "Rocky 9.5", or undefined where the image does not say. */
export function systemOf(image: Image): string | undefined {
  const os = image.spec?.os
  if (!os?.distro) return undefined
  return `${os.distro[0]!.toUpperCase()}${os.distro.slice(1)} ${os.version ?? ''}`.trim()
}

/** "NVIDIA 570.133.20 (H100, H200)", or without the models "NVIDIA 570.133.20"; undefined without GPU drivers. */
export function driversOf(image: Image, { models = true } = {}): string | undefined {
  const gpu = image.spec?.gpu
  if (!gpu) return undefined
  const named = models && gpu.models?.length ? ` (${gpu.models.join(', ')})` : ''
  return `${gpu.vendor ?? 'GPU'} ${gpu.driver ?? ''}`.trim() + named
}

export interface ImageFilters {
  q: string
  origin: string[]
  os: string[]
}

export function readImageFilters(params: URLSearchParams): ImageFilters {
  return { q: params.get('q') ?? '', origin: params.getAll('origin'), os: params.getAll('os') }
}

/** The images the filters keep, newest first. */
export function selectImages(images: readonly Image[], filters: ImageFilters): Image[] {
  return images
    .filter(
      (image) =>
        (!filters.origin.length || filters.origin.includes(originOf(image))) &&
        (!filters.os.length || filters.os.includes(image.spec?.os?.distro ?? '')) &&
        matchesSearch(filters.q, [image.metadata.name, systemOf(image), driversOf(image)]),
    )
    .sort((a, b) => (b.metadata.creationTime ?? '').localeCompare(a.metadata.creationTime ?? ''))
}

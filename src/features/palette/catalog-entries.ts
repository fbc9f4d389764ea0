// What the palette finds in the catalogs: the organization's models, and each region's flavors and images. They have
// no resource row with a page of its own: each entry opens the catalog page that shows it.

import type { ModelEndpoint } from '../../api/schemas/aiproxy'
import type { Flavor, Image } from '../../api/schemas/regional'
import { paths } from '../../lib/paths'
import type { PaletteEntry } from './palette-entries'

/** A model opens in the model catalog's drawer. */
export function modelEntries(models: readonly ModelEndpoint[]): PaletteEntry[] {
  return models.map((model) => ({
    id: `model/${model.id}`,
    group: 'Catalog',
    label: model.name,
    description: ['Model', model.developer, model.id].filter(Boolean).join(' · '),
    keywords: [model.hf_id, model.model_type].filter((word): word is string => Boolean(word)),
    to: paths.models({ model: model.id }),
  }))
}

interface Region {
  id: string
  name: string
}

/** A flavor opens in its region's flavor catalog, searched for its name. */
export function flavorEntries(region: Region, flavors: readonly Flavor[]): PaletteEntry[] {
  return flavors.map((flavor) => {
    const gpu = flavor.spec.gpu
    return {
      id: `flavor/${region.id}/${flavor.metadata.id}`,
      group: 'Catalog',
      label: flavor.metadata.name,
      description: [
        'Flavor',
        region.name,
        gpu ? `${gpu.physicalCount} × ${gpu.vendor} ${gpu.model}` : `${flavor.spec.cpus} vCPUs`,
      ].join(' · '),
      keywords: [flavor.metadata.id, flavor.spec.cpuFamily].filter((word): word is string => Boolean(word)),
      to: paths.flavors.list({ region: region.id, q: flavor.metadata.name }),
    }
  })
}

/** An image opens on its own page, which needs its region beside its id. */
export function imageEntries(region: Region, images: readonly Image[]): PaletteEntry[] {
  return images.map((image) => ({
    id: `image/${region.id}/${image.metadata.id}`,
    group: 'Catalog',
    label: image.metadata.name,
    description: ['Image', region.name, image.metadata.id].join(' · '),
    to: paths.image(image.metadata.id, { region: region.id }),
  }))
}

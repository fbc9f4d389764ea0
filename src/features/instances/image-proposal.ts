import type { Flavor, Image, Instance, Network } from '../../api/schemas/regional'
import { compareText } from '../../lib/compare-text'
import { imageMismatch } from '../../lib/catalog-fit'

// What the create form proposes when it opens from an image: the smallest flavor that boots it, the project's network
// in its region, and a name. Pure, so the form and its tests agree; each proposal is an ordinary default the user can
// change.

// The image's size is in GiB, a flavor's disk in GB.
const GB_PER_GIB = 2 ** 30 / 1e9

/** The flavor's size as ordered for "smallest": its GPU memory in all, then memory, vCPUs and disk. */
const sizeOf = (flavor: Flavor) => [
  (flavor.spec.gpu?.memory ?? 0) * (flavor.spec.gpu?.physicalCount ?? 0),
  flavor.spec.memory,
  flavor.spec.cpus,
  flavor.spec.disk,
]

/**
 * The smallest flavor the image suits (its GPU vendor and models, architecture, virtual or bare metal) whose disk
 * holds it: a GPU image gets the smallest GPU flavor with its drivers' GPUs, any other image the smallest flavor, one
 * with no GPU before any with one. Undefined when none fits.
 */
export function smallestFittingFlavor(flavors: readonly Flavor[], image: Image): Flavor | undefined {
  const size = image.spec?.sizeGiB ?? 0
  const fitting = flavors.filter((f) => imageMismatch(image, f) === undefined && f.spec.disk >= size * GB_PER_GIB)
  const bySize = (a: Flavor, b: Flavor) => {
    const [x, y] = [sizeOf(a), sizeOf(b)]
    const differs = x.findIndex((value, i) => value !== y[i])
    return differs === -1 ? a.metadata.name.localeCompare(b.metadata.name) : x[differs]! - y[differs]!
  }
  return [...fitting].sort(bySize)[0]
}

/**
 * A name for an instance of the image, unique among `taken` (the project's instances): the image's name, made a
 * valid resource name and short enough for a number, then the first free "-1", "-2", ….
 */
export function proposedName(image: Image, taken: Iterable<string>): string {
  const used = new Set(taken)
  const base =
    image.metadata.name
      .replace(/[^A-Za-z0-9_.-]+/g, '-')
      .slice(0, 56)
      .replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, '') || 'instance'
  for (let n = 1; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`
}

/** Each proposal's sentence saying why it was chosen, for the note above the form, in the form's order. */
export interface ProposalNotes {
  project?: string
  network?: string
  flavor?: string
  name?: string
}

/** The proposals, each with the sentence saying why it was chosen. */
export interface ImageProposal {
  networkId?: string
  flavorId?: string
  name: string
  why: ProposalNotes
}

/** The project's first network in the region, with why; nothing when the project has none there. */
function proposedNetwork(networks: readonly Network[] | undefined): { networkId?: string; why?: string } {
  const network = networks?.[0]
  if (!network || !networks) return {}
  return {
    networkId: network.metadata.id,
    why:
      networks.length === 1
        ? `${network.metadata.name}, the project's only network in this region`
        : `${network.metadata.name}, the first of the project's ${networks.length} networks in this region`,
  }
}

/**
 * What the form proposes for the image, from what its pickers list: the project's first network in the region (said
 * whether it is the only one), the smallest fitting flavor, and a free name. `networks` is undefined when no project
 * is chosen yet.
 */
export function proposeFromImage({
  image,
  flavors,
  networks,
  instanceNames,
}: {
  image: Image
  flavors: readonly Flavor[]
  networks: readonly Network[] | undefined
  instanceNames: Iterable<string>
}): ImageProposal {
  const network = proposedNetwork(networks)
  const flavor = smallestFittingFlavor(flavors, image)
  const name = proposedName(image, instanceNames)
  return {
    networkId: network.networkId,
    flavorId: flavor?.metadata.id,
    name,
    why: {
      network: network.why,
      flavor:
        flavor &&
        `${flavor.metadata.name}, the smallest ${image.spec?.gpu ? `${image.spec.gpu.vendor} GPU flavor` : 'flavor'} that fits the image`,
      name: `the name ${name}`,
    },
  }
}

/**
 * What is proposed again when the user picks another project: what depends on the project (its network in the
 * region; a name free in it, unless the user wrote their own), with the note's lines saying what changed. The flavor
 * does not depend on the project, and stays.
 */
export function reproposeForProject({
  image,
  projectName,
  networks,
  instanceNames,
  keepName,
  notes,
}: {
  image: Image | undefined
  projectName: string
  networks: readonly Network[]
  instanceNames: Iterable<string>
  /** The name the user wrote, kept as it is; undefined when the field still holds the proposed one. */
  keepName: string | undefined
  notes: ProposalNotes
}): { networkId?: string; name?: string; why: ProposalNotes } {
  const network = proposedNetwork(networks)
  const name = keepName === undefined && image ? proposedName(image, instanceNames) : undefined
  return {
    networkId: network.networkId,
    name,
    why: {
      project: `${projectName}, your choice: what depends on the project is proposed again for it`,
      network: network.why
        ? `${network.why} (proposed again for ${projectName})`
        : `no network: ${projectName} has none in this region; create one, or pick another project`,
      flavor: notes.flavor,
      name: name ? `the name ${name}, free in ${projectName}` : notes.name && `the name you wrote`,
    },
  }
}

/**
 * The project to propose when the form opens from an image with none in scope ("All projects"): one with a network in
 * the image's region, since an instance needs one there, and of those the one with the most running instances in the
 * region, where the organization works now (stopped and failed instances say less; a tie goes to the name first in
 * order). It makes the network, flavor
 * and name proposals possible; undefined when no project has a network in the region.
 */
export function proposedProject({
  regionId,
  networks,
  instances,
  projectName,
}: {
  regionId: string
  /** The organization's networks, every project and region. */
  networks: readonly Network[]
  /** The organization's instances, every project and region. */
  instances: readonly Instance[]
  projectName: ReadonlyMap<string, string>
}): { projectId: string; why: string } | undefined {
  const held = new Map<string, number>()
  for (const network of networks) if (network.status.regionId === regionId) held.set(network.metadata.projectId, 0)
  for (const instance of instances) {
    const projectId = instance.metadata.projectId
    const running = instance.status.powerState === 'Running'
    if (running && instance.status.regionId === regionId && held.has(projectId))
      held.set(projectId, held.get(projectId)! + 1)
  }
  const nameOf = (id: string) => projectName.get(id) ?? id
  const [best] = [...held].sort(([a, x], [b, y]) => y - x || compareText(nameOf(a), nameOf(b)))
  if (!best) return undefined
  const [projectId, count] = best
  const why =
    held.size === 1
      ? `${nameOf(projectId)}, the only project with a network in this region`
      : `${nameOf(projectId)}, the project with the most running instances in this region (${count}) of the ${held.size} that have a network here`
  return { projectId, why }
}

import { paths } from './paths'
import type { Governed } from './permissions'

/**
 * What the console says of one resource, read by its list, create, detail and edit routes: how sentences name it,
 * where its pages are, and which of the caller's permissions its buttons ask.
 */
export interface Resource {
  /** What a list counts, singular and plural: ['network', 'networks']. */
  noun: readonly [singular: string, plural: string]
  /** A resource named as a mass noun in sentences ("file storage"), which keeps counting its units ("3 file systems"). */
  mass?: string
  /** The page the caller's roles govern: its create, edit and delete buttons ask that permission. */
  governs: Governed
  /** Its list page. */
  list: () => string
  /** One item's page. */
  page: (id: string) => string
  /**
   * Its create form; the button reads "Create <name>" unless `verb` words it otherwise. `startsAs` is what a new one
   * is doing once the platform accepted it, for the notice that opens its page ("…; it is provisioning.").
   */
  create?: { to: () => string; verb?: string; startsAs?: string }
  /** The forms' sentence for a name already taken where the platform keeps names unique, said at the name field. */
  nameTaken?: string
}

/** One of it, as a sentence names it: "network", "file storage". */
export function singular({ noun, mass }: Resource): string {
  return mass ?? noun[0]
}

/** What its create form does, as a verb: "Create", or "Add" for users. */
export function createVerb(resource: Resource): string {
  return resource.create?.verb ?? 'Create'
}

/** The words of its create form: its list's button, the form's title and submit button ("Create network", "Add user"). */
export function createLabel(resource: Resource): string {
  return `${createVerb(resource)} ${singular(resource)}`
}

/** Every resource the console lists, each declared once. */
export const resources = {
  networks: {
    noun: ['network', 'networks'],
    governs: 'networks',
    list: () => paths.networks(),
    page: paths.network,
    create: { to: () => paths.networkNew(), startsAs: 'provisioning' },
    nameTaken: 'A network with this name already exists in this project.',
  },
  securityGroups: {
    noun: ['security group', 'security groups'],
    governs: 'securityGroups',
    list: () => paths.securityGroups(),
    page: paths.securityGroup,
    create: { to: () => paths.securityGroupNew(), startsAs: 'provisioning' },
  },
  fileStorage: {
    noun: ['file system', 'file systems'],
    mass: 'file storage',
    governs: 'fileStorage',
    list: () => paths.fileStorages(),
    page: paths.fileStorage,
    create: { to: () => paths.fileStorageNew(), startsAs: 'provisioning' },
    nameTaken: 'A file storage with this name already exists in this project.',
  },
  instances: {
    noun: ['instance', 'instances'],
    governs: 'instances',
    list: () => paths.instances(),
    page: paths.instance,
    create: { to: () => paths.instanceNew(), startsAs: 'starting' },
    nameTaken: 'An instance with this name already exists in this project.',
  },
  // The region's images: the platform's, and the organization's own snapshots (made from an instance's page).
  images: {
    noun: ['image', 'images'],
    governs: 'images',
    list: () => paths.images(),
    page: (id: string) => paths.image(id),
    nameTaken: 'An image with this name already exists in this region.',
  },
  // Users are added (invited by address) rather than created.
  users: {
    noun: ['user', 'users'],
    governs: 'users',
    list: () => paths.users(),
    page: paths.user,
    create: { to: () => paths.userNew(), verb: 'Add' },
  },
  serviceAccounts: {
    noun: ['service account', 'service accounts'],
    governs: 'serviceAccounts',
    list: () => paths.serviceAccounts(),
    page: paths.serviceAccount,
    create: { to: () => paths.serviceAccountNew() },
    nameTaken: 'A service account with this name already exists in this organization.',
  },
  projects: {
    noun: ['project', 'projects'],
    governs: 'projects',
    list: () => paths.projects(),
    page: paths.project,
    create: { to: () => paths.projectNew(), startsAs: 'being provisioned' },
    nameTaken: 'A project with this name already exists in this organization.',
  },
  // No create form: the platform's administrators manage groups.
  groups: { noun: ['group', 'groups'], governs: 'groups', list: () => paths.groups(), page: paths.group },
} as const satisfies Record<string, Resource>

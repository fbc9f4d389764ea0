import type { TablerIcon } from '@tabler/icons-react'
import type { Service } from '../api/services'
import { capitalized } from './words'

/**
 * What the console says of one resource, declared once in its row below: how sentences name it, where its pages
 * are, which of the caller's permissions its pages ask, where the navigation lists it, and what the command palette
 * offers. Its list, create, detail and edit routes read it; the navigation (`app/shell/nav-items.ts`), the palette,
 * the permission checks (`permissions.ts`) and the API's cache families (`api/endpoint.ts`) are derived from the rows.
 */
export interface Resource {
  /** What a list counts, singular and plural: ['network', 'networks']. */
  noun: readonly [singular: string, plural: string]
  /** A resource named as a mass noun in sentences ("file storage"), which keeps counting its units ("3 file systems"). */
  mass?: string
  /**
   * Its names in the platform's ACL: reading it shows its page in the navigation, and its create, edit and delete
   * buttons ask the matching operation. Any one of them grants it: the platform has named some both ways (its v2
   * regional handlers check `region:networks:v2`, older roles grant `region:networks`). The first names its kind in
   * the activity log.
   */
  acl: readonly string[]
  /**
   * Where it is on the platform, for a resource with pages: the console's registries read it (which paths are
   * collections, what the first round trip carries, the local cloud's routes and permission names).
   */
  api?: Place
  /**
   * Its ACL names are the console's guess, not the platform's published word: where the caller's ACL names none of
   * them, the platform decides, so its page is shown and its buttons enabled rather than hidden on a guess.
   */
  aclUnpublished?: true
  /** The navigation's section that lists it, in the rows' order, labelled by its plural ("Security groups"). */
  nav?: 'Infrastructure' | 'Identity'
  /**
   * Its kind's icon, one of Tabler's (`() => import('@tabler/icons-react/icons/IconServer')`): the navigation, its pages'
   * titles and the palette show it (`components/KindIcon.tsx`). Imported one by one, so only the icons named ship, in
   * one chunk loaded after the first paint: none of them weighs on the boot path, and the server never loads them.
   */
  icon: IconModule
  /**
   * Where its pages are: `networks` lists at /networks, creates at /networks/new, shows one at /networks/<id> and
   * edits it at /networks/<id>/edit. Links reach them through `paths.networks` (`paths.ts`), which is derived from it,
   * and the router looks for their modules in `features/networks/routes/`.
   */
  path: string
  /** Each item has a page (the palette's search results open it); a catalog's have none. */
  page?: true
  /** Each item's page has an edit form beside it. */
  edit?: true
  /**
   * Its create form; the button reads "Create <name>" unless `verb` words it otherwise.
   */
  create?: { verb?: string }
  /** The forms' sentence for a name already taken where the platform keeps names unique, said at the name field. */
  nameTaken?: string
  /**
   * What uses one of it: the kinds whose live items block its delete while they name it, each through the field that
   * names it (`[]` when nothing does). Required, so a new row says it. This one declaration drives the local cloud's
   * refusal (403 "… is in use and cannot be deleted"), the delete dialog's "In use by" warning and the queries a
   * write refreshes (`api/uses.ts`).
   */
  usedBy: readonly Use[]
}

/** One icon of Tabler's set, as its module loads it. */
export type IconModule = () => Promise<{ default: TablerIcon }>

/** Where a resource is on the platform, declared once in its row. */
export interface Place {
  service: Service
  /**
   * Its collection: a path under the service (`/api/v2/networks`), or for one of the organization's, the segment after
   * `/api/v1/organizations/{organizationID}/` (`serviceaccounts`).
   */
  collection: string
  /** The platform's path parameter for one (`networkID`); the router's is the same in camel case (`:networkId`). */
  id: string
  /** The name the platform checks today, one of `acl` (`region:networks:v2`): the local cloud's roles grant it. */
  permission: string
  /** Where one lives: in a project and one of its regions, in a project alone, or in the organization. */
  lives: 'region' | 'project' | 'organization'
  /** The platform offers no update (an SSH certificate authority is replaced, not changed). */
  update?: false
  /** It is allocated against the organization's quotas: its writes change what is left of them. */
  allocates?: true
}

/**
 * The field through which an item names what it uses: the id of its project, its network, a security group; the
 * organization's own settings name the identity provider its people sign in through.
 */
export type Through = 'projectId' | 'networkId' | 'securityGroupId' | 'providerID' | 'placementId'

/**
 * A kind that uses a resource (its key in the rows: checked below), and the field of its items that names it. The
 * organization itself is a user too (`kind: 'organizations'`): it has no list in a project, and `says` words what it
 * does with the item, for the delete dialog ("signs in through").
 */
type Use = { kind: string; through: Through } & ({ kind: 'organizations'; says: string } | { says?: never })

/** A resource with a page for each item. */
export type Paged = Resource & { page: true; api: Place }

/** One of it, as a sentence names it: "network", "file storage". */
export function singular({ noun, mass }: Resource): string {
  return mass ?? noun[0]
}

/** All of them, as a sentence names them: "networks", "file storage". */
export function plural({ noun, mass }: Resource): string {
  return mass ?? noun[1]
}

/** Its navigation label: "Security groups", "File storage". */
export const navLabel = (resource: Resource): string => capitalized(plural(resource))

/** What the palette's search results call one of it: "Security group", "File storage". */
export const kindLabel = (resource: Resource): string => capitalized(singular(resource))

/** What its create form does, as a verb: "Create", or "Add" for users. */
export function createVerb(resource: Resource): string {
  return resource.create?.verb ?? 'Create'
}

/** The words of its create form: its list's button, the form's title and submit button ("Create network", "Add user"). */
export function createLabel(resource: Resource): string {
  return `${createVerb(resource)} ${singular(resource)}`
}

/**
 * Every resource the console lists, each declared once, in the navigation's order. A new resource is a row here;
 * the router finds its route modules by the row's names (`app/router.tsx`), the path builders (`paths.ts`) and the
 * palette's search (its list route module's `organizationQuery`) follow from it.
 */
export const resources = {
  networks: {
    noun: ['network', 'networks'],
    acl: ['region:networks', 'region:networks:v2'],
    api: {
      service: 'region',
      collection: '/api/v2/networks',
      id: 'networkID',
      lives: 'region',
      permission: 'region:networks:v2',
      allocates: true,
    },
    nav: 'Infrastructure',
    path: 'networks',
    icon: () => import('@tabler/icons-react/icons/IconNetwork'),
    page: true,
    edit: true,
    create: {},
    nameTaken: 'A network with this name already exists in this project.',
    usedBy: [
      { kind: 'instances', through: 'networkId' },
      { kind: 'securityGroups', through: 'networkId' },
      { kind: 'fileStorage', through: 'networkId' },
      { kind: 'loadBalancers', through: 'networkId' },
      { kind: 'clusters', through: 'networkId' },
    ],
  },
  securityGroups: {
    noun: ['security group', 'security groups'],
    acl: ['region:securitygroups', 'region:securitygroups:v2'],
    api: {
      service: 'region',
      collection: '/api/v2/securitygroups',
      id: 'securityGroupID',
      lives: 'region',
      permission: 'region:securitygroups:v2',
    },
    nav: 'Infrastructure',
    path: 'security-groups',
    icon: () => import('@tabler/icons-react/icons/IconShieldLock'),
    page: true,
    edit: true,
    create: {},
    nameTaken: 'A security group with this name already exists in this project.',
    usedBy: [{ kind: 'instances', through: 'securityGroupId' }],
  },
  // Layer 4 load balancers on a network (region v1.20.0): a VIP in the network's CIDR, optionally a public IP, and
  // listeners, each with a pool of members. Their ACL name is not in the platform's public documents: the local cloud
  // names it after the v2 regional handlers'.
  loadBalancers: {
    noun: ['load balancer', 'load balancers'],
    acl: ['region:loadbalancers:v2'],
    aclUnpublished: true,
    api: {
      service: 'region',
      collection: '/api/v2/loadbalancers',
      id: 'loadBalancerID',
      lives: 'region',
      permission: 'region:loadbalancers:v2',
    },
    nav: 'Infrastructure',
    path: 'load-balancers',
    icon: () => import('@tabler/icons-react/icons/IconLoadBalancer'),
    page: true,
    edit: true,
    create: {},
    nameTaken: 'A load balancer with this name already exists in this project.',
    usedBy: [],
  },
  fileStorage: {
    noun: ['file system', 'file systems'],
    mass: 'file storage',
    acl: ['region:filestorage', 'region:filestorage:v2'],
    api: {
      service: 'region',
      collection: '/api/v2/filestorage',
      id: 'filestorageID',
      lives: 'region',
      permission: 'region:filestorage:v2',
      allocates: true,
    },
    nav: 'Infrastructure',
    path: 'file-storage',
    icon: () => import('@tabler/icons-react/icons/IconFiles'),
    page: true,
    edit: true,
    create: {},
    nameTaken: 'A file storage with this name already exists in this project.',
    usedBy: [],
  },
  instances: {
    noun: ['instance', 'instances'],
    // The platform has named instances both ways.
    acl: ['compute:instances', 'region:servers'],
    api: {
      service: 'compute',
      collection: '/api/v2/instances',
      id: 'instanceID',
      lives: 'region',
      permission: 'compute:instances',
      allocates: true,
    },
    nav: 'Infrastructure',
    path: 'instances',
    icon: () => import('@tabler/icons-react/icons/IconServer'),
    page: true,
    edit: true,
    create: {},
    nameTaken: 'An instance with this name already exists in this project.',
    usedBy: [],
  },
  // OpenSSH user certificate authorities a project's instances trust at first boot: replaced, never changed. Their ACL
  // name is not in the platform's public documents: the local cloud names it after the v2 regional handlers'.
  sshCertificateAuthorities: {
    noun: ['SSH certificate authority', 'SSH certificate authorities'],
    acl: ['region:sshcertificateauthorities:v2'],
    aclUnpublished: true,
    api: {
      service: 'region',
      collection: '/api/v2/sshcertificateauthorities',
      id: 'sshCertificateAuthorityID',
      lives: 'project',
      permission: 'region:sshcertificateauthorities:v2',
      update: false,
    },
    nav: 'Infrastructure',
    path: 'ssh-certificate-authorities',
    icon: () => import('@tabler/icons-react/icons/IconCertificate'),
    page: true,
    create: { verb: 'Add' },
    usedBy: [],
  },
  // S3-compatible object storage endpoints (storage v1.4.1): a class fixed at create, and named identity policies that
  // an update replaces whole. Each endpoint's access keys live inside it (its page lists them; `objectStorage.ts`). The
  // ACL name is not in the platform's public documents: the local cloud names it after the service and collection.
  objectStorageEndpoints: {
    noun: ['object storage endpoint', 'object storage endpoints'],
    acl: ['storage:objectstorageendpoints'],
    aclUnpublished: true,
    api: {
      service: 'storage',
      collection: '/api/v1/objectstorageendpoints',
      id: 'objectStorageEndpointID',
      lives: 'region',
      permission: 'storage:objectstorageendpoints',
    },
    nav: 'Infrastructure',
    path: 'object-storage',
    icon: () => import('@tabler/icons-react/icons/IconBucket'),
    page: true,
    edit: true,
    create: {},
    usedBy: [],
  },
  // Managed Kubernetes (NKS): a cluster on a network of one region, at a platform release. Its ACL names are not in any
  // public material: the local cloud names them after the service, and the platform decides (aclUnpublished).
  clusters: {
    noun: ['cluster', 'clusters'],
    acl: ['nks:clusters'],
    aclUnpublished: true,
    api: {
      service: 'nks',
      collection: '/api/v1/clusters',
      id: 'clusterID',
      lives: 'region',
      permission: 'nks:clusters',
    },
    nav: 'Infrastructure',
    path: 'clusters',
    icon: () => import('@tabler/icons-react/icons/IconHexagons'),
    page: true,
    create: {},
    // Deleting a cluster deletes its node pools with it.
    usedBy: [],
  },
  // A cluster's workers: created, scaled and deleted from the cluster's page, so no pages of their own.
  nodePools: {
    noun: ['node pool', 'node pools'],
    acl: ['nks:nodepools'],
    aclUnpublished: true,
    api: {
      service: 'nks',
      collection: '/api/v1/nodepools',
      id: 'nodePoolID',
      lives: 'region',
      permission: 'nks:nodepools',
    },
    path: 'node-pools',
    icon: () => import('@tabler/icons-react/icons/IconStack2'),
    usedBy: [],
  },
  // A catalog: listed, never created here.
  flavors: {
    noun: ['flavor', 'flavors'],
    acl: ['region:flavors', 'compute:flavors'],
    nav: 'Infrastructure',
    path: 'flavors',
    icon: () => import('@tabler/icons-react/icons/IconCpu'),
    usedBy: [],
  },
  // The region's images: the platform's, and the organization's own, snapshots (made from an instance's page) and
  // imports from a disk image's URL. An image's page needs its region beside its id, so the palette, which opens
  // pages by id, does not search them.
  images: {
    noun: ['image', 'images'],
    acl: ['region:images', 'compute:images'],
    nav: 'Infrastructure',
    path: 'images',
    icon: () => import('@tabler/icons-react/icons/IconDisc'),
    create: { verb: 'Import' },
    nameTaken: 'An image with this name already exists in this region.',
    // The platform lets an image in use go: instances keep their disks.
    usedBy: [],
  },
  // Bare-metal GPU capacity (reservation v0.0.14): a project's claim on contiguous reservation units of a region, and
  // the placements that put servers on its hosts. Their ACL names are in no public document: the platform decides.
  // A reservation is never updated (units are released, not edited), and its delete takes its placements with it.
  reservations: {
    noun: ['reservation', 'reservations'],
    acl: ['reservation:reservations'],
    aclUnpublished: true,
    api: {
      service: 'reservation',
      collection: '/api/v2/reservations',
      id: 'reservationID',
      lives: 'region',
      permission: 'reservation:reservations',
      update: false,
    },
    icon: () => import('@tabler/icons-react/icons/IconCalendarEvent'),
    nav: 'Infrastructure',
    path: 'reservations',
    page: true,
    create: {},
    usedBy: [],
  },
  placements: {
    noun: ['placement', 'placements'],
    acl: ['reservation:placements'],
    aclUnpublished: true,
    api: {
      service: 'reservation',
      collection: '/api/v2/placements',
      id: 'placementID',
      lives: 'region',
      permission: 'reservation:placements',
      update: false,
    },
    icon: () => import('@tabler/icons-react/icons/IconServerCog'),
    nav: 'Infrastructure',
    path: 'placements',
    page: true,
    create: {},
    // A node pool in reservation mode holds its workers' hosts through a placement it manages (its status's
    // `placementId`): the pool resizes and deletes it, and a direct delete is refused while the pool has it.
    usedBy: [{ kind: 'nodePools', through: 'placementId' }],
  },
  // Users are added (invited by address) rather than created.
  users: {
    noun: ['user', 'users'],
    acl: ['identity:users'],
    api: {
      service: 'identity',
      collection: 'users',
      id: 'userID',
      lives: 'organization',
      permission: 'identity:users',
    },
    nav: 'Identity',
    path: 'users',
    icon: () => import('@tabler/icons-react/icons/IconUser'),
    page: true,
    edit: true,
    create: { verb: 'Add' },
    usedBy: [],
  },
  serviceAccounts: {
    noun: ['service account', 'service accounts'],
    acl: ['identity:serviceaccounts'],
    api: {
      service: 'identity',
      collection: 'serviceaccounts',
      id: 'serviceAccountID',
      lives: 'organization',
      permission: 'identity:serviceaccounts',
    },
    nav: 'Identity',
    path: 'service-accounts',
    icon: () => import('@tabler/icons-react/icons/IconRobot'),
    page: true,
    edit: true,
    create: {},
    nameTaken: 'A service account with this name already exists in this organization.',
    usedBy: [],
  },
  projects: {
    noun: ['project', 'projects'],
    acl: ['identity:projects'],
    api: {
      service: 'identity',
      collection: 'projects',
      id: 'projectID',
      lives: 'organization',
      permission: 'identity:projects',
    },
    nav: 'Identity',
    path: 'projects',
    icon: () => import('@tabler/icons-react/icons/IconBriefcase'),
    page: true,
    edit: true,
    create: {},
    nameTaken: 'A project with this name already exists in this organization.',
    // What lives in it: the platform deletes none of it with the project.
    usedBy: [
      { kind: 'networks', through: 'projectId' },
      { kind: 'securityGroups', through: 'projectId' },
      { kind: 'fileStorage', through: 'projectId' },
      { kind: 'instances', through: 'projectId' },
      { kind: 'sshCertificateAuthorities', through: 'projectId' },
      { kind: 'reservations', through: 'projectId' },
      { kind: 'placements', through: 'projectId' },
      { kind: 'loadBalancers', through: 'projectId' },
      { kind: 'objectStorageEndpoints', through: 'projectId' },
      { kind: 'clusters', through: 'projectId' },
      { kind: 'nodePools', through: 'projectId' },
    ],
  },
  groups: {
    noun: ['group', 'groups'],
    acl: ['identity:groups'],
    api: {
      service: 'identity',
      collection: 'groups',
      id: 'groupID',
      lives: 'organization',
      permission: 'identity:groups',
    },
    nav: 'Identity',
    path: 'groups',
    icon: () => import('@tabler/icons-react/icons/IconUsersGroup'),
    page: true,
    edit: true,
    create: {},
    nameTaken: 'A group with this name already exists in this organization.',
    // Projects list groups, but the platform lets a listed group go (the group page says which projects lose it).
    usedBy: [],
  },
  // The organization's own OAuth 2.0 / OIDC providers (its Okta, its Auth0): the one it signs in through cannot go.
  oauth2Providers: {
    noun: ['identity provider', 'identity providers'],
    acl: ['identity:oauth2providers'],
    api: {
      service: 'identity',
      collection: 'oauth2providers',
      id: 'providerID',
      lives: 'organization',
      permission: 'identity:oauth2providers',
    },
    nav: 'Identity',
    path: 'identity-providers',
    icon: () => import('@tabler/icons-react/icons/IconFingerprint'),
    page: true,
    edit: true,
    create: {},
    nameTaken: 'An identity provider with this name already exists in this organization.',
    usedBy: [{ kind: 'organizations', through: 'providerID', says: 'signs in through' }],
  },
  // The working organization itself: one page, no list; its edit form changes the one the scope names.
  organizations: {
    noun: ['organization', 'organization settings'],
    acl: ['identity:organizations'],
    nav: 'Identity',
    path: 'organization',
    icon: () => import('@tabler/icons-react/icons/IconBuilding'),
    edit: true,
    usedBy: [],
  },
} as const satisfies Record<string, Resource>

/** A resource's key in the rows: the API's cache family of the same name. */
export type ResourceName = keyof typeof resources

type Declared = (typeof resources)[ResourceName]['usedBy'][number]

/** Every kind some row says uses it. */
export type UsingKind = Declared['kind']

// A use names a row: a kind misspelt, or not a row, fails typecheck at `RowOf<UsingKind>`.
type RowOf<K extends ResourceName> = K

/** The fields through which items of `kind` use others, as the rows declare them: what its items must name. */
export type ThroughOf<K extends RowOf<UsingKind>> = Extract<Declared, { kind: K }>['through']

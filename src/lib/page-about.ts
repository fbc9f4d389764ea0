// What a resource's list page and create form say under their titles, in one place beside the rows (resources.ts),
// which the entry carries: the pages' words need not load with every page.
import { resources, type Resource } from './resources'

interface About {
  /** Under the list page's title. */
  list?: string
  /** Under the create form's title. */
  create?: string
}

const ABOUT: [Resource, About][] = [
  [
    resources.networks,
    {
      list: 'Layer 3 networks: address ranges, DNS servers and routes for your instances and file storage.',
      create: 'A private IPv4 range in one region of a project, with optional DNS servers and static routes.',
    },
  ],
  [
    resources.securityGroups,
    {
      list: 'Firewall rules for the instances on a network: which traffic may come in and go out.',
      create: 'Firewall rules for instances on one network. The group takes its project and region from the network.',
    },
  ],
  [
    resources.fileStorage,
    {
      list: 'Shared NFS file systems, mounted by instances on the networks they are attached to.',
      create:
        'A shared NFS file system in one region of a project, mounted by the instances on the networks it is attached to.',
    },
  ],
  [
    resources.instances,
    {
      list: 'Virtual machines and bare-metal servers: power state, addresses, flavor and network.',
      create: 'A virtual machine or bare-metal server on one of your networks. It starts as soon as it is provisioned.',
    },
  ],
  [
    resources.images,
    {
      list: "What an instance boots from in a region: the platform's images, and your organization's own: snapshots of its instances and images it imported.",
      create:
        'An image of your own, from a raw disk image the region downloads. It is pending, then creating while the region copies it, then ready to boot instances from.',
    },
  ],
  [
    resources.users,
    {
      list: 'People who sign in to this organization. Their groups decide what they can do, in which projects.',
      create: 'Someone who signs in with their e-mail address. Their groups decide what they can do.',
    },
  ],
  [
    resources.serviceAccounts,
    {
      list: 'Long-lived tokens for pipelines and tools. Their groups decide what the token may do.',
      create:
        'A token for a pipeline or tool, with only the access its groups grant. The token is shown once, when it is created.',
    },
  ],
  [
    resources.projects,
    {
      list: "Where infrastructure lives. A project's groups decide who can work in it.",
      create:
        'A place for networks, file storage and instances. Members of its groups can work in it; the platform provisions it in the background.',
    },
  ],
  [
    resources.groups,
    {
      list: 'What people and service accounts may do: a group grants its roles to its members, in the projects that list it.',
      create: 'A group grants its roles to its members, in the projects that list it.',
    },
  ],
]

const about = new Map(ABOUT)

/** What the resource's list page says under its title. */
export const listAbout = (resource: Resource): string | undefined => about.get(resource)?.list

/** What the resource's create form says under its title. */
export const createAbout = (resource: Resource): string | undefined => about.get(resource)?.create

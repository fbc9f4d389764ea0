import type { Tag } from '../validate.ts'

/**
 * What the local cloud keeps, in the shape it is persisted. Read shapes are derived from these on every request,
 * so provisioning and power transitions follow from timestamps and stay right across restarts.
 */
export interface ResourceMeta {
  id: string
  name: string
  description?: string
  tags?: Tag[]
  creationTime: string
  createdBy: string
  modifiedTime?: string
  modifiedBy?: string
  /** Epoch ms at which provisioning (or re-provisioning after an update) completes. */
  readyAt: number
  /** Epoch ms at which a deletion completes; the resource reads as deprovisioning until then. */
  goneAt?: number
  deletionTime?: string
  /** Provisioning failed for good: provisioningStatus and healthStatus read `error`. */
  failed?: boolean
}

export interface OrganizationRecord {
  id: string
  name: string
  description: string
  creationTime: string
  domain: string
  regionIds: string[]
}

export interface ProjectRecord {
  meta: ResourceMeta
  organizationId: string
  groupIDs: string[]
}

export interface GroupRecord {
  meta: ResourceMeta
  organizationId: string
  roleIDs: string[]
  userIDs: string[]
  serviceAccountIDs: string[]
}

export type UserState = 'active' | 'pending' | 'suspended'

export interface UserRecord {
  meta: ResourceMeta
  organizationId: string
  subject: string
  state: UserState
  lastActive?: string
}

export interface ServiceAccountRecord {
  meta: ResourceMeta
  organizationId: string
  expiry: string
  /** SHA-256 of the current access token; the token itself is shown once and never kept. */
  tokenHash: string
}

interface Route {
  prefix: string
  nexthop: string
}

export interface NetworkRecord {
  meta: ResourceMeta
  organizationId: string
  projectId: string
  regionId: string
  prefix: string
  dnsNameservers: string[]
  routes: Route[]
}

type Direction = 'ingress' | 'egress'
type Protocol = 'any' | 'icmp' | 'tcp' | 'udp' | 'vrrp'

export interface Rule {
  direction: Direction
  protocol: Protocol
  port?: number
  portMax?: number
  prefix: string
}

export interface SecurityGroupRecord {
  meta: ResourceMeta
  organizationId: string
  projectId: string
  regionId: string
  networkId: string
  rules: Rule[]
}

export interface AttachmentRecord {
  networkId: string
  mountAddress: string
  readyAt: number
}

export interface FileStorageRecord {
  meta: ResourceMeta
  organizationId: string
  projectId: string
  regionId: string
  storageClassId: string
  sizeGiB: number
  rootSquash: boolean
  usedBytes: number
  attachments: AttachmentRecord[]
}

export type PowerState = 'Pending' | 'Running' | 'Stopping' | 'Stopped'

export interface PowerRecord {
  phase: PowerState
  /** A transient phase settles into `settlesTo` at `settlesAt` (epoch ms). */
  settlesAt?: number
  settlesTo?: PowerState
}

export interface InstanceRecord {
  meta: ResourceMeta
  organizationId: string
  projectId: string
  regionId: string
  networkId: string
  flavorId: string
  imageId: string
  securityGroupIds: string[]
  publicIP: boolean
  allowedSourceAddresses?: string[]
  userData?: string
  privateIP: string
  publicAddress?: string
  power: PowerRecord
}

export interface StateData {
  version: 1
  organizations: OrganizationRecord[]
  projects: ProjectRecord[]
  groups: GroupRecord[]
  users: UserRecord[]
  serviceAccounts: ServiceAccountRecord[]
  networks: NetworkRecord[]
  securityGroups: SecurityGroupRecord[]
  fileStorage: FileStorageRecord[]
  instances: InstanceRecord[]
}

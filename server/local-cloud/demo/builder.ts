import { createHash } from 'node:crypto'
import { formatIPv4, parseCidr } from '../platform/ip.ts'
import type { PowerState, ResourceMeta, StateData } from '../platform/store/records.ts'
import { tableNames } from '../platform/store/tables.ts'
import type { GroupRecord } from '../services/identity/groups.ts'
import type { OAuth2ProviderRecord } from '../services/identity/oauth2-providers.ts'
import type { ProjectRecord } from '../services/identity/projects.ts'
import type { ServiceAccountRecord } from '../services/identity/service-accounts.ts'
import type { UserRecord, UserState } from '../services/identity/users.ts'
import type { FileStorageRecord } from '../services/regional/file-storage.ts'
import type { LoadBalancerRecord } from '../services/regional/load-balancers.ts'
import type { NetworkRecord } from '../services/regional/networks.ts'
import type { Rule } from '../services/regional/security-group-rules.ts'
import type { SecurityGroupRecord } from '../services/regional/security-groups.ts'
import type { SshCertificateAuthorityRecord } from '../services/regional/ssh-certificate-authorities.ts'
import type { PlacementRecord } from '../services/reservation/placements.ts'
import type { ReservationRecord } from '../services/reservation/reservations.ts'
import { claimsOf, domainIndex, freeRuns, occupantsOf, topologyHash } from '../services/reservation/capacity.ts'
import { offeringOf } from '../catalog/hardware.ts'
import {
  ENDPOINT_CLASSES,
  type ObjectStorageAccessKeyRecord,
  type ObjectStorageEndpointRecord,
} from '../services/storage/object-storage.ts'
import type { ClusterRecord } from '../services/nks/clusters.ts'
import type { NodePoolRecord, Taint } from '../services/nks/node-pool-status.ts'
import { WORKER_IMAGE } from '../services/nks/pool-placement.ts'
import type { Tag } from '../platform/validate.ts'
// The tables the demo fills are registered by their service files as they load (registerTable): loaded here, so the
// demo's empty state has them however it is reached, a test that builds it alone included.
import '../services/identity/groups.ts'
import '../services/identity/oauth2-providers.ts'
import '../services/identity/projects.ts'
import '../services/identity/service-accounts.ts'
import '../services/identity/users.ts'
import '../services/regional/file-storage.ts'
import '../services/regional/instances.ts'
import '../services/regional/load-balancers.ts'
import '../services/regional/networks.ts'
import '../services/regional/security-groups.ts'
import '../services/regional/ssh-certificate-authorities.ts'
import '../services/nks/clusters.ts'
import '../services/nks/node-pools.ts'
import '../services/reservation/placements.ts'
import '../services/reservation/reservations.ts'
import { REGIONS, flavorByKey, imageByKey, storageClassByKey } from '../catalog/regions.ts'
import { demoId } from '../catalog/ids.ts'
import { roleId, type RoleName } from '../catalog/roles.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const GiB = 2 ** 30

/**
 * Builds one organization's demo data with stable ids (derived from the organization and the resource's name)
 * and times relative to `now`, so the demo always looks recently used.
 */
export class DemoBuilder {
  private readonly nextHost = new Map<string, number>()
  private readonly nextPublic = new Map<string, number>()
  private readonly nextMount = new Map<string, number>()

  constructor(
    readonly data: StateData,
    readonly organizationId: string,
    /** The organization's name: its demo items' ids and addresses are made from it, as they were before its id was a UUID. */
    private readonly organizationName: string,
    private readonly now: number,
    private readonly admin: string,
  ) {}

  at(daysAgo: number, hoursAgo = 0): string {
    return new Date(this.now - daysAgo * DAY - hoursAgo * HOUR).toISOString()
  }

  private id(kind: string, name: string): string {
    return demoId(`${this.organizationName}/${kind}/${name}`)
  }

  private meta(
    kind: string,
    name: string,
    daysAgo: number,
    extra: { description?: string; tags?: Tag[]; createdBy?: string } = {},
  ): ResourceMeta {
    return {
      id: this.id(kind, name),
      name,
      ...(extra.description !== undefined ? { description: extra.description } : {}),
      // A copy: demo records share tag lists in the source, and a record's tags are its own to change.
      ...(extra.tags !== undefined ? { tags: extra.tags.map((tag) => ({ ...tag })) } : {}),
      creationTime: this.at(daysAgo),
      createdBy: extra.createdBy ?? this.admin,
      readyAt: this.now - daysAgo * DAY,
    }
  }

  groupId(name: string): string {
    return this.id('group', name)
  }

  projectId(name: string): string {
    return this.id('project', name)
  }

  networkId(name: string): string {
    return this.id('network', name)
  }

  securityGroupId(name: string): string {
    return this.id('securitygroup', name)
  }

  userId(subject: string): string {
    return this.id('user', subject)
  }

  serviceAccountId(name: string): string {
    return this.id('serviceaccount', name)
  }

  group(name: string, description: string, roles: RoleName | RoleName[], daysAgo: number): GroupRecord {
    const group: GroupRecord = {
      meta: this.meta('group', name, daysAgo, { description }),
      organizationId: this.organizationId,
      roleIDs: (Array.isArray(roles) ? roles : [roles]).map(roleId),
      userIDs: [],
      serviceAccountIDs: [],
    }
    this.data.groups.push(group)
    return group
  }

  project(name: string, description: string, groups: string[], daysAgo: number, tags?: Tag[]): ProjectRecord {
    const project: ProjectRecord = {
      meta: this.meta('project', name, daysAgo, { description, ...(tags ? { tags } : {}) }),
      organizationId: this.organizationId,
      groupIDs: groups.map((g) => this.groupId(g)),
    }
    this.data.projects.push(project)
    return project
  }

  user(
    subject: string,
    name: string,
    state: UserState,
    groups: string[],
    daysAgo: number,
    lastActiveHoursAgo?: number,
    tags?: Tag[],
  ): UserRecord {
    const user: UserRecord = {
      meta: this.meta('user', subject, daysAgo, { description: name, tags }),
      organizationId: this.organizationId,
      subject,
      state,
      ...(lastActiveHoursAgo !== undefined ? { lastActive: this.at(0, lastActiveHoursAgo) } : {}),
    }
    user.meta.name = subject.split('@')[0] ?? subject
    this.data.users.push(user)
    for (const group of groups) this.findGroup(group).userIDs.push(user.meta.id)
    return user
  }

  serviceAccount(
    name: string,
    description: string,
    groups: string[],
    daysAgo: number,
    expiresInDays: number,
    tags?: Tag[],
  ): ServiceAccountRecord {
    const account: ServiceAccountRecord = {
      meta: this.meta('serviceaccount', name, daysAgo, { description, tags }),
      organizationId: this.organizationId,
      expiry: new Date(this.now + expiresInDays * DAY).toISOString(),
      // The demo accounts' tokens were shown once, long ago: no token hashes to this.
      tokenHash: demoId(`${this.organizationName}/serviceaccount/${name}/token`),
    }
    this.data.serviceAccounts.push(account)
    for (const group of groups) this.findGroup(group).serviceAccountIDs.push(account.meta.id)
    return account
  }

  /** One of the organization's own identity providers; its client secret was written once and is kept by no one here. */
  oauth2Provider(
    name: string,
    description: string,
    spec: Pick<OAuth2ProviderRecord, 'type' | 'issuer' | 'clientID'>,
    daysAgo: number,
  ): OAuth2ProviderRecord {
    const provider: OAuth2ProviderRecord = {
      meta: this.meta('oauth2provider', name, daysAgo, { description }),
      organizationId: this.organizationId,
      ...spec,
    }
    this.data.oauth2Providers.push(provider)
    return provider
  }

  private findGroup(name: string): GroupRecord {
    const group = this.data.groups.find((g) => g.meta.id === this.groupId(name))
    if (!group) throw new Error(`demo group ${name} is not defined`)
    return group
  }

  /** An SSH certificate authority of a project: its public key, as its .pub file gives it. */
  sshCertificateAuthority(
    project: string,
    name: string,
    publicKey: string,
    options: { daysAgo: number; description?: string; tags?: Tag[]; createdBy?: string },
  ): SshCertificateAuthorityRecord {
    const ca: SshCertificateAuthorityRecord = {
      meta: this.meta('sshcertificateauthority', name, options.daysAgo, options),
      organizationId: this.organizationId,
      projectId: this.projectId(project),
      publicKey,
    }
    this.data.sshCertificateAuthorities.push(ca)
    return ca
  }

  /** A reservation of `count` contiguous units, the first free run that fits in the organization's scope. */
  reservation(
    project: string,
    name: string,
    offer: { regionId: string; accelerator: string; unit: string },
    count: number,
    options: { daysAgo: number; description?: string; tags?: Tag[]; createdBy?: string },
  ): ReservationRecord {
    const offering = offeringOf(offer.regionId, offer.accelerator, offer.unit)
    if (!offering) throw new Error(`demo reservation ${name}: no such offering`)
    const run = freeRuns(offering, this.organizationId, claimsOf(this.data.reservations)).find((r) => r.length >= count)
    if (!run) throw new Error(`demo reservation ${name}: no ${count} contiguous units`)
    const record: ReservationRecord = {
      meta: this.meta('reservation', name, options.daysAgo, options),
      organizationId: this.organizationId,
      projectId: this.projectId(project),
      regionId: offering.regionId,
      accelerator: offering.accelerator,
      unit: offering.unit,
      count,
      machineFlavorId: offering.machineFlavorId,
      domainIds: run.slice(0, count).map((d) => d.id),
      revision: 1,
      topologyHash: '',
      observedAt: this.at(options.daysAgo),
    }
    record.topologyHash = topologyHash(record, [])
    this.data.reservations.push(record)
    return record
  }

  /**
   * A placement of `perDomain[i]` running servers on the i-th unit of the reservation, from each unit's first free
   * hosts; the reservation's topology hash follows.
   */
  placement(
    reservation: ReservationRecord,
    network: string | NetworkRecord,
    name: string,
    perDomain: number[],
    spec: Pick<PlacementRecord, 'constraints' | 'serverSpec'> &
      Partial<Pick<PlacementRecord, 'readinessPolicy' | 'managedBy'>>,
    options: { daysAgo: number; description?: string; tags?: Tag[]; publicIP?: boolean },
  ): PlacementRecord {
    const net = typeof network === 'string' ? this.findNetwork(network) : network
    const index = domainIndex(offeringOf(reservation.regionId, reservation.accelerator, reservation.unit)?.pods ?? [])
    const meta = this.meta('placement', name, options.daysAgo, options)
    const placement: PlacementRecord = {
      meta,
      organizationId: this.organizationId,
      projectId: reservation.projectId,
      regionId: reservation.regionId,
      reservationId: reservation.meta.id,
      networkId: net.meta.id,
      count: perDomain.reduce((a, b) => a + b, 0),
      ...spec,
    }
    this.data.placements.push(placement)
    const held = occupantsOf(this.data.placementServers)
    let n = 0
    perDomain.forEach((count, i) => {
      const hosts = index.get(reservation.domainIds[i] ?? '')?.domain.hosts.filter((h) => !held.has(h.ref)) ?? []
      for (const host of hosts.slice(0, count)) {
        const serverName = `${name}-${n++}`
        this.data.placementServers.push({
          meta: {
            ...this.meta('placementserver', serverName, options.daysAgo),
            id: `psrv-${this.id('psrv', serverName).replace(/-/g, '').slice(0, 16)}`,
          },
          organizationId: this.organizationId,
          projectId: reservation.projectId,
          regionId: reservation.regionId,
          reservationId: reservation.meta.id,
          placementId: meta.id,
          networkId: net.meta.id,
          hostRef: host.ref,
          power: { phase: 'Running' },
          privateIP: this.hostAddress(net),
          ...(options.publicIP ? { publicIP: this.publicAddress(net.regionId) } : {}),
          macAddress: `fa:16:3e:${this.id('mac', serverName)
            .slice(0, 6)
            .replace(/(..)(?=.)/g, '$1:')}`,
        })
      }
    })
    const occupied = this.data.placementServers
      .filter((s) => s.reservationId === reservation.meta.id)
      .map((s) => s.hostRef)
    reservation.revision += 1
    reservation.topologyHash = topologyHash(reservation, occupied)
    return placement
  }

  /** An S3 endpoint of the region's public or private class, with named identity policies. */
  objectStorageEndpoint(
    project: string,
    name: string,
    regionId: string,
    exposure: 'public' | 'private',
    identityPolicies: ObjectStorageEndpointRecord['identityPolicies'],
    options: { daysAgo: number; description?: string; tags?: Tag[]; createdBy?: string },
  ): ObjectStorageEndpointRecord {
    const endpointClass = ENDPOINT_CLASSES.find(
      (c) => c.regionId === regionId && c.supportedEndpointType.includes('public') === (exposure === 'public'),
    )!
    const endpoint: ObjectStorageEndpointRecord = {
      meta: this.meta('objectstorageendpoint', name, options.daysAgo, options),
      organizationId: this.organizationId,
      projectId: this.projectId(project),
      regionId,
      classId: endpointClass.id,
      identityPolicies,
    }
    this.data.objectStorageEndpoints.push(endpoint)
    return endpoint
  }

  /** One of an endpoint's access keys; its key id is stable, and its secret was handed out once, long ago. */
  objectStorageAccessKey(
    endpoint: ObjectStorageEndpointRecord,
    name: string,
    identityPolicy: string,
    options: { daysAgo: number; createdBy?: string },
  ): void {
    const key: ObjectStorageAccessKeyRecord = {
      meta: this.meta(`objectstorageaccesskey/${endpoint.meta.name}`, name, options.daysAgo, options),
      organizationId: this.organizationId,
      projectId: endpoint.projectId,
      endpointId: endpoint.meta.id,
      identityPolicy,
      accessKeyId: `LCAK${this.id('accesskeyid', `${endpoint.meta.name}/${name}`).replaceAll('-', '').slice(0, 16).toUpperCase()}`,
    }
    this.data.objectStorageAccessKeys.push(key)
  }

  /** A managed Kubernetes cluster on a network, long provisioned. */
  cluster(
    network: string,
    name: string,
    platformReleaseId: string,
    options: {
      daysAgo: number
      apiServer?: ClusterRecord['apiServer']
      hardware?: boolean
      tags?: Tag[]
      description?: string
    },
  ): ClusterRecord {
    const net = this.findNetwork(network)
    const meta = this.meta('cluster', name, options.daysAgo, options)
    const cluster: ClusterRecord = {
      meta,
      organizationId: this.organizationId,
      projectId: net.projectId,
      regionId: net.regionId,
      networkId: net.meta.id,
      generation: 1,
      platformReleaseId,
      ...(options.apiServer && { apiServer: options.apiServer }),
      hardware: options.hardware ?? true,
      firstReadyAt: meta.readyAt,
    }
    this.data.clusters.push(cluster)
    return cluster
  }

  /**
   * A node pool of a cluster, its workers long converged. On a reservation, its workers' hosts are held by the
   * placement it manages, as the local cloud makes one (`services/nks/pool-placement.ts`): named after the pool, on the
   * cluster's network, packed onto the reservation's first free hosts.
   */
  nodePool(
    cluster: ClusterRecord,
    name: string,
    replicas: number,
    capacity: { flavorKey: string } | { reservation: ReservationRecord },
    options: { daysAgo: number; taints?: Taint[]; tags?: Tag[]; description?: string },
  ): NodePoolRecord {
    // Named within its cluster (both demo clusters have a `system` pool): the id says which cluster's it is.
    const meta = {
      ...this.meta('nodepool', name, options.daysAgo, options),
      id: this.id('nodepool', `${cluster.meta.name}/${name}`),
    }
    const placementId =
      'reservation' in capacity && replicas > 0
        ? this.poolPlacement(capacity.reservation, cluster, meta.id, replicas, options.daysAgo).meta.id
        : undefined
    const pool: NodePoolRecord = {
      meta,
      organizationId: this.organizationId,
      projectId: cluster.projectId,
      regionId: cluster.regionId,
      clusterId: cluster.meta.id,
      generation: 1,
      replicas,
      ...('flavorKey' in capacity
        ? { provisioningMode: 'compute' as const, flavorId: flavorByKey(capacity.flavorKey).id }
        : { provisioningMode: 'reservation' as const, reservationId: capacity.reservation.meta.id }),
      ...(placementId && { placementId }),
      ...(options.taints && { taints: options.taints }),
      fromReplicas: 0,
    }
    this.data.nodePools.push(pool)
    return pool
  }

  /** A pool's placement of `replicas` hosts, packed: each unit's free hosts in turn. */
  private poolPlacement(
    reservation: ReservationRecord,
    cluster: ClusterRecord,
    poolId: string,
    replicas: number,
    daysAgo: number,
  ): PlacementRecord {
    const index = domainIndex(offeringOf(reservation.regionId, reservation.accelerator, reservation.unit)?.pods ?? [])
    const held = occupantsOf(this.data.placementServers)
    let left = replicas
    const perDomain = reservation.domainIds.map((domainId) => {
      const free = index.get(domainId)?.domain.hosts.filter((h) => !held.has(h.ref)).length ?? 0
      const taken = Math.min(free, left)
      left -= taken
      return taken
    })
    if (left > 0) throw new Error(`demo node pool ${poolId}: its reservation has too few free hosts`)
    const network = this.data.networks.find((n) => n.meta.id === cluster.networkId)!
    return this.placement(
      reservation,
      network,
      `nodepool-${poolId}`,
      perDomain,
      {
        constraints: { policy: 'pack' },
        serverSpec: { imageId: imageByKey(WORKER_IMAGE).id },
        managedBy: { kind: 'NodePool', id: poolId },
      },
      { daysAgo },
    )
  }

  network(
    project: string,
    name: string,
    regionId: string,
    prefix: string,
    options: {
      daysAgo: number
      dns?: string[]
      routes?: { prefix: string; nexthop: string }[]
      tags?: Tag[]
      description?: string
      createdBy?: string
    },
  ): NetworkRecord {
    const network: NetworkRecord = {
      meta: this.meta('network', name, options.daysAgo, options),
      organizationId: this.organizationId,
      projectId: this.projectId(project),
      regionId,
      prefix,
      dnsNameservers: options.dns ?? ['1.1.1.1', '8.8.8.8'],
      routes: options.routes ?? [],
    }
    this.data.networks.push(network)
    return network
  }

  securityGroup(
    network: string,
    name: string,
    rules: Rule[],
    options: { daysAgo: number; tags?: Tag[]; description?: string },
  ): SecurityGroupRecord {
    const net = this.findNetwork(network)
    const group: SecurityGroupRecord = {
      meta: this.meta('securitygroup', name, options.daysAgo, options),
      organizationId: this.organizationId,
      projectId: net.projectId,
      regionId: net.regionId,
      networkId: net.meta.id,
      rules,
    }
    this.data.securityGroups.push(group)
    return group
  }

  /** `usedShare` is the part of its size in use, 0 to 1. */
  fileStorage(
    project: string,
    name: string,
    regionId: string,
    daysAgo: number,
    sizeGiB: number,
    usedShare: number,
    options: {
      performance?: boolean
      rootSquash?: boolean
      networks?: string[]
      tags?: Tag[]
      description?: string
    } = {},
  ): FileStorageRecord {
    const meta = this.meta('filestorage', name, daysAgo, options)
    const storage: FileStorageRecord = {
      meta,
      organizationId: this.organizationId,
      projectId: this.projectId(project),
      regionId,
      storageClassId: storageClassByKey(regionId, options.performance ? 'performance' : 'standard').id,
      sizeGiB,
      rootSquash: options.rootSquash ?? true,
      // Whole 4 KiB blocks, as a file system reports them.
      usedBytes: Math.floor((sizeGiB * GiB * usedShare) / 4096) * 4096,
      attachments: (options.networks ?? []).map((n) => {
        const net = this.findNetwork(n)
        return { networkId: net.meta.id, mountAddress: this.mountAddress(net), readyAt: meta.readyAt }
      }),
    }
    this.data.fileStorage.push(storage)
    return storage
  }

  /** One instance per name, alike but for the name and the addresses handed out in order: a fleet of replicas. */
  instance(
    network: string,
    names: string | string[],
    daysAgo: number,
    flavorKey: string,
    imageKey: string,
    options: {
      securityGroups?: string[]
      publicIP?: boolean
      power?: PowerState
      failed?: boolean
      tags?: Tag[]
      createdBy?: string
    } = {},
  ): void {
    const net = this.findNetwork(network)
    const flavor = flavorByKey(flavorKey)
    const image = imageByKey(imageKey)
    if (!flavor.regionIds.includes(net.regionId) || !image.regionIds.includes(net.regionId))
      throw new Error(`demo instance ${String(names)}: flavor or image not in ${net.regionId}`)
    for (const name of typeof names === 'string' ? [names] : names) {
      this.data.instances.push({
        meta: { ...this.meta('instance', name, daysAgo, options), ...(options.failed ? { failed: true } : {}) },
        organizationId: this.organizationId,
        projectId: net.projectId,
        regionId: net.regionId,
        networkId: net.meta.id,
        flavorId: flavor.id,
        imageId: image.id,
        securityGroupIds: (options.securityGroups ?? []).map((g) => this.securityGroupId(g)),
        publicIP: options.publicIP ?? false,
        privateIP: this.hostAddress(net),
        ...(options.publicIP ? { publicAddress: this.publicAddress(net.regionId) } : {}),
        // A server that failed to provision is in the provider's terminal error state.
        power: { phase: options.failed ? 'Error' : (options.power ?? 'Running') },
        sshKeySeed: createHash('sha256')
          .update(`demo ssh key/${this.organizationName}/${name}`)
          .digest()
          .toString('hex'),
      })
    }
  }

  /**
   * A load balancer on a network, after the instances it balances: its VIP is the network's next host address, and
   * each listener's members are named by instance and port.
   */
  loadBalancer(
    network: string,
    name: string,
    listeners: DemoListener[],
    options: { daysAgo: number; publicIP?: boolean; tags?: Tag[]; description?: string; createdBy?: string },
  ): LoadBalancerRecord {
    const net = this.findNetwork(network)
    const meta = this.meta('loadbalancer', name, options.daysAgo, options)
    const balancer: LoadBalancerRecord = {
      meta,
      organizationId: this.organizationId,
      projectId: net.projectId,
      regionId: net.regionId,
      networkId: net.meta.id,
      vipAddress: this.hostAddress(net),
      publicIP: options.publicIP ?? false,
      ...(options.publicIP ? { publicAddress: this.publicAddress(net.regionId), publicAddressAt: meta.readyAt } : {}),
      listeners: listeners.map(({ pool, ...listener }) => ({
        ...listener,
        pool: {
          ...pool,
          members: pool.members.map(({ instance, port }) => ({ address: this.instanceAddress(instance), port })),
        },
      })),
    }
    this.data.loadBalancers.push(balancer)
    return balancer
  }

  private instanceAddress(name: string): string {
    const instance = this.data.instances.find((i) => i.meta.id === this.id('instance', name))
    if (!instance) throw new Error(`demo instance ${name} is not defined`)
    return instance.privateIP
  }

  private findNetwork(name: string): NetworkRecord {
    const network = this.data.networks.find((n) => n.meta.id === this.networkId(name))
    if (!network) throw new Error(`demo network ${name} is not defined`)
    return network
  }

  private hostAddress(network: NetworkRecord): string {
    const n = this.nextHost.get(network.meta.id) ?? 10
    this.nextHost.set(network.meta.id, n + 1)
    return formatIPv4((parseCidr(network.prefix)?.base ?? 0) + n)
  }

  private mountAddress(network: NetworkRecord): string {
    const prefix = parseCidr(network.prefix)
    const n = this.nextMount.get(network.meta.id) ?? 5
    this.nextMount.set(network.meta.id, n + 1)
    return formatIPv4((prefix?.base ?? 0) + (prefix?.size ?? 256) - 128 + n)
  }

  private publicAddress(regionId: string): string {
    const region = REGIONS.find((r) => r.id === regionId)
    const n = this.nextPublic.get(regionId) ?? 20 + this.organizationName.length
    this.nextPublic.set(regionId, n + 1)
    return formatIPv4((parseCidr(region?.publicPool ?? '203.0.113.0/24')?.base ?? 0) + n)
  }
}

type Listener = LoadBalancerRecord['listeners'][number]
/** A demo listener: its pool's members named by instance. */
type DemoListener = Omit<Listener, 'pool'> & {
  pool: Omit<Listener['pool'], 'members'> & { members: { instance: string; port: number }[] }
}

export const rule = (
  direction: Rule['direction'],
  protocol: Rule['protocol'],
  prefix = '0.0.0.0/0',
  port?: number,
  portMax?: number,
): Rule => ({
  direction,
  protocol,
  prefix,
  ...(port !== undefined ? { port } : {}),
  ...(portMax !== undefined ? { portMax } : {}),
})

/** No organization, and an empty list for every table its service registered (`registerTable`). */
export function emptyState(): StateData {
  const lists = Object.fromEntries([...tableNames()].map((name) => [name, []]))
  // The lists are the registry's, which StateData names from the same service files.
  return { version: 1, organizations: [], ...lists } as unknown as StateData
}

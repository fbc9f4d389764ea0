// How the console finds what uses an item, for the delete dialog's "In use by": for each kind a row's `usedBy`
// names, its list in the item's project and the ids its items name through each declared field; for the organization
// (a use at its level), its own settings. Typecheck asks for an entry, with every field, for each kind the rows say
// uses something.

import { paths } from '../lib/paths'
import type { ThroughOf, UsingKind } from '../lib/resources'
import { clusterApi, nodePoolApi } from './clusters'
import type { Endpoint } from './endpoint'
import { fileStorageApi } from './fileStorage'
import { organizationApi } from './identity'
import { instanceApi } from './instances'
import { loadBalancerApi } from './loadBalancers'
import { networkApi } from './networks'
import { objectStorageEndpointApi } from './objectStorage'
import { securityGroupApi } from './securityGroups'
import { placementApi, reservationApi } from './reservations'
import { sshCertificateAuthorityApi } from './sshCertificateAuthorities'

/** A project's items of one kind, and what each names through the fields `F`. */
export interface UsingList<T, F extends string> {
  list: Endpoint<{ projectID?: readonly string[] }, undefined, T[]>
  names: Readonly<Record<F, (item: T) => readonly string[]>>
  /** Where one is seen, for a kind with no page of its own (a node pool: its cluster's page). */
  pageOf?: (item: T) => string
}

const using = <T extends { metadata: { projectId: string } }, F extends string>(
  list: UsingList<T, F>['list'],
  names: Readonly<Record<Exclude<F, 'projectId'>, (item: T) => readonly string[]>>,
  pageOf?: (item: T) => string,
): UsingList<T, F | 'projectId'> =>
  ({
    list,
    names: { ...names, projectId: (item: T) => [item.metadata.projectId] },
    ...(pageOf && { pageOf }),
  }) as UsingList<T, F | 'projectId'>

/** The organization's own settings, and what they name through the fields `F`: the organization as a user. */
interface OrganizationUser<F extends string> {
  read: typeof organizationApi.detail
  names: Readonly<Record<F, (organization: Organization) => readonly string[]>>
}
type Organization = Awaited<ReturnType<typeof organizationApi.detail.call>>

// It signs in through its own provider only when its scope says so: a built-in provider's id names none of them.
const organizationSettings: OrganizationUser<'providerID'> = {
  read: organizationApi.detail,
  names: {
    providerID: ({ spec }) => (spec?.providerScope === 'organization' && spec.providerID ? [spec.providerID] : []),
  },
}

export const usingLists = {
  organizations: organizationSettings,
  networks: using(networkApi.list, {}),
  securityGroups: using(securityGroupApi.list, { networkId: (group) => [group.status.networkId] }),
  fileStorage: using(fileStorageApi.list, { networkId: (storage) => storage.spec.attachments?.networkIds ?? [] }),
  sshCertificateAuthorities: using(sshCertificateAuthorityApi.list, {}),
  reservations: using(reservationApi.list, {}),
  placements: using(placementApi.list, {}),
  loadBalancers: using(loadBalancerApi.list, { networkId: (balancer) => [balancer.status.networkId] }),
  objectStorageEndpoints: using(objectStorageEndpointApi.list, {}),
  clusters: using(clusterApi.list, { networkId: (cluster) => [cluster.spec.networkId] }),
  // A pool has no page of its own: it is seen on its cluster's.
  nodePools: using(
    nodePoolApi.list,
    { placementId: (pool) => (pool.status.reservation?.placementId ? [pool.status.reservation.placementId] : []) },
    (pool) => paths.clusters.item(pool.spec.clusterId),
  ),
  instances: using(instanceApi.list, {
    networkId: (instance) => [instance.status.networkId],
    securityGroupId: (instance) => instance.spec.networking?.securityGroups ?? [],
  }),
} satisfies { [K in UsingKind]: { names: Readonly<Record<ThroughOf<K>, unknown>> } }

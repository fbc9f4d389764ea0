// Managed Kubernetes (nks-core main 2026-08-03, {nks_url}): clusters, their node pools, and the platform release
// catalog. A cluster's status carries its API server's CA and endpoints, credential-free: the console builds the
// kubeconfig from them (features/clusters/kubeconfig.ts).

import { z } from 'zod/mini'
import { listEndpoint } from './endpoint'
import { projectTable } from './resource-table'
import type { RegionalListFilters } from './request'
import { lazySchema, listField, optionalListField, projectScopedMetadataSchema, writeMetadata } from './schemas/common'

/** Both NKS resources' metadata: the project's, with the generation and the status details' reason and message. */
const detail = z.optional(z.looseObject({ reason: z.string(), message: z.string() }))
const nksMetadataSchema = z.extend(projectScopedMetadataSchema, {
  generation: z.optional(z.number()),
  provisioningStatusDetail: detail,
  healthStatusDetail: detail,
})

const endpointSchema = z.looseObject({ address: z.string(), port: z.number() })
const addonProfileSchema = z.looseObject({
  status: z.string(),
  message: z.optional(z.string()),
  components: optionalListField(
    z.looseObject({ name: z.string(), version: z.string(), status: z.string(), message: z.optional(z.string()) }),
  ),
})

const clusterSchema = lazySchema(() =>
  z.looseObject({
    metadata: nksMetadataSchema,
    spec: z.looseObject({
      networkId: z.string(),
      platformReleaseId: z.string(),
      clusterNetwork: z.optional(
        z.looseObject({ podCidr: z.optional(z.string()), serviceCidr: z.optional(z.string()) }),
      ),
      apiServer: z.optional(
        z.looseObject({ publicIP: z.optional(z.boolean()), allowedCidrs: optionalListField(z.string()) }),
      ),
      addons: z.optional(z.looseObject({ hardware: z.optional(z.boolean()) })),
    }),
    status: z.looseObject({
      regionId: z.string(),
      observedGeneration: z.optional(z.number()),
      kubernetesVersion: z.optional(
        z.looseObject({ target: z.optional(z.string()), observed: z.optional(z.string()) }),
      ),
      apiServer: z.optional(
        z.looseObject({
          certificateAuthorityData: z.string(),
          endpoints: z.looseObject({ private: endpointSchema, public: z.optional(endpointSchema) }),
        }),
      ),
      controlPlane: z.optional(
        z.looseObject({ readyReplicas: z.optional(z.number()), desiredReplicas: z.optional(z.number()) }),
      ),
      nodePools: z.optional(
        z.looseObject({
          count: z.optional(z.number()),
          totalDesiredReplicas: z.optional(z.number()),
          totalCurrentReplicas: z.optional(z.number()),
          totalReadyReplicas: z.optional(z.number()),
        }),
      ),
      addons: z.optional(z.looseObject({ core: addonProfileSchema, hardware: z.optional(addonProfileSchema) })),
      release: z.optional(
        z.looseObject({
          appliedId: z.string(),
          deprecated: z.optional(z.boolean()),
          withdrawn: z.optional(z.boolean()),
          withdrawalMessage: z.optional(z.string()),
          upgradeAvailable: z.optional(z.boolean()),
          eligibleTargets: optionalListField(z.string()),
        }),
      ),
    }),
  }),
)
export type Cluster = z.infer<typeof clusterSchema>

const clusterCreateSchema = lazySchema(() =>
  z.object({
    metadata: writeMetadata(),
    spec: z.object({
      networkId: z.string(),
      platformReleaseId: z.string(),
      clusterNetwork: z.optional(z.object({ podCidr: z.optional(z.string()), serviceCidr: z.optional(z.string()) })),
      apiServer: z.optional(
        z.object({ publicIP: z.optional(z.boolean()), allowedCidrs: z.optional(z.array(z.string())) }),
      ),
      addons: z.optional(z.object({ hardware: z.optional(z.boolean()) })),
    }),
  }),
)
export type ClusterCreate = z.input<typeof clusterCreateSchema>

// Listed by organization, project, region, network and tag, as the document's list takes them.
// An update (PUT, 200) replaces the spec whole, in the create's shape: the network stays, the release may move on.
export const clusterApi = projectTable<'clusters', Cluster, ClusterCreate, ClusterCreate>('clusters', {
  read: clusterSchema,
  create: clusterCreateSchema,
  update: clusterCreateSchema,
})

const taintSchema = () =>
  z.object({
    key: z.string(),
    value: z.optional(z.string()),
    effect: z.enum(['NoSchedule', 'PreferNoSchedule', 'NoExecute']),
    propagation: z.enum(['Always', 'OnInitialization']),
  })
export type Taint = z.infer<ReturnType<typeof taintSchema>>

const nodePoolSchema = lazySchema(() =>
  z.looseObject({
    metadata: nksMetadataSchema,
    spec: z.looseObject({
      clusterId: z.string(),
      provisioningMode: z.string(),
      replicas: z.number(),
      compute: z.optional(z.looseObject({ flavorId: z.optional(z.string()) })),
      reservation: z.optional(z.looseObject({ reservationId: z.optional(z.string()) })),
      taints: optionalListField(taintSchema()),
    }),
    status: z.looseObject({
      regionId: z.string(),
      observedGeneration: z.optional(z.number()),
      kubernetesVersion: z.optional(z.string()),
      desiredReplicas: z.optional(z.number()),
      currentReplicas: z.optional(z.number()),
      readyReplicas: z.optional(z.number()),
      upToDateReplicas: z.optional(z.number()),
      reservation: z.optional(
        z.looseObject({ reservationId: z.optional(z.string()), placementId: z.optional(z.string()) }),
      ),
    }),
  }),
)
export type NodePool = z.infer<typeof nodePoolSchema>

const nodePoolWriteSchema = lazySchema(() =>
  z.object({
    metadata: writeMetadata(),
    spec: z.object({
      clusterId: z.string(),
      provisioningMode: z.enum(['compute', 'reservation']),
      replicas: z.number(),
      compute: z.optional(z.object({ flavorId: z.string() })),
      reservation: z.optional(z.object({ reservationId: z.string() })),
      taints: z.optional(z.array(taintSchema())),
    }),
  }),
)
export type NodePoolWrite = z.input<typeof nodePoolWriteSchema>

export const nodePoolApi = {
  ...projectTable<'nodePools', NodePool, NodePoolWrite, NodePoolWrite, Omit<RegionalListFilters, 'networkID'>>(
    'nodePools',
    { read: nodePoolSchema, create: nodePoolWriteSchema, update: nodePoolWriteSchema },
  ),
  // One cluster's pools, as its page lists them (the document's clusterID filter).
  ofCluster: listEndpoint({
    resource: 'nodePools',
    service: 'nks',
    path: () => '/api/v1/nodepools',
    query: ({ clusterID }: { clusterID: string }) => ({ clusterID: [clusterID] }),
    item: nodePoolSchema,
  }),
}

const platformReleaseSchema = lazySchema(() =>
  z.looseObject({
    metadata: z.looseObject({ id: z.string(), name: z.string(), creationTime: z.optional(z.string()) }),
    status: z.looseObject({
      kubernetesVersion: z.string(),
      availableRegionIds: listField(z.string()),
      supportedArchitectures: listField(z.string()),
      prerelease: z.boolean(),
      deprecated: z.boolean(),
      withdrawn: z.boolean(),
      withdrawalReason: z.optional(z.string()),
      withdrawalMessage: z.optional(z.string()),
    }),
  }),
)
export type PlatformRelease = z.infer<typeof platformReleaseSchema>

// The whole catalog, unfiltered: the cluster form says why a release is not offered in a region, so it needs them all.
export const platformReleaseApi = {
  list: listEndpoint({
    resource: 'platformReleases',
    service: 'nks',
    path: () => '/api/v1/platformreleases',
    item: platformReleaseSchema,
  }),
}

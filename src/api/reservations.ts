// The reservation service (reservation v0.0.14): bare-metal GPU reservation units, a project's reservations of
// contiguous units, the placements that pin servers to their hosts, and the organization's topology. Reservations and
// placements are tables of their rows; the catalog, the topology, the release of units and the servers' power are
// declared here beside them.

import { z } from 'zod/mini'
import { endpoint, listEndpoint } from './endpoint'
import { seg } from './request'
import { projectTable } from './resource-table'
import { lazySchema, projectScopedMetadataSchema, writeMetadata } from './schemas/common'

const reservation = { resource: 'reservations', service: 'reservation' } as const
const placement = { resource: 'placements', service: 'reservation' } as const

const hostSchema = z.looseObject({
  cpus: z.number(),
  memory: z.number(),
  disk: z.number(),
  gpu: z.looseObject({
    vendor: z.string(),
    model: z.string(),
    physicalCount: z.number(),
    logicalCount: z.number(),
    memory: z.number(),
  }),
})

const reservationUnitSchema = lazySchema(() =>
  z.looseObject({
    regionId: z.string(),
    accelerator: z.string(),
    unit: z.string(),
    machineFlavorId: z.string(),
    hostsPerUnit: z.number(),
    cpusPerUnit: z.number(),
    gpusPerUnit: z.number(),
    gpuMemoryPerUnit: z.number(),
    memoryPerUnit: z.number(),
    host: hostSchema,
    availableUnitCount: z.number(),
    largestContiguousUnitCount: z.number(),
    totalCount: z.number(),
  }),
)
export type ReservationUnit = z.infer<typeof reservationUnitSchema>

const reservationSchema = lazySchema(() =>
  z.looseObject({
    metadata: projectScopedMetadataSchema,
    spec: z.looseObject({ regionId: z.string(), accelerator: z.string(), unit: z.string(), count: z.number() }),
    status: z.looseObject({
      machineFlavorId: z.string(),
      claimedUnitCount: z.number(),
      topologyHash: z.optional(z.string()),
      topologyObservedAt: z.optional(z.string()),
    }),
  }),
)
export type Reservation = z.infer<typeof reservationSchema>

const reservationCreateSchema = lazySchema(() =>
  z.object({
    metadata: writeMetadata(),
    spec: z.object({
      organizationId: z.string(),
      projectId: z.string(),
      regionId: z.string(),
      accelerator: z.string(),
      unit: z.string(),
      count: z.number(),
    }),
  }),
)
export type ReservationCreate = z.input<typeof reservationCreateSchema>

const constraintsSchema = z.looseObject({
  policy: z.enum(['pack', 'spread']),
  maxSkew: z.optional(z.number()),
  minDomains: z.optional(z.number()),
  whenUnsatisfiable: z.optional(z.enum(['fail', 'bestEffort'])),
})

const serverSpecSchema = z.looseObject({
  imageId: z.string(),
  networking: z.optional(
    z.looseObject({
      allowedSourceAddresses: z.optional(z.array(z.string())),
      publicIP: z.optional(z.boolean()),
      securityGroups: z.optional(z.array(z.string())),
    }),
  ),
  sshCertificateAuthorityId: z.optional(z.string()),
  userData: z.optional(z.string()),
})

const placementSchema = lazySchema(() =>
  z.looseObject({
    metadata: projectScopedMetadataSchema,
    spec: z.looseObject({
      count: z.number(),
      constraints: constraintsSchema,
      readinessPolicy: z.optional(z.looseObject({ mode: z.enum(['Require', 'Prefer', 'Ignore']) })),
      serverSpec: serverSpecSchema,
    }),
    status: z.looseObject({
      regionId: z.string(),
      reservationId: z.string(),
      networkId: z.string(),
      readyHostCount: z.optional(z.number()),
    }),
  }),
)
export type Placement = z.infer<typeof placementSchema>

const placementCreateSchema = lazySchema(() =>
  z.object({
    metadata: writeMetadata(),
    spec: z.object({
      organizationId: z.string(),
      projectId: z.string(),
      reservationId: z.string(),
      networkId: z.string(),
      count: z.number(),
      constraints: z.object({
        policy: z.enum(['pack', 'spread']),
        maxSkew: z.optional(z.number()),
        minDomains: z.optional(z.number()),
        whenUnsatisfiable: z.optional(z.enum(['fail', 'bestEffort'])),
      }),
      readinessPolicy: z.optional(z.object({ mode: z.enum(['Require', 'Prefer', 'Ignore']) })),
      serverSpec: z.object({
        imageId: z.string(),
        networking: z.optional(
          z.object({
            allowedSourceAddresses: z.optional(z.array(z.string())),
            publicIP: z.optional(z.boolean()),
            securityGroups: z.optional(z.array(z.string())),
          }),
        ),
        sshCertificateAuthorityId: z.optional(z.string()),
        userData: z.optional(z.string()),
      }),
    }),
  }),
)
export type PlacementCreate = z.input<typeof placementCreateSchema>

const placementServerSchema = lazySchema(() =>
  z.looseObject({
    metadata: projectScopedMetadataSchema,
    status: z.looseObject({
      regionId: z.string(),
      reservationId: z.string(),
      placementId: z.string(),
      networkId: z.string(),
      infrastructureRef: z.string(),
      powerState: z.optional(z.string()),
      privateIP: z.optional(z.string()),
      publicIP: z.optional(z.string()),
      macAddress: z.optional(z.string()),
    }),
  }),
)
export type PlacementServer = z.infer<typeof placementServerSchema>

const topologyHostSchema = z.looseObject({
  infrastructureRef: z.string(),
  reserved: z.boolean(),
  reservationRef: z.optional(z.string()),
  reservationUnitRef: z.optional(z.string()),
  placementRef: z.optional(z.string()),
  server: z.optional(placementServerSchema),
})
export type TopologyHost = z.infer<typeof topologyHostSchema>

const reservationOverlaySchema = z.looseObject({
  metadata: projectScopedMetadataSchema,
  spec: z.looseObject({ regionId: z.string(), accelerator: z.string(), unit: z.string(), count: z.number() }),
  status: z.looseObject({ claimedUnitCount: z.number() }),
  topologyEntityTag: z.optional(z.string()),
  units: z.optional(
    z.record(z.string(), z.looseObject({ infrastructureRefs: z.array(z.string()), occupied: z.boolean() })),
  ),
})
export type ReservationOverlay = z.infer<typeof reservationOverlaySchema>

const topologySchema = lazySchema(() =>
  z.array(
    z.looseObject({
      regionId: z.string(),
      projections: z.array(
        z.looseObject({
          reservationUnit: z.looseObject({ accelerator: z.string(), unit: z.string(), hostsPerUnit: z.number() }),
          topology: z.array(
            z.looseObject({
              id: z.string(),
              name: z.optional(z.string()),
              domains: z.array(
                z.looseObject({ id: z.string(), name: z.optional(z.string()), hosts: z.array(topologyHostSchema) }),
              ),
            }),
          ),
          overlays: z.looseObject({
            reservations: z.record(z.string(), reservationOverlaySchema),
            placements: z.record(z.string(), placementSchema),
          }),
        }),
      ),
    }),
  ),
)
export type Topology = z.infer<typeof topologySchema>
export type TopologyProjection = Topology[number]['projections'][number]

const releaseResultSchema = lazySchema(() =>
  z.looseObject({
    reservation: reservationSchema,
    releasedUnits: z.array(z.looseObject({ id: z.string(), infrastructureRefs: z.array(z.string()) })),
  }),
)

const releaseSchema = z.object({ spec: z.object({ unitIds: z.array(z.string()) }) })

/** A 422's body: each unit that could not go, and the placements (with their servers) still on it. */
export const releaseBlockersSchema = z.object({
  blockers: z.array(
    z.looseObject({
      unitId: z.string(),
      consumers: z.array(
        z.looseObject({
          type: z.string(),
          placementId: z.string(),
          serverIds: z.array(z.string()),
          // The controller that owns the placement (a node pool in reservation mode): that is what must give the hosts up.
          managedBy: z.optional(z.looseObject({ kind: z.string(), id: z.string() })),
        }),
      ),
    }),
  ),
})

interface UnitFilters {
  regionID?: readonly string[]
  accelerator?: readonly string[]
  unit?: readonly string[]
}

const reservationItem = ({ reservationID }: { reservationID: string }) => `/api/v2/reservations/${seg(reservationID)}`
const serverItem = ({ placementID, serverID }: { placementID: string; serverID: string }) =>
  `/api/v2/placements/${seg(placementID)}/servers/${seg(serverID)}`

export const reservationApi = {
  ...projectTable('reservations', { read: reservationSchema, create: reservationCreateSchema }),
  // The organization's catalog: counted inside its allocation scope in each of its regions.
  units: listEndpoint({
    ...reservation,
    path: ({ organizationID }: UnitFilters & { organizationID: string }) =>
      `/api/v2/organizations/${seg(organizationID)}/reservation-units`,
    query: ({ regionID, accelerator, unit }) => ({ regionID, accelerator, unit }),
    item: reservationUnitSchema,
  }),
  topology: endpoint({
    ...reservation,
    op: 'topology',
    method: 'GET',
    path: ({ organizationID }: { organizationID: string; regionID?: string; accelerator?: string }) =>
      `/api/v2/organizations/${seg(organizationID)}/topology`,
    query: ({ regionID, accelerator }) => ({ regionID, accelerator }),
    read: topologySchema,
  }),
  // All or none, guarded by the topology's entity tag: 412 when it changed since it was read, 428 without one, 422
  // with the blockers when a unit still runs a placement's servers.
  release: endpoint({
    ...reservation,
    op: 'release',
    method: 'POST',
    path: (vars: { reservationID: string; entityTag: string }) => `${reservationItem(vars)}/units/release`,
    headers: ({ entityTag }) => ({ 'If-Match': entityTag }),
    write: releaseSchema,
    read: releaseResultSchema,
    effects: { invalidates: [['reservations'], ['placements']] },
  }),
}

export const placementApi = {
  ...projectTable('placements', { read: placementSchema, create: placementCreateSchema }),
  servers: listEndpoint({
    ...placement,
    path: ({ placementID }: { placementID: string }) => `/api/v2/placements/${seg(placementID)}/servers`,
    item: placementServerSchema,
  }),
  // One server: the document's polling target for its power actions.
  server: endpoint({ ...placement, op: 'server', method: 'GET', path: serverItem, read: placementServerSchema }),
  // A soft reboot by default, `hard` power-cycles (and starts a stopped server); stop. 202 without a body.
  power: endpoint({
    ...placement,
    op: 'power',
    method: 'POST',
    path: (vars: { placementID: string; serverID: string; action: 'reboot' | 'stop'; hard?: boolean }) =>
      `${serverItem(vars)}/${vars.action}`,
    query: ({ action, hard }) => (action === 'reboot' && hard ? { hard: 'true' } : {}),
    effects: { invalidates: [['placements'], ['reservations']] },
  }),
}

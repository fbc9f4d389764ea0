// Regional API ({base_url}): networks, security groups, file storage, storage classes, instances, flavors, regions,
// images. Read schemas normalise the places where the platform and the spec spell a field differently; write
// schemas are the spec's shapes (the endpoint modules add the platform's spelling where it must be sent too).

import { z } from 'zod/mini'
import {
  lazySchema,
  listField,
  optionalListField,
  projectScopedMetadataSchema,
  readMetadataSchema,
  staticMetadataSchema,
  transformed,
  writeMetadata,
} from './common'

// ---- Networks -------------------------------------------------------------------------------------------------

const routeRead = () => z.looseObject({ prefix: z.string(), nexthop: z.string() })
const routeWrite = () => z.object({ prefix: z.string(), nexthop: z.string() })

export const networkSchema = lazySchema(() =>
  z.looseObject({
    metadata: projectScopedMetadataSchema,
    spec: z.looseObject({
      dnsNameservers: listField(z.string()),
      // Not echoed by every server; undefined means "not reported", not "no routes".
      routes: optionalListField(routeRead()),
    }),
    status: z.looseObject({
      regionId: z.string(),
      prefix: z.string(),
      // region v1.20.0: what is carved from the start of the network for the platform's use.
      reservations: z.optional(
        z.looseObject({ prefixLength: z.number(), providerReservedPrefixLength: z.optional(z.number()) }),
      ),
    }),
  }),
)
export type Network = z.infer<typeof networkSchema>

/** Where a regional create puts the new resource: the organization, project and region its spec names. */
const regionalPlacement = () => ({ organizationId: z.string(), projectId: z.string(), regionId: z.string() })

export const networkCreateSchema = lazySchema(() =>
  z.object({
    metadata: writeMetadata(),
    spec: z.object({
      ...regionalPlacement(),
      prefix: z.string(),
      dnsNameservers: z.array(z.string()),
      routes: z.optional(z.array(routeWrite())),
      // Fixed at create; left out, the platform applies its default.
      reservations: z.optional(
        z.object({ prefixLength: z.number(), providerReservedPrefixLength: z.optional(z.number()) }),
      ),
    }),
  }),
)
export type NetworkCreate = z.input<typeof networkCreateSchema>

export const networkUpdateSchema = lazySchema(() =>
  z.object({
    metadata: writeMetadata(),
    spec: z.object({ dnsNameservers: z.array(z.string()), routes: z.optional(z.array(routeWrite())) }),
  }),
)
export type NetworkUpdate = z.input<typeof networkUpdateSchema>

// ---- Security groups ------------------------------------------------------------------------------------------

export const RULE_DIRECTIONS = ['ingress', 'egress'] as const
export const RULE_PROTOCOLS = ['any', 'icmp', 'tcp', 'udp', 'vrrp'] as const

/**
 * A rule as read. The spec says `cidr`, the platform `prefix`; both are read into `cidr`. When both are present
 * `prefix` wins, because it is the one a platform server acts on.
 */
const securityGroupRuleRead = () =>
  transformed(
    z.looseObject({
      direction: z.string(),
      protocol: z.string(),
      port: z.optional(z.int()),
      portMax: z.optional(z.int()),
      cidr: z.optional(z.string()),
      prefix: z.optional(z.string()),
    }),
    ({ prefix, cidr, ...rest }) => ({ ...rest, cidr: prefix ?? cidr }),
  )
export type SecurityGroupRule = z.infer<ReturnType<typeof securityGroupRuleRead>>

/** A rule as callers write it: the spec's fields plus the platform's `portMax` for a range. */
const securityGroupRuleWrite = () =>
  z.object({
    direction: z.enum(RULE_DIRECTIONS),
    protocol: z.enum(RULE_PROTOCOLS),
    port: z.optional(z.int()),
    portMax: z.optional(z.int()),
    cidr: z.optional(z.string()),
  })
export type SecurityGroupRuleWrite = z.input<ReturnType<typeof securityGroupRuleWrite>>

export const securityGroupSchema = lazySchema(() =>
  z.looseObject({
    metadata: projectScopedMetadataSchema,
    spec: z.looseObject({ rules: listField(securityGroupRuleRead()) }),
    status: z.looseObject({ regionId: z.string(), networkId: z.string() }),
  }),
)
export type SecurityGroup = z.infer<typeof securityGroupSchema>

export const securityGroupCreateSchema = lazySchema(() =>
  z.object({
    metadata: writeMetadata(),
    spec: z.object({ networkId: z.string(), rules: z.array(securityGroupRuleWrite()) }),
  }),
)
export type SecurityGroupCreate = z.input<typeof securityGroupCreateSchema>

export const securityGroupUpdateSchema = lazySchema(() =>
  z.object({ metadata: writeMetadata(), spec: z.object({ rules: z.array(securityGroupRuleWrite()) }) }),
)
export type SecurityGroupUpdate = z.input<typeof securityGroupUpdateSchema>

// ---- File storage ---------------------------------------------------------------------------------------------

/**
 * Storage type as read, normalised to the spec's `{nfs: {rootsquash}}` from either the spec's spelling or the
 * platform's `{NFS: {rootSquash}}`. Other (future) storage types pass through untouched.
 */
const storageTypeRead = () =>
  transformed(
    z.looseObject({
      nfs: z.optional(z.looseObject({ rootsquash: z.optional(z.boolean()) })),
      NFS: z.optional(z.looseObject({ rootSquash: z.optional(z.boolean()) })),
    }),
    ({ nfs, NFS, ...rest }) => {
      if (!nfs && !NFS) return rest
      return { ...rest, nfs: { rootsquash: NFS?.rootSquash ?? nfs?.rootsquash ?? false } }
    },
  )

const fileStorageAttachmentStatusRead = () =>
  z.looseObject({
    networkId: z.string(),
    mountSource: z.optional(z.string()),
    // region v1.20.0: the NFS options to mount with, as the storage's servers want them.
    mountOptions: z.optional(z.record(z.string(), z.string())),
    provisioningStatus: z._default(z.string(), 'unknown'),
  })
export type FileStorageAttachmentStatus = z.infer<ReturnType<typeof fileStorageAttachmentStatusRead>>

/** A snapshot policy (region v1.20.0): a named schedule, in UTC, and how many snapshots it keeps. */
const snapshotPolicyRead = () =>
  z.looseObject({
    name: z.string(),
    schedule: z.looseObject({
      interval: z.string(),
      timeOfDay: z.optional(z.string()),
      dayOfWeek: z.optional(z.string()),
      dayOfMonth: z.optional(z.number()),
    }),
    retention: z.looseObject({ keep: z.number() }),
  })
export type SnapshotPolicy = z.infer<ReturnType<typeof snapshotPolicyRead>>

export const fileStorageSchema = lazySchema(() =>
  z.looseObject({
    metadata: projectScopedMetadataSchema,
    spec: z.looseObject({
      sizeGiB: z.int(),
      storageType: storageTypeRead(),
      attachments: z.optional(z.looseObject({ networkIds: listField(z.string()) })),
      // region v1.20.0: absent from a platform before it, which had neither.
      defaultSnapshotProtectionEnabled: z.optional(z.boolean()),
      snapshotPolicies: optionalListField(snapshotPolicyRead()),
    }),
    status: z.looseObject({
      regionId: z.string(),
      storageClassId: z.string(),
      usage: z.optional(z.looseObject({ capacityBytes: z.number(), usedBytes: z.optional(z.number()) })),
      attachments: optionalListField(fileStorageAttachmentStatusRead()),
      snapshotPolicies: optionalListField(
        z.looseObject({
          name: z.string(),
          provisioningStatus: z._default(z.string(), 'unknown'),
          message: z.optional(z.string()),
        }),
      ),
    }),
  }),
)
export type FileStorage = z.infer<typeof fileStorageSchema>

// What a file storage's owner may change, on create and on every update.
const fileStorageWritableSpec = () => ({
  sizeGiB: z.int(),
  storageType: z.object({ nfs: z.object({ rootsquash: z.boolean() }) }),
  // On create too, though the spec's create table leaves them out: the platform accepts them there.
  attachments: z.optional(z.object({ networkIds: z.array(z.string()) })),
  // region v1.20.0: left out, a create turns protection on and an update keeps it; the policies likewise.
  defaultSnapshotProtectionEnabled: z.optional(z.boolean()),
  snapshotPolicies: z.optional(
    z.array(
      z.object({
        name: z.string(),
        schedule: z.object({
          interval: z.string(),
          timeOfDay: z.optional(z.string()),
          dayOfWeek: z.optional(z.string()),
          dayOfMonth: z.optional(z.number()),
        }),
        retention: z.object({ keep: z.number() }),
      }),
    ),
  ),
})

export const fileStorageCreateSchema = lazySchema(() =>
  z.object({
    metadata: writeMetadata(),
    spec: z.object({
      ...regionalPlacement(),
      storageClassId: z.string(),
      ...fileStorageWritableSpec(),
    }),
  }),
)
export type FileStorageCreate = z.input<typeof fileStorageCreateSchema>

export const fileStorageUpdateSchema = lazySchema(() =>
  z.object({ metadata: writeMetadata(), spec: z.object(fileStorageWritableSpec()) }),
)
export type FileStorageUpdate = z.input<typeof fileStorageUpdateSchema>

// ---- Storage classes (platform extension) ---------------------------------------------------------------------

export const storageClassSchema = lazySchema(() =>
  z.looseObject({
    metadata: readMetadataSchema,
    spec: z.optional(
      z.looseObject({
        regionId: z.optional(z.string()),
        protocols: listField(z.string()),
        /** The addresses of a network's storage range an attachment aims to use (required since region v1.20.0). */
        parallelism: z.optional(z.number()),
      }),
    ),
  }),
)

// ---- Instances ------------------------------------------------------------------------------------------------

export const instanceSchema = lazySchema(() =>
  z.looseObject({
    metadata: projectScopedMetadataSchema,
    spec: z.looseObject({
      flavorId: z.string(),
      imageId: z.string(),
      networking: z.optional(
        z.looseObject({
          publicIP: z.optional(z.boolean()),
          securityGroups: optionalListField(z.string()),
          allowedSourceAddresses: optionalListField(z.string()),
        }),
      ),
      /** Base64-encoded cloud-init data, as the platform's schema has it. */
      userData: z.optional(z.string()),
      /** The SSH certificate authority the instance trusts for logins (compute v1.17.0), fixed at create. */
      sshCertificateAuthorityId: z.optional(z.string()),
    }),
    status: z.looseObject({
      regionId: z.string(),
      networkId: z.string(),
      privateIP: z.optional(z.string()),
      publicIP: z.optional(z.string()),
      powerState: z.optional(z.string()),
    }),
  }),
)
export type Instance = z.infer<typeof instanceSchema>

// What create and update both write of an instance's spec; update replaces it whole and adds allowedSourceAddresses.
const instanceNetworking = () => ({
  securityGroups: z.optional(z.array(z.string())),
  // The spec does not say whether create accepts it; the platform's schema does.
  publicIP: z.optional(z.boolean()),
})
const instanceWritableSpec = () => ({
  flavorId: z.string(),
  imageId: z.string(),
  // Base64 (format byte), read by cloud-init at first boot: the platform's create spec takes it as update does.
  userData: z.optional(z.string()),
  // Chosen at create; an update sends it back unchanged, as the platform refuses a change (compute v1.17.0).
  sshCertificateAuthorityId: z.optional(z.string()),
})

export const instanceCreateSchema = lazySchema(() =>
  z.object({
    metadata: writeMetadata(),
    spec: z.object({
      organizationId: z.string(),
      projectId: z.string(),
      networkId: z.string(),
      ...instanceWritableSpec(),
      networking: z.optional(z.object(instanceNetworking())),
    }),
  }),
)
export type InstanceCreate = z.input<typeof instanceCreateSchema>

/**
 * Platform extension (not in the interface spec): the platform's instanceUpdate. It replaces the whole spec, so a
 * field left out is cleared; the network, project and organization cannot change.
 */
export const instanceUpdateSchema = lazySchema(() =>
  z.object({
    metadata: writeMetadata(),
    spec: z.object({
      ...instanceWritableSpec(),
      networking: z.optional(
        z.object({
          ...instanceNetworking(),
          /** Prefixes the instance may send from besides its own address (for routing without SNAT). */
          allowedSourceAddresses: z.optional(z.array(z.string())),
        }),
      ),
    }),
  }),
)
export type InstanceUpdate = z.input<typeof instanceUpdateSchema>

// ---- An instance's SSH key, console and snapshots (the compute API) --------------------------------------------

export const sshKeySchema = lazySchema(() => z.looseObject({ privateKey: z.string() }))

// The log may be empty (nothing printed yet), which some servers leave out.
export const consoleOutputSchema = lazySchema(() => z.looseObject({ contents: z._default(z.string(), '') }))

export const consoleSessionSchema = lazySchema(() => z.looseObject({ url: z.string() }))

// The spec's instanceSnapshotCreate: metadata only; the image takes its spec from the instance.
export const instanceSnapshotSchema = lazySchema(() => z.object({ metadata: writeMetadata() }))

// ---- Flavors --------------------------------------------------------------------------------------------------

/** Units on the platform: memory and gpu.memory in GiB, disk in GB. */
export const flavorSchema = lazySchema(() =>
  z.looseObject({
    metadata: staticMetadataSchema,
    spec: z.looseObject({
      cpus: z.number(),
      cpuFamily: z.optional(z.string()),
      memory: z.number(),
      disk: z.number(),
      architecture: z.optional(z.string()),
      baremetal: z.optional(z.boolean()),
      /** A server with this flavor must name its host (infrastructureRef), which an instance create cannot. */
      pinnedOnly: z.optional(z.boolean()),
      gpu: z.optional(
        z.looseObject({
          vendor: z.string(),
          model: z.string(),
          memory: z.number(),
          physicalCount: z.number(),
          logicalCount: z.number(),
        }),
      ),
    }),
  }),
)
export type Flavor = z.infer<typeof flavorSchema>

// ---- Images (platform extension) ------------------------------------------------------------------------------

export const imageSchema = lazySchema(() =>
  z.looseObject({
    metadata: staticMetadataSchema,
    spec: z.optional(
      z.looseObject({
        architecture: z.optional(z.string()),
        sizeGiB: z.optional(z.number()),
        virtualization: z.optional(z.string()),
        os: z.optional(
          z.looseObject({
            kernel: z.optional(z.string()),
            family: z.optional(z.string()),
            distro: z.optional(z.string()),
            variant: z.optional(z.string()),
            codename: z.optional(z.string()),
            version: z.optional(z.string()),
          }),
        ),
        softwareVersions: z.optional(z.record(z.string(), z.string())),
        gpu: z.optional(
          z.looseObject({
            vendor: z.optional(z.string()),
            driver: z.optional(z.string()),
            models: optionalListField(z.string()),
          }),
        ),
      }),
    ),
    status: z.optional(z.looseObject({ state: z.optional(z.string()) })),
  }),
)
export type Image = z.infer<typeof imageSchema>

export const IMAGE_ARCHITECTURES = ['x86_64', 'aarch64'] as const
export const IMAGE_VIRTUALIZATIONS = ['virtualized', 'baremetal', 'any'] as const
export const GPU_VENDORS = ['NVIDIA', 'AMD'] as const

/** The platform's imageCreate: a raw disk image's URL, and what the image is, as the one who imports it says. */
export const imageCreateSchema = lazySchema(() =>
  z.object({
    metadata: writeMetadata(),
    spec: z.object({
      uri: z.string(),
      architecture: z.enum(IMAGE_ARCHITECTURES),
      virtualization: z.enum(IMAGE_VIRTUALIZATIONS),
      os: z.object({
        kernel: z.literal('linux'),
        // Any family and distribution since region v1.20.0 (v1.13.0 took debian/redhat and ubuntu/rocky only).
        family: z.string(),
        distro: z.string(),
        variant: z.optional(z.string()),
        codename: z.optional(z.string()),
        version: z.string(),
      }),
      softwareVersions: z.optional(z.record(z.string(), z.string())),
      gpu: z.optional(
        z.object({ vendor: z.enum(GPU_VENDORS), driver: z.string(), models: z.optional(z.array(z.string())) }),
      ),
    }),
  }),
)
export type ImageCreate = z.input<typeof imageCreateSchema>

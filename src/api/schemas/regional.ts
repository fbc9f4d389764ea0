// Regional API ({base_url}): networks, security groups, file storage, storage classes, instances, flavors, regions,
// images. Read schemas normalise the places where the platform and the spec spell a field differently; write
// schemas are the spec's shapes (the endpoint modules add the platform's spelling where it must be sent too).

import { z } from 'zod'
import { projectScopedMetadataSchema, readMetadataSchema, staticMetadataSchema, writeMetadataSchema } from './common'

// ---- Networks -------------------------------------------------------------------------------------------------

const routeSchema = z.looseObject({ prefix: z.string(), nexthop: z.string() })
const routeWriteSchema = z.object({ prefix: z.string(), nexthop: z.string() })

export const networkSchema = z.looseObject({
  metadata: projectScopedMetadataSchema,
  spec: z.looseObject({
    dnsNameservers: z.array(z.string()).default([]),
    // Not echoed by every server; undefined means "not reported", not "no routes".
    routes: z.array(routeSchema).optional(),
  }),
  status: z.looseObject({ regionId: z.string(), prefix: z.string() }),
})
export type Network = z.infer<typeof networkSchema>

export const networkCreateSchema = z.object({
  metadata: writeMetadataSchema,
  spec: z.object({
    organizationId: z.string(),
    projectId: z.string(),
    regionId: z.string(),
    prefix: z.string(),
    dnsNameservers: z.array(z.string()),
    routes: z.array(routeWriteSchema).optional(),
  }),
})
export type NetworkCreate = z.input<typeof networkCreateSchema>

export const networkUpdateSchema = z.object({
  metadata: writeMetadataSchema,
  spec: z.object({ dnsNameservers: z.array(z.string()), routes: z.array(routeWriteSchema).optional() }),
})
export type NetworkUpdate = z.input<typeof networkUpdateSchema>

// ---- Security groups ------------------------------------------------------------------------------------------

export const RULE_DIRECTIONS = ['ingress', 'egress'] as const
export const RULE_PROTOCOLS = ['any', 'icmp', 'tcp', 'udp', 'vrrp'] as const

/**
 * A rule as read. The spec says `cidr`, the platform `prefix`; both are read into `cidr`. When both are present
 * `prefix` wins, because it is the one a platform server acts on.
 */
const securityGroupRuleSchema = z
  .looseObject({
    direction: z.string(),
    protocol: z.string(),
    port: z.number().int().optional(),
    portMax: z.number().int().optional(),
    cidr: z.string().optional(),
    prefix: z.string().optional(),
  })
  .transform(({ prefix, cidr, ...rest }) => ({ ...rest, cidr: prefix ?? cidr }))
export type SecurityGroupRule = z.infer<typeof securityGroupRuleSchema>

/** A rule as callers write it: the spec's fields plus the platform's `portMax` for a range. */
const securityGroupRuleWriteSchema = z.object({
  direction: z.enum(RULE_DIRECTIONS),
  protocol: z.enum(RULE_PROTOCOLS),
  port: z.number().int().optional(),
  portMax: z.number().int().optional(),
  cidr: z.string().optional(),
})
export type SecurityGroupRuleWrite = z.input<typeof securityGroupRuleWriteSchema>

export const securityGroupSchema = z.looseObject({
  metadata: projectScopedMetadataSchema,
  spec: z.looseObject({ rules: z.array(securityGroupRuleSchema).default([]) }),
  status: z.looseObject({ regionId: z.string(), networkId: z.string() }),
})
export type SecurityGroup = z.infer<typeof securityGroupSchema>

export const securityGroupCreateSchema = z.object({
  metadata: writeMetadataSchema,
  spec: z.object({ networkId: z.string(), rules: z.array(securityGroupRuleWriteSchema) }),
})
export type SecurityGroupCreate = z.input<typeof securityGroupCreateSchema>

export const securityGroupUpdateSchema = z.object({
  metadata: writeMetadataSchema,
  spec: z.object({ rules: z.array(securityGroupRuleWriteSchema) }),
})
export type SecurityGroupUpdate = z.input<typeof securityGroupUpdateSchema>

// ---- File storage ---------------------------------------------------------------------------------------------

/**
 * Storage type as read, normalised to the spec's `{nfs: {rootsquash}}` from either the spec's spelling or the
 * platform's `{NFS: {rootSquash}}`. Other (future) storage types pass through untouched.
 */
const storageTypeSchema = z
  .looseObject({
    nfs: z.looseObject({ rootsquash: z.boolean().optional() }).optional(),
    NFS: z.looseObject({ rootSquash: z.boolean().optional() }).optional(),
  })
  .transform(({ nfs, NFS, ...rest }) => {
    if (!nfs && !NFS) return rest
    return { ...rest, nfs: { rootsquash: NFS?.rootSquash ?? nfs?.rootsquash ?? false } }
  })

const storageTypeWriteSchema = z.object({ nfs: z.object({ rootsquash: z.boolean() }) })

const fileStorageAttachmentStatusSchema = z.looseObject({
  networkId: z.string(),
  mountSource: z.string().optional(),
  provisioningStatus: z.string().default('unknown'),
})
export type FileStorageAttachmentStatus = z.infer<typeof fileStorageAttachmentStatusSchema>

export const fileStorageSchema = z.looseObject({
  metadata: projectScopedMetadataSchema,
  spec: z.looseObject({
    sizeGiB: z.number().int(),
    storageType: storageTypeSchema,
    attachments: z.looseObject({ networkIds: z.array(z.string()).default([]) }).optional(),
  }),
  status: z.looseObject({
    regionId: z.string(),
    storageClassId: z.string(),
    usage: z.looseObject({ capacityBytes: z.number(), usedBytes: z.number().optional() }).optional(),
    attachments: z.array(fileStorageAttachmentStatusSchema).optional(),
  }),
})
export type FileStorage = z.infer<typeof fileStorageSchema>

const attachmentsWriteSchema = z.object({ networkIds: z.array(z.string()) })

export const fileStorageCreateSchema = z.object({
  metadata: writeMetadataSchema,
  spec: z.object({
    organizationId: z.string(),
    projectId: z.string(),
    regionId: z.string(),
    storageClassId: z.string(),
    sizeGiB: z.number().int(),
    storageType: storageTypeWriteSchema,
    // Not in the spec's create table; the platform accepts attachments on create.
    attachments: attachmentsWriteSchema.optional(),
  }),
})
export type FileStorageCreate = z.input<typeof fileStorageCreateSchema>

export const fileStorageUpdateSchema = z.object({
  metadata: writeMetadataSchema,
  spec: z.object({
    sizeGiB: z.number().int(),
    storageType: storageTypeWriteSchema,
    attachments: attachmentsWriteSchema.optional(),
  }),
})
export type FileStorageUpdate = z.input<typeof fileStorageUpdateSchema>

// ---- Storage classes (platform extension) ---------------------------------------------------------------------

export const storageClassSchema = z.looseObject({
  metadata: readMetadataSchema,
  spec: z.looseObject({ regionId: z.string().optional(), protocols: z.array(z.string()).default([]) }).optional(),
})

// ---- Instances ------------------------------------------------------------------------------------------------

export const instanceSchema = z.looseObject({
  metadata: projectScopedMetadataSchema,
  spec: z.looseObject({
    flavorId: z.string(),
    imageId: z.string(),
    networking: z
      .looseObject({
        publicIP: z.boolean().optional(),
        securityGroups: z.array(z.string()).optional(),
        allowedSourceAddresses: z.array(z.string()).optional(),
      })
      .optional(),
    /** Base64-encoded cloud-init data, as the platform's schema has it. */
    userData: z.string().optional(),
  }),
  status: z.looseObject({
    regionId: z.string(),
    networkId: z.string(),
    privateIP: z.string().optional(),
    publicIP: z.string().optional(),
    powerState: z.string().optional(),
  }),
})
export type Instance = z.infer<typeof instanceSchema>

// What create and update both write of an instance's spec; update replaces it whole and adds allowedSourceAddresses.
const instanceNetworking = z.object({
  securityGroups: z.array(z.string()).optional(),
  // The spec does not say whether create accepts it; the platform's schema does.
  publicIP: z.boolean().optional(),
})
const instanceImage = { flavorId: z.string(), imageId: z.string() }
// Base64 (format byte), read by cloud-init at first boot: the platform's create spec takes it as update does.
const instanceUserData = z.string().optional()

export const instanceCreateSchema = z.object({
  metadata: writeMetadataSchema,
  spec: z.object({
    organizationId: z.string(),
    projectId: z.string(),
    networkId: z.string(),
    ...instanceImage,
    networking: instanceNetworking.optional(),
    userData: instanceUserData,
  }),
})
export type InstanceCreate = z.input<typeof instanceCreateSchema>

/**
 * Platform extension (not in the interface spec): the platform's instanceUpdate. It replaces the whole spec, so a
 * field left out is cleared; the network, project and organization cannot change.
 */
export const instanceUpdateSchema = z.object({
  metadata: writeMetadataSchema,
  spec: z.object({
    ...instanceImage,
    networking: instanceNetworking
      .extend({
        /** Prefixes the instance may send from besides its own address (for routing without SNAT). */
        allowedSourceAddresses: z.array(z.string()).optional(),
      })
      .optional(),
    userData: instanceUserData,
  }),
})
export type InstanceUpdate = z.input<typeof instanceUpdateSchema>

// ---- Flavors --------------------------------------------------------------------------------------------------

/** Units on the platform: memory and gpu.memory in GiB, disk in GB. */
export const flavorSchema = z.looseObject({
  metadata: staticMetadataSchema,
  spec: z.looseObject({
    cpus: z.number(),
    cpuFamily: z.string().optional(),
    memory: z.number(),
    disk: z.number(),
    architecture: z.string().optional(),
    baremetal: z.boolean().optional(),
    gpu: z
      .looseObject({
        vendor: z.string(),
        model: z.string(),
        memory: z.number(),
        physicalCount: z.number(),
        logicalCount: z.number(),
      })
      .optional(),
  }),
})
export type Flavor = z.infer<typeof flavorSchema>

// ---- Regions (platform extension) -----------------------------------------------------------------------------

export const regionSchema = z.looseObject({
  metadata: readMetadataSchema,
  spec: z
    .looseObject({
      type: z.string().optional(),
      features: z.looseObject({ physicalNetworks: z.boolean().optional() }).optional(),
    })
    .optional(),
})

// ---- Images (platform extension) ------------------------------------------------------------------------------

export const imageSchema = z.looseObject({
  metadata: staticMetadataSchema,
  spec: z
    .looseObject({
      architecture: z.string().optional(),
      sizeGiB: z.number().optional(),
      virtualization: z.string().optional(),
      os: z
        .looseObject({
          kernel: z.string().optional(),
          family: z.string().optional(),
          distro: z.string().optional(),
          variant: z.string().optional(),
          codename: z.string().optional(),
          version: z.string().optional(),
        })
        .optional(),
      softwareVersions: z.record(z.string(), z.string()).optional(),
      gpu: z
        .looseObject({
          vendor: z.string().optional(),
          driver: z.string().optional(),
          models: z.array(z.string()).optional(),
        })
        .optional(),
    })
    .optional(),
  status: z.looseObject({ state: z.string().optional() }).optional(),
})
export type Image = z.infer<typeof imageSchema>

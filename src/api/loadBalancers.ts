// Load balancers ({base_url}/api/v2/loadbalancers, region v1.20.0): layer 4 balancers on a network. A create names
// the network and may ask for a VIP in its CIDR; an update carries only the public IP switch and the listeners. The
// status reports the VIP and the public IP once the platform has them.

import { z } from 'zod/mini'
import { projectTable } from './resource-table'
import { lazySchema, listField, optionalListField, projectScopedMetadataSchema, writeMetadata } from './schemas/common'

export const LISTENER_PROTOCOLS = ['tcp', 'udp'] as const

const memberRead = () => z.looseObject({ address: z.string(), port: z.number() })
const healthCheckRead = () =>
  z.looseObject({
    intervalSeconds: z.optional(z.number()),
    timeoutSeconds: z.optional(z.number()),
    healthyThreshold: z.optional(z.number()),
    unhealthyThreshold: z.optional(z.number()),
  })

const listenerRead = () =>
  z.looseObject({
    name: z.string(),
    protocol: z.string(),
    port: z.number(),
    allowedCidrs: optionalListField(z.string()),
    idleTimeoutSeconds: z.optional(z.number()),
    pool: z.looseObject({
      proxyProtocolV2: z.optional(z.boolean()),
      members: listField(memberRead()),
      healthCheck: z.optional(healthCheckRead()),
    }),
  })
export type LoadBalancerListener = z.infer<ReturnType<typeof listenerRead>>

const loadBalancerSchema = lazySchema(() =>
  z.looseObject({
    metadata: projectScopedMetadataSchema,
    spec: z.looseObject({ publicIP: z.optional(z.boolean()), listeners: listField(listenerRead()) }),
    status: z.looseObject({
      regionId: z.string(),
      networkId: z.string(),
      vipAddress: z.optional(z.string()),
      publicIP: z.optional(z.string()),
    }),
  }),
)
export type LoadBalancer = z.infer<typeof loadBalancerSchema>

const listenerWrite = () =>
  z.object({
    name: z.string(),
    protocol: z.enum(LISTENER_PROTOCOLS),
    port: z.number(),
    allowedCidrs: z.optional(z.array(z.string())),
    idleTimeoutSeconds: z.optional(z.number()),
    pool: z.object({
      proxyProtocolV2: z.optional(z.boolean()),
      members: z.array(z.object({ address: z.string(), port: z.number() })),
      healthCheck: z.optional(
        z.object({
          intervalSeconds: z.optional(z.number()),
          timeoutSeconds: z.optional(z.number()),
          healthyThreshold: z.optional(z.number()),
          unhealthyThreshold: z.optional(z.number()),
        }),
      ),
    }),
  })
export type LoadBalancerListenerWrite = z.input<ReturnType<typeof listenerWrite>>

const createSchema = lazySchema(() =>
  z.object({
    metadata: writeMetadata(),
    spec: z.object({
      networkId: z.string(),
      vipAddress: z.optional(z.string()),
      publicIP: z.optional(z.boolean()),
      listeners: z.array(listenerWrite()),
    }),
  }),
)
export type LoadBalancerCreate = z.input<typeof createSchema>

// The platform's update has no network and no VIP: both are fixed at create.
const updateSchema = lazySchema(() =>
  z.object({
    metadata: writeMetadata(),
    spec: z.object({ publicIP: z.optional(z.boolean()), listeners: z.array(listenerWrite()) }),
  }),
)
export type LoadBalancerUpdate = z.input<typeof updateSchema>

export const loadBalancerApi = projectTable('loadBalancers', {
  read: loadBalancerSchema,
  create: createSchema,
  update: updateSchema,
})

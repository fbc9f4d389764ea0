import type { QueryClient } from '@tanstack/react-query'
import type { Path } from 'react-hook-form'
import { z } from 'zod/mini'
import { q } from '../../api/endpoint'
import {
  loadBalancerApi,
  type LoadBalancer,
  type LoadBalancerCreate,
  type LoadBalancerUpdate,
} from '../../api/loadBalancers'
import { networkApi } from '../../api/networks'
import { contains, parseCidr, parseIpv4 } from '../../lib/cidr'
import { formWrite, metadataDefaults, metadataOf, pathsOf, type PathOf, type Wire } from '../../lib/form-wire'
import { metadataFields } from '../../lib/validation'
import { listenerFieldOf, listenerRows, listenerWrite, newListenerRow, rowOfListener } from './listener-rows'

// The load balancer forms as the user fills them: where it is (a network, and a VIP in it or one handed out), whether
// it has a public IP, and its listeners. The network and the VIP are fixed once created: the edit form has neither.

const createFields = {
  ...metadataFields,
  networkId: z.string().check(z.minLength(1, 'Choose the network the load balancer is on.')),
  /** Blank: the platform hands one out. */
  vipAddress: z.string(),
  publicIP: z.boolean(),
  listeners: listenerRows,
}

/**
 * The create form's schema. "When provided, it must fall within the selected network CIDR": the VIP is checked against
 * the chosen network's prefix, read (from the cache, usually) as the user leaves the field.
 */
function loadBalancerCreateForm(client: QueryClient) {
  return z.object(createFields).check(
    z.superRefine(async (values, ctx) => {
      const vip = values.vipAddress.trim()
      if (!vip) return
      const address = parseIpv4(vip)
      if (!address.ok) return ctx.addIssue({ code: 'custom', path: ['vipAddress'], message: address.reason })
      if (!values.networkId) return
      const network = await client
        .fetchQuery(q(networkApi.detail, { networkID: values.networkId }))
        .catch(() => undefined)
      const prefix = network && parseCidr(network.status.prefix)
      if (!prefix?.ok) return
      const { first, last } = prefix.cidr
      if (!contains(prefix.cidr, address.value))
        ctx.addIssue({
          code: 'custom',
          path: ['vipAddress'],
          message: `The VIP must be inside the network's ${prefix.text}.`,
        })
      else if (address.value === first || address.value === last)
        ctx.addIssue({
          code: 'custom',
          path: ['vipAddress'],
          message: `${vip} is the network's ${address.value === first ? 'own' : 'broadcast'} address: choose a host address.`,
        })
    }),
  )
}

type LoadBalancerCreateValues = z.input<z.ZodMiniObject<typeof createFields>>

const updateForm = z.object({ ...metadataFields, publicIP: z.boolean(), listeners: listenerRows })
type LoadBalancerUpdateValues = z.input<typeof updateForm>

/** The listeners' refusals to their rows, then the fields the rest of the body names. */
function pathOfWith<V extends LoadBalancerUpdateValues>(rest: PathOf<V>): PathOf<V> {
  return (path) => (listenerFieldOf(path) as Path<V> | undefined) ?? rest(path)
}

function toCreateWire(values: LoadBalancerCreateValues): Wire<LoadBalancerCreate, LoadBalancerCreateValues> {
  const { metadata, fields, tagPaths } = metadataOf<LoadBalancerCreateValues>(values)
  const vip = values.vipAddress.trim()
  return {
    body: {
      metadata,
      spec: {
        networkId: values.networkId,
        ...(vip ? { vipAddress: vip } : {}),
        publicIP: values.publicIP,
        listeners: values.listeners.map(listenerWrite),
      },
    },
    pathOf: pathOfWith(
      pathsOf<LoadBalancerCreateValues>(
        { ...fields, 'spec.networkId': 'networkId', 'spec.vipAddress': 'vipAddress', 'spec.publicIP': 'publicIP' },
        [tagPaths],
      ),
    ),
  }
}

/** The create form's write, its VIP checked against the network `client` reads. */
export const loadBalancerCreate = (client: QueryClient) =>
  formWrite({ schema: loadBalancerCreateForm(client), endpoint: loadBalancerApi.create, wire: toCreateWire })

/** An empty create form, on the network a link named (or none), with one listener to fill in. */
export function createDefaults(networkId: string | null): LoadBalancerCreateValues {
  return {
    name: '',
    description: '',
    tags: [],
    networkId: networkId ?? '',
    vipAddress: '',
    publicIP: false,
    listeners: [newListenerRow(0)],
  }
}

function toUpdateWire(values: LoadBalancerUpdateValues): Wire<LoadBalancerUpdate, LoadBalancerUpdateValues> {
  const { metadata, fields, tagPaths } = metadataOf<LoadBalancerUpdateValues>(values)
  return {
    body: { metadata, spec: { publicIP: values.publicIP, listeners: values.listeners.map(listenerWrite) } },
    pathOf: pathOfWith(pathsOf<LoadBalancerUpdateValues>({ ...fields, 'spec.publicIP': 'publicIP' }, [tagPaths])),
  }
}

export const loadBalancerUpdate = formWrite({
  schema: updateForm,
  endpoint: loadBalancerApi.update,
  wire: toUpdateWire,
})

export function updateDefaults(balancer: LoadBalancer): LoadBalancerUpdateValues {
  return {
    ...metadataDefaults(balancer.metadata),
    publicIP: balancer.spec.publicIP ?? false,
    listeners: balancer.spec.listeners.map(rowOfListener),
  }
}

import { z } from 'zod/mini'
import { networkApi } from '../../api/networks'
import type { Network, NetworkCreate, NetworkUpdate } from '../../api/schemas/regional'
import { contains, overlaps, parseCidr, parseIpv4 } from '../../lib/cidr'
import type { Path } from 'react-hook-form'
import {
  keptRows,
  metadataDefaults,
  metadataOf,
  pathsOf,
  placementOf,
  type RowPaths,
  type Wire,
  formWrite,
} from '../../lib/form-wire'
import { cidrBlock, ipv4Address, networkPrefix, metadataFields, placementFields } from '../../lib/validation'
import { reservationProblems, reservationsOf } from './reservations'

// The network form as the user edits it: tags, DNS servers and routes as rows. onSubmit maps it to the API body.

const dnsRow = z.object({ address: z.string() })
const routeRow = z.object({ prefix: z.string(), nexthop: z.string() })

const rowsBase = {
  dnsNameservers: z.array(dnsRow).check(
    z.superRefine((rows, ctx) => {
      rows.forEach((row, index) => {
        if (!row.address.trim()) return
        const check = ipv4Address.safeParse(row.address)
        if (!check.success)
          ctx.addIssue({ code: 'custom', path: [index, 'address'], message: check.error.issues[0]!.message })
      })
    }),
  ),
  routes: z.array(routeRow),
}

export const networkCreateForm = z
  .object({
    ...metadataFields,
    ...placementFields,
    prefix: networkPrefix,
    /** Prefix lengths as typed ("25" or "/25"); blank for the platform's default. */
    reserve: z.string(),
    providerReserve: z.string(),
    ...rowsBase,
  })
  .check(
    z.superRefine((values, ctx) => checkRoutes(values.routes, values.prefix, ctx)),
    z.superRefine((values, ctx) => {
      for (const [field, message] of Object.entries(
        reservationProblems(values.prefix, values.reserve, values.providerReserve),
      ))
        ctx.addIssue({ code: 'custom', path: [field], message })
    }),
  )

export type NetworkCreateValues = z.input<typeof networkCreateForm>

export const networkUpdateForm = z
  .object({
    ...metadataFields,
    /** Read only in the form; kept to check route next hops against it. */
    prefix: z.string(),
    ...rowsBase,
  })
  .check(z.superRefine((values, ctx) => checkRoutes(values.routes, values.prefix, ctx)))

export type NetworkUpdateValues = z.input<typeof networkUpdateForm>

/** A route needs a valid destination and a next hop inside the network, where the gateway can reach it. */
function checkRoutes(routes: z.infer<typeof routeRow>[], networkPrefixText: string, ctx: z.core.$RefinementCtx) {
  const network = parseCidr(networkPrefixText)
  routes.forEach((route, index) => {
    if (!route.prefix.trim() && !route.nexthop.trim()) return
    const prefix = cidrBlock.safeParse(route.prefix)
    if (!prefix.success)
      ctx.addIssue({ code: 'custom', path: ['routes', index, 'prefix'], message: prefix.error.issues[0]!.message })
    const hop = parseIpv4(route.nexthop)
    if (!hop.ok) ctx.addIssue({ code: 'custom', path: ['routes', index, 'nexthop'], message: hop.reason })
    else if (network.ok && !contains(network.cidr, hop.value)) {
      ctx.addIssue({
        code: 'custom',
        path: ['routes', index, 'nexthop'],
        message: `The next hop must be inside the network ${network.text}.`,
      })
    }
  })
}

/** DNS servers and routes as sent: blank rows are left out, and each sent row knows its form row. */
function rowsOf<V extends NetworkCreateValues | NetworkUpdateValues>(values: V) {
  const dns = keptRows(values.dnsNameservers, (row) => !row.address.trim())
  const routes = keptRows(values.routes, (row) => !row.prefix.trim() && !row.nexthop.trim())
  const paths: RowPaths<V>[] = [
    {
      at: ['spec', 'dnsNameservers'],
      formRow: dns.formRow,
      field: (row) => `dnsNameservers.${row}.address` as Path<V>,
    },
    {
      at: ['spec', 'routes'],
      formRow: routes.formRow,
      field: (row, column) =>
        column === 'prefix' || column === 'nexthop' ? (`routes.${row}.${column}` as Path<V>) : undefined,
    },
  ]
  return {
    spec: {
      dnsNameservers: dns.rows.map((row) => row.address.trim()),
      routes: routes.rows.map((row) => ({ prefix: row.prefix.trim(), nexthop: row.nexthop.trim() })),
    },
    paths,
  }
}

export function toCreateWire(values: NetworkCreateValues): Wire<NetworkCreate, NetworkCreateValues> {
  const parsed = parseCidr(values.prefix)
  const { metadata, fields, tagPaths } = metadataOf<NetworkCreateValues>(values)
  const { placement, placementFields } = placementOf<NetworkCreateValues>(values)
  const rows = rowsOf(values)
  const reservations = reservationsOf(values.reserve, values.providerReserve)
  return {
    body: {
      metadata,
      spec: {
        ...placement,
        prefix: parsed.ok ? parsed.text : values.prefix.trim(),
        ...rows.spec,
        ...(reservations ? { reservations } : {}),
      },
    },
    pathOf: pathsOf(
      {
        ...fields,
        ...placementFields,
        'spec.prefix': 'prefix',
        'spec.reservations.prefixLength': 'reserve',
        'spec.reservations.providerReservedPrefixLength': 'providerReserve',
      },
      [...rows.paths, tagPaths],
    ),
  }
}

/** The create form's write. */
export const networkCreate = formWrite({ schema: networkCreateForm, endpoint: networkApi.create, wire: toCreateWire })

export function toUpdateWire(values: NetworkUpdateValues): Wire<NetworkUpdate, NetworkUpdateValues> {
  const { metadata, fields, tagPaths } = metadataOf<NetworkUpdateValues>(values)
  const rows = rowsOf(values)
  return { body: { metadata, spec: rows.spec }, pathOf: pathsOf(fields, [...rows.paths, tagPaths]) }
}

export function updateDefaults(network: Network): NetworkUpdateValues {
  return {
    ...metadataDefaults(network.metadata),
    prefix: network.status.prefix,
    dnsNameservers: network.spec.dnsNameservers.map((address) => ({ address })),
    routes: (network.spec.routes ?? []).map((route) => ({ prefix: route.prefix, nexthop: route.nexthop })),
  }
}

/** Another network in the same project whose block overlaps: a warning, since the platform allows it. */
export function findOverlap(prefixText: string, networks: Network[], projectId: string): Network | undefined {
  const parsed = parseCidr(prefixText)
  if (!parsed.ok) return undefined
  return networks.find((network) => {
    if (network.metadata.projectId !== projectId) return false
    const other = parseCidr(network.status.prefix)
    return other.ok && overlaps(other.cidr, parsed.cidr)
  })
}

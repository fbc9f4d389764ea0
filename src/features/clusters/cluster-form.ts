import { z } from 'zod/mini'
import { clusterApi, type Cluster, type ClusterCreate } from '../../api/clusters'
import { cidrClashes, CLUSTER_NETWORK_DEFAULTS } from '../../lib/cluster-network'
import { formWrite, keptRows, metadataOf, pathsOf, sentBackMetadata, type Wire } from '../../lib/form-wire'
import { cidrBlock, metadataFields, placementFields } from '../../lib/validation'

// The cluster form as the user edits it: a place (project, region, then a network there), a release offered there,
// the pod and service ranges with the document's defaults, the API server's exposure with its allowed sources as
// rows, and the hardware add-ons as a switch.

/** What each clash says, at the field that can fix it. */
const CLASH = {
  'pods-services': ['podCidr', 'The pod range overlaps the service range: the two must not share addresses.'],
  'pods-network': ['podCidr', "The pod range overlaps the network's addresses"],
  'services-network': ['serviceCidr', "The service range overlaps the network's addresses"],
} as const

const clusterCreateForm = z
  .object({
    ...metadataFields,
    ...placementFields,
    networkId: z.string().check(z.minLength(1, 'Choose a network.')),
    /** The chosen network's block, kept with the choice: the ranges are checked against it. */
    networkPrefix: z.string(),
    platformReleaseId: z.string().check(z.minLength(1, 'Choose a release.')),
    podCidr: cidrBlock,
    serviceCidr: cidrBlock,
    publicIP: z.boolean(),
    allowedCidrs: z.array(z.object({ cidr: z.string().check(z.trim()) })),
    hardware: z.boolean(),
  })
  .check(
    z.superRefine((values, ctx) => {
      for (const clash of cidrClashes(values.podCidr, values.serviceCidr, values.networkPrefix || undefined)) {
        const [field, message] = CLASH[clash]
        const suffix = clash === 'pods-services' ? '' : ` (${values.networkPrefix}).`
        ctx.addIssue({ code: 'custom', path: [field], message: `${message}${suffix}` })
      }
      values.allowedCidrs.forEach((row, index) => {
        if (row.cidr === '') return
        const checked = cidrBlock.safeParse(row.cidr)
        if (!checked.success)
          ctx.addIssue({
            code: 'custom',
            path: ['allowedCidrs', index, 'cidr'],
            message: checked.error.issues[0]!.message,
          })
      })
    }),
  )
type ClusterCreateValues = z.input<typeof clusterCreateForm>

export const clusterDefaults = {
  networkId: '',
  networkPrefix: '',
  platformReleaseId: '',
  ...CLUSTER_NETWORK_DEFAULTS,
  publicIP: false,
  allowedCidrs: [] as { cidr: string }[],
  hardware: true,
}

function toCreateWire(values: ClusterCreateValues): Wire<ClusterCreate, ClusterCreateValues> {
  const { metadata, fields, tagPaths } = metadataOf<ClusterCreateValues>(values)
  const allowed = keptRows(values.allowedCidrs, (row) => row.cidr === '')
  return {
    body: {
      metadata,
      spec: {
        networkId: values.networkId,
        platformReleaseId: values.platformReleaseId,
        clusterNetwork: { podCidr: values.podCidr.trim(), serviceCidr: values.serviceCidr.trim() },
        // No rows: the platform's default, every source (0.0.0.0/0) when public.
        apiServer: {
          publicIP: values.publicIP,
          ...(allowed.rows.length > 0 && { allowedCidrs: [...new Set(allowed.rows.map((row) => row.cidr))] }),
        },
        addons: { hardware: values.hardware },
      },
    },
    pathOf: pathsOf(
      {
        ...fields,
        'spec.networkId': 'networkId',
        'spec.platformReleaseId': 'platformReleaseId',
        'spec.clusterNetwork.podCidr': 'podCidr',
        'spec.clusterNetwork.serviceCidr': 'serviceCidr',
        'spec.apiServer.publicIP': 'publicIP',
        'spec.addons': 'hardware',
      },
      [
        tagPaths,
        {
          at: ['spec', 'apiServer', 'allowedCidrs'],
          formRow: allowed.formRow,
          field: (row) => `allowedCidrs.${row}.cidr` as const,
          whole: 'allowedCidrs',
        },
      ],
    ),
  }
}

export const clusterCreate = formWrite({ schema: clusterCreateForm, endpoint: clusterApi.create, wire: toCreateWire })

/**
 * The cluster as read, sent back whole with another release: the update replaces the spec, so a field left out would
 * be reset to its default (the hardware add-ons on, the API server private).
 */
export function upgradedBody(cluster: Cluster, platformReleaseId: string): ClusterCreate {
  const { metadata, spec } = cluster
  return {
    metadata: sentBackMetadata(metadata),
    spec: {
      networkId: spec.networkId,
      platformReleaseId,
      ...(spec.clusterNetwork && { clusterNetwork: spec.clusterNetwork }),
      ...(spec.apiServer && {
        apiServer: {
          ...(spec.apiServer.publicIP !== undefined && { publicIP: spec.apiServer.publicIP }),
          ...(spec.apiServer.allowedCidrs && { allowedCidrs: [...spec.apiServer.allowedCidrs] }),
        },
      }),
      ...(spec.addons?.hardware !== undefined && { addons: { hardware: spec.addons.hardware } }),
    },
  }
}

import { z } from 'zod/mini'
import { nodePoolApi, type NodePool, type NodePoolWrite, type Taint } from '../../api/clusters'
import { formWrite, keptRows, metadataOf, pathsOf, sentBackMetadata, type Wire } from '../../lib/form-wire'
import { metadataFields } from '../../lib/validation'

// A node pool as its dialog edits it: where its workers come from (a flavor, or a reservation's units), how many,
// and its taints as rows. Scaling sends the pool's own spec back with the new count: the platform replaces the spec.

/** The document's patterns for a taint's key (a qualified name) and value (a label value). */
const TAINT_KEY =
  /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/
const TAINT_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/

export const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'] as const
export const TAINT_PROPAGATIONS = ['Always', 'OnInitialization'] as const

const taintRow = z.object({
  key: z.string().check(z.trim()),
  value: z.string().check(z.trim()),
  effect: z.string(),
  propagation: z.string(),
})
type TaintRow = z.infer<typeof taintRow>

/** The largest count the document takes. */
const MAX_REPLICAS = 2147483647

const replicasField = z
  .number({ error: 'Enter a number of workers.' })
  .check(z.int('A whole number of workers.'), z.gte(0, 'At least 0 workers.'), z.lte(MAX_REPLICAS, 'Too many workers.'))

const nodePoolCreateForm = z
  .object({
    ...metadataFields,
    provisioningMode: z.enum(['compute', 'reservation']),
    flavorId: z.string(),
    reservationId: z.string().check(z.trim()),
    replicas: replicasField,
    taints: z.array(taintRow),
  })
  .check(
    z.superRefine((values, ctx) => {
      if (values.provisioningMode === 'compute' && !values.flavorId)
        ctx.addIssue({ code: 'custom', path: ['flavorId'], message: 'Choose a flavor for the workers.' })
      if (values.provisioningMode === 'reservation' && !values.reservationId)
        ctx.addIssue({ code: 'custom', path: ['reservationId'], message: 'Enter the reservation’s id.' })
      values.taints.forEach((row, index) => {
        if (isBlank(row)) return
        if (!TAINT_KEY.test(row.key))
          ctx.addIssue({
            code: 'custom',
            path: ['taints', index, 'key'],
            message: 'A key is a qualified name, e.g. nvidia.com/gpu.',
          })
        if (row.value && (row.value.length > 63 || !TAINT_VALUE.test(row.value)))
          ctx.addIssue({
            code: 'custom',
            path: ['taints', index, 'value'],
            message: 'Up to 63 letters, digits, "-", "_" or ".", starting and ending with a letter or digit.',
          })
      })
    }),
  )
export type NodePoolCreateValues = z.input<typeof nodePoolCreateForm>

const isBlank = (row: TaintRow) => row.key === '' && row.value === ''

export const nodePoolDefaults: NodePoolCreateValues = {
  name: '',
  description: '',
  tags: [],
  provisioningMode: 'compute',
  flavorId: '',
  reservationId: '',
  replicas: 2,
  taints: [],
}

const taintOf = (row: TaintRow): Taint => ({
  key: row.key,
  ...(row.value && { value: row.value }),
  effect: row.effect as Taint['effect'],
  propagation: row.propagation as Taint['propagation'],
})

/** The create's wire, for the cluster the dialog is on. */
export const nodePoolCreateFor = (clusterId: string) => {
  function wire(values: NodePoolCreateValues): Wire<NodePoolWrite, NodePoolCreateValues> {
    const { metadata, fields, tagPaths } = metadataOf<NodePoolCreateValues>(values)
    const taints = keptRows(values.taints, isBlank)
    const compute = values.provisioningMode === 'compute'
    return {
      body: {
        metadata,
        spec: {
          clusterId,
          provisioningMode: values.provisioningMode,
          replicas: values.replicas,
          ...(compute
            ? { compute: { flavorId: values.flavorId } }
            : { reservation: { reservationId: values.reservationId } }),
          ...(taints.rows.length > 0 && { taints: taints.rows.map(taintOf) }),
        },
      },
      pathOf: pathsOf(
        {
          ...fields,
          'spec.replicas': 'replicas',
          'spec.compute': 'flavorId',
          'spec.reservation': 'reservationId',
          'spec.provisioningMode': 'provisioningMode',
        },
        [
          tagPaths,
          {
            at: ['spec', 'taints'],
            formRow: taints.formRow,
            field: (row, column) =>
              column === 'key' || column === 'value' ? (`taints.${row}.${column}` as const) : `taints.${row}.key`,
            whole: 'taints',
          },
        ],
      ),
    }
  }
  return formWrite({ schema: nodePoolCreateForm, endpoint: nodePoolApi.create, wire })
}

/** The pool's own spec with a new count: what a scale sends (the platform replaces the whole spec). */
export function scaledBody(pool: NodePool, replicas: number): NodePoolWrite {
  const { spec, metadata } = pool
  return {
    metadata: sentBackMetadata(metadata),
    spec: {
      clusterId: spec.clusterId,
      provisioningMode: spec.provisioningMode as NodePoolWrite['spec']['provisioningMode'],
      replicas,
      ...(spec.compute?.flavorId && { compute: { flavorId: spec.compute.flavorId } }),
      ...(spec.reservation?.reservationId && { reservation: { reservationId: spec.reservation.reservationId } }),
      ...(spec.taints?.length && { taints: spec.taints }),
    },
  }
}

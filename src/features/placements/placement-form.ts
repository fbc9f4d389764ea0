import { z } from 'zod/mini'
import type { Path } from 'react-hook-form'
import { placementApi, type PlacementCreate } from '../../api/reservations'
import { formWrite, metadataOf, pathsOf, type Wire } from '../../lib/form-wire'
import { metadataFields, placementFields } from '../../lib/validation'

// The form as the user fills it: where (project and region, which narrow the reservation and network), how many
// servers, how they are laid over the reservation's units (the constraints, explained as they are chosen), how ready
// a host must be, and each server's spec. Max skew and min domains apply to spread alone, and are not sent with pack.

const whole = (what: string) =>
  z.optional(
    z
      .number(`Enter ${what} as a whole number.`)
      .check(
        z.int(`Enter ${what} as a whole number.`),
        z.minimum(1, `${what[0]!.toUpperCase()}${what.slice(1)} is at least 1.`),
      ),
  )

const placementCreateForm = z
  .object({
    ...metadataFields,
    ...placementFields,
    reservationId: z.string().check(z.minLength(1, 'Choose a reservation.')),
    networkId: z.string().check(z.minLength(1, 'Choose a network.')),
    count: z
      .number('Enter how many servers to place.')
      .check(z.int('Place whole servers.'), z.minimum(1, 'Place at least one server.')),
    policy: z.enum(['pack', 'spread']),
    maxSkew: whole('the max skew'),
    minDomains: whole('the min domains'),
    whenUnsatisfiable: z.enum(['fail', 'bestEffort']),
    readiness: z.enum(['Require', 'Prefer', 'Ignore']),
    imageId: z.string().check(z.minLength(1, 'Choose an image.')),
    sshCertificateAuthorityId: z.string(),
    publicIP: z.boolean(),
    securityGroups: z.array(z.string()),
    userData: z.string(),
  })
  .check(
    z.refine((v) => v.policy !== 'spread' || v.minDomains === undefined || v.minDomains <= v.count, {
      path: ['minDomains'],
      error: 'Min domains cannot be more than the servers placed: each domain needs one of them.',
    }),
  )

export type PlacementValues = z.input<typeof placementCreateForm>

/** UTF-8 text as base64, as the document's `userData` (format: byte) wants it. */
function base64(text: string): string {
  let binary = ''
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary)
}

function toCreateWire(values: PlacementValues): Wire<PlacementCreate, PlacementValues> {
  const { metadata, fields, tagPaths } = metadataOf<PlacementValues>(values)
  const spread = values.policy === 'spread'
  const field = (name: keyof PlacementValues) => name as Path<PlacementValues>
  return {
    body: {
      metadata,
      spec: {
        organizationId: values.organizationId,
        projectId: values.projectId,
        reservationId: values.reservationId,
        networkId: values.networkId,
        count: values.count,
        constraints: {
          policy: values.policy,
          ...(spread && values.maxSkew !== undefined ? { maxSkew: values.maxSkew } : {}),
          ...(spread && values.minDomains !== undefined ? { minDomains: values.minDomains } : {}),
          whenUnsatisfiable: values.whenUnsatisfiable,
        },
        readinessPolicy: { mode: values.readiness },
        serverSpec: {
          imageId: values.imageId,
          ...(values.sshCertificateAuthorityId ? { sshCertificateAuthorityId: values.sshCertificateAuthorityId } : {}),
          networking: {
            publicIP: values.publicIP,
            ...(values.securityGroups.length ? { securityGroups: values.securityGroups } : {}),
          },
          ...(values.userData.trim() ? { userData: base64(values.userData) } : {}),
        },
      },
    },
    pathOf: pathsOf(
      {
        ...fields,
        'spec.projectId': field('projectId'),
        'spec.reservationId': field('reservationId'),
        'spec.networkId': field('networkId'),
        'spec.count': field('count'),
        'spec.constraints.maxSkew': field('maxSkew'),
        'spec.constraints.minDomains': field('minDomains'),
        'spec.serverSpec.imageId': field('imageId'),
        'spec.serverSpec.userData': field('userData'),
      },
      [tagPaths],
    ),
  }
}

export const placementCreate = formWrite({
  schema: placementCreateForm,
  endpoint: placementApi.create,
  wire: toCreateWire,
})

/**
 * The constraints in plain words, as the user sets them: how the servers are laid over the reservation's units
 * (NVLink domains), and what the platform does when it cannot.
 */
export function constraintsInWords(v: {
  count?: number
  policy: 'pack' | 'spread'
  maxSkew?: number
  minDomains?: number
  whenUnsatisfiable: 'fail' | 'bestEffort'
}): string[] {
  const n = v.count && v.count > 0 ? `${v.count} server${v.count === 1 ? '' : 's'}` : 'The servers'
  const lines =
    v.policy === 'pack'
      ? [`Pack: ${n} fill one unit's hosts before the next, as close together as they fit (best for NVLink traffic).`]
      : [
          `Spread: ${n} are dealt one unit at a time, so a unit losing power takes as few as possible.`,
          `Max skew ${v.maxSkew ?? 1}: no unit holds more than ${v.maxSkew ?? 1} server${(v.maxSkew ?? 1) === 1 ? '' : 's'} more than another.`,
          `Min domains ${v.minDomains ?? 1}: at least ${v.minDomains ?? 1} unit${(v.minDomains ?? 1) === 1 ? '' : 's'} must get a server.`,
        ]
  lines.push(
    v.whenUnsatisfiable === 'fail'
      ? 'When that cannot be met, the platform refuses the placement and places nothing.'
      : 'When that cannot be met, the platform places them as closely to it as it can.',
  )
  return lines
}

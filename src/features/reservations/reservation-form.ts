import { z } from 'zod/mini'
import type { Path } from 'react-hook-form'
import { reservationApi, type ReservationCreate, type ReservationUnit } from '../../api/reservations'
import { formWrite, metadataOf, pathsOf, placementOf, type Wire } from '../../lib/form-wire'
import { metadataFields, placementFields } from '../../lib/validation'

// The form as the user fills it: a name, the project and region, which reservation unit (an accelerator and its
// granularity, one choice: "GB300 NVL72") and how many of them. The platform claims that many neighbouring units or
// answers 507; the form says beforehand what the region's catalog says is free.

/** A reservation unit's choice: its accelerator and granularity as one value. */
export const offerKey = (unit: { accelerator: string; unit: string }) => `${unit.accelerator}/${unit.unit}`

const reservationCreateForm = z.object({
  ...metadataFields,
  ...placementFields,
  offer: z.string().check(z.minLength(1, 'Choose a reservation unit.')),
  count: z
    .number('Enter how many units to reserve.')
    .check(z.int('Reserve whole units.'), z.minimum(1, 'Reserve at least one unit.')),
})

type ReservationValues = z.input<typeof reservationCreateForm>

function toCreateWire(values: ReservationValues): Wire<ReservationCreate, ReservationValues> {
  const { metadata, fields, tagPaths } = metadataOf<ReservationValues>(values)
  const { placement, placementFields: placed } = placementOf<ReservationValues>(values)
  const [accelerator = '', unit = ''] = values.offer.split('/')
  return {
    body: { metadata, spec: { ...placement, accelerator, unit, count: values.count } },
    pathOf: pathsOf(
      {
        ...fields,
        ...placed,
        'spec.accelerator': 'offer' as Path<ReservationValues>,
        'spec.unit': 'offer' as Path<ReservationValues>,
        'spec.count': 'count' as Path<ReservationValues>,
      },
      [tagPaths],
    ),
  }
}

export const reservationCreate = formWrite({
  schema: reservationCreateForm,
  endpoint: reservationApi.create,
  wire: toCreateWire,
})

/**
 * What the catalog says of `count` units before the form is sent: whether a contiguous run that long is free in the
 * organization's scope (the platform's test), in words.
 */
export function capacityVerdict(unit: ReservationUnit | undefined, count: number | undefined) {
  if (!unit || count === undefined || !Number.isInteger(count) || count < 1) return undefined
  const { largestContiguousUnitCount: largest, availableUnitCount: available } = unit
  if (count <= largest)
    return {
      fits: true,
      text: `${count} contiguous ${unit.unit} unit${count === 1 ? '' : 's'} free: the region has a run of ${largest}.`,
    }
  return {
    fits: false,
    text:
      available >= count
        ? `${available} units are free, but not side by side: the longest contiguous run is ${largest}. The platform will refuse ${count}.`
        : `Only ${available} unit${available === 1 ? ' is' : 's are'} free (the longest contiguous run is ${largest}). The platform will refuse ${count}.`,
  }
}

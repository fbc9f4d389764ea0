import type { ConsoleHarness } from './console-harness'

type Overlay = { topologyEntityTag: string; units: Record<string, unknown> }
type Topology = { projections: { overlays: { reservations: Record<string, Overlay> } }[] }[]

/**
 * Releases units of a reservation as another tab or a colleague would, straight on the platform with the entity tag
 * its topology gives: `last` its last unit, `all` every one. The page under test still holds what it read before.
 */
export async function releaseElsewhere(
  harness: ConsoleHarness,
  organizationId: string,
  reservationId: string,
  which: 'last' | 'all',
): Promise<void> {
  const regions = await harness.platform<Topology>(`/api/reservation/api/v2/organizations/${organizationId}/topology`)
  const overlay = regions
    .flatMap((region) => region.projections)
    .map((projection) => projection.overlays.reservations[reservationId])
    .find(Boolean)
  if (!overlay) throw new Error(`no units of reservation ${reservationId} in the topology`)
  const units = Object.keys(overlay.units)
  const released = await harness.cloud.fetch(
    new Request(`http://local-cloud/local/reservation/api/v2/reservations/${reservationId}/units/release`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${harness.cloud.tokens.admin}`,
        'content-type': 'application/json',
        'If-Match': overlay.topologyEntityTag,
      },
      body: JSON.stringify({ spec: { unitIds: which === 'all' ? units : units.slice(-1) } }),
    }),
  )
  if (released.status >= 300) throw new Error(`release refused: ${released.status} ${await released.text()}`)
}

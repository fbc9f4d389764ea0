import { describe, expect, it } from 'vitest'
import type { NodePool } from '../../api/clusters'
import type { Placement } from '../../api/reservations'
import { roomIn } from './reservation-room'

const placement = (id: string, reservationId: string, count: number) =>
  ({ metadata: { id }, spec: { count }, status: { reservationId } }) as unknown as Placement
const pool = (reservationId: string | undefined, replicas: number, placementId?: string) =>
  ({
    spec: { replicas, ...(reservationId && { reservation: { reservationId } }) },
    status: { ...(placementId && { reservation: { reservationId, placementId } }) },
  }) as unknown as NodePool

describe('roomIn', () => {
  it('counts the reservation’s placements and pools, not another reservation’s or a flavor pool', () => {
    const room = roomIn(
      'r1',
      36,
      [placement('p1', 'r1', 12), placement('p2', 'r2', 8)],
      [pool('r1', 18), pool(undefined, 5)],
    )
    expect(room).toEqual({ hosts: 36, placed: 12, pooled: 18, free: 6 })
  })

  it('counts a pool’s own placement once, as the pool, where the platform makes one for it', () => {
    const room = roomIn(
      'r1',
      36,
      [placement('p1', 'r1', 12), placement('pool-p', 'r1', 18)],
      [pool('r1', 18, 'pool-p')],
    )
    expect(room).toEqual({ hosts: 36, placed: 12, pooled: 18, free: 6 })
  })

  it('has no room below none when more is held than the reservation has', () => {
    expect(roomIn('r1', 8, [placement('p1', 'r1', 8)], [pool('r1', 2)]).free).toBe(0)
  })
})

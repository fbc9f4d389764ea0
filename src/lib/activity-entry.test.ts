import { describe, expect, it } from 'vitest'
import type { ActivityEntry } from '../api/activity'
import { describeChange } from './activity-entry'

const entry = (fields: Partial<ActivityEntry> & Pick<ActivityEntry, 'kind' | 'method' | 'path'>): ActivityEntry => ({
  id: 'e1',
  at: '2026-11-29T12:00:00Z',
  subject: 'demo-admin',
  displayName: 'Demo admin',
  organizationId: 'o1',
  service: 'reservation',
  status: 202,
  traceId: 't1',
  ...fields,
})

describe('a change as the Activity page words it', () => {
  it('names what is kept inside an item by its own word, linked to the item that shows it', () => {
    const reboot = describeChange(
      entry({
        kind: 'reservation:placements',
        method: 'POST',
        action: 'reboot',
        path: '/api/v2/placements/p1/servers/psrv-1/reboot',
        resourceId: 'psrv-1',
        resourceName: 'pretrain-workers-0',
      }),
    )
    expect(reboot).toMatchObject({ verb: 'Reboot', kind: 'placement server', label: 'pretrain-workers-0' })
    expect(reboot.href).toBe('/placements/p1')

    const key = describeChange(
      entry({
        kind: 'storage:objectstorageendpoints',
        service: 'storage',
        method: 'POST',
        status: 201,
        path: '/api/v1/objectstorageendpoints/os1/accesskeys',
        resourceName: 'ci-writer',
      }),
    )
    expect(key).toMatchObject({ verb: 'Create', kind: 'object storage endpoint access key', label: 'ci-writer' })
    expect(key.href).toBe('/object-storage/os1')
  })

  it('names an item itself by its row', () => {
    const changed = describeChange(
      entry({
        kind: 'reservation:placements',
        method: 'PUT',
        path: '/api/v2/placements/p1',
        resourceId: 'p1',
        resourceName: 'pretrain-workers',
      }),
    )
    expect(changed).toMatchObject({
      verb: 'Change',
      kind: 'placement',
      label: 'pretrain-workers',
      href: '/placements/p1',
    })
  })
})

import { describe, expect, it } from 'vitest'
import { anySettling, isSettling } from './settling'

const resource = (provisioningStatus: string, status: Record<string, unknown> = {}) => ({
  metadata: { id: 'x', provisioningStatus },
  status,
})

describe('isSettling', () => {
  it('is true while provisioning, deprovisioning or pending', () => {
    for (const s of ['provisioning', 'deprovisioning', 'pending']) expect(isSettling(resource(s))).toBe(true)
    for (const s of ['provisioned', 'error']) expect(isSettling(resource(s))).toBe(false)
  })

  it('is true while the platform has not reconciled a new resource yet (unknown, no power state)', () => {
    expect(isSettling(resource('unknown'))).toBe(true)
    expect(isSettling(resource('unknown', { privateIP: '10.0.0.5' }))).toBe(true)
  })

  it('is true while an instance passes between states: Pending, Queued, Building, Rebuilding, Stopping', () => {
    for (const powerState of ['Pending', 'Queued', 'Building', 'Rebuilding', 'Stopping'])
      expect(isSettling(resource('provisioned', { powerState }))).toBe(true)
    // Error is the provider's terminal state: nothing to wait for.
    for (const powerState of ['Running', 'Stopped', 'Error'])
      expect(isSettling(resource('provisioned', { powerState }))).toBe(false)
  })

  it('is true while any file-storage attachment is provisioning', () => {
    const attachments = [
      { networkId: 'a', provisioningStatus: 'provisioned' },
      { networkId: 'b', provisioningStatus: 'provisioning' },
    ]
    expect(isSettling(resource('provisioned', { attachments }))).toBe(true)
    expect(isSettling(resource('provisioned', { attachments: attachments.slice(0, 1) }))).toBe(false)
  })
})

describe('anySettling', () => {
  it('looks at every item of a list, a single resource, or nothing', () => {
    expect(anySettling([resource('provisioned'), resource('provisioning')])).toBe(true)
    expect(anySettling([resource('provisioned')])).toBe(false)
    expect(anySettling(resource('deprovisioning'))).toBe(true)
    expect(anySettling(undefined)).toBe(false)
    expect(anySettling([])).toBe(false)
  })
})

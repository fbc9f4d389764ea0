import { describe, expect, it } from 'vitest'
import { retentionText, scheduleText } from './snapshot-policies'

describe('snapshot policy words', () => {
  it('says each schedule in UTC, with its day where the interval has one', () => {
    expect(scheduleText({ interval: 'hourly' })).toBe('Hourly')
    expect(scheduleText({ interval: 'daily', timeOfDay: '02:00Z' })).toBe('Daily at 02:00 UTC')
    expect(scheduleText({ interval: 'weekly', timeOfDay: '03:30Z', dayOfWeek: 'sunday' })).toBe(
      'Weekly on Sunday at 03:30 UTC',
    )
    expect(scheduleText({ interval: 'monthly', dayOfMonth: 1 })).toBe('Monthly on day 1')
  })
  it('counts what a policy keeps', () => {
    expect(retentionText({ keep: 1 })).toBe('Keeps 1 snapshot')
    expect(retentionText({ keep: 14 })).toBe('Keeps 14 snapshots')
  })
})

import { describe, expect, it } from 'vitest'
import { droppedNote, unlistedNote } from './log-notes'

const accepted = '2026-11-20T08:05:09.000Z'
const refused = '2026-11-24T10:00:00.000Z'

describe('droppedNote', () => {
  it('says nothing of a log that has dropped nothing', () => {
    expect(droppedNote({})).toBeUndefined()
    expect(droppedNote(undefined)).toBeUndefined()
  })

  it('says up to when changes are no longer kept, failed ones apart', () => {
    expect(droppedNote({ accepted })).toBe(
      'The log is at its limit: changes up to 20 Nov 2026, 08:05:09 UTC are no longer kept.',
    )
    expect(droppedNote({ refused })).toBe(
      'Failed changes up to 24 Nov 2026, 10:00:00 UTC are no longer kept: the log keeps fewer of them than of the rest.',
    )
    expect(droppedNote({ accepted, refused })).toBe(
      'The log is at its limit: changes up to 20 Nov 2026, 08:05:09 UTC, and failed ones up to 24 Nov 2026, 10:00:00 UTC, are no longer kept.',
    )
  })

  it('leaves out what was dropped before the time filter starts', () => {
    expect(droppedNote({ accepted, refused }, '2026-11-22T00:00:00.000Z')).toBe(
      'Failed changes up to 24 Nov 2026, 10:00:00 UTC are no longer kept: the log keeps fewer of them than of the rest.',
    )
    expect(droppedNote({ accepted, refused }, '2026-11-25T00:00:00.000Z')).toBeUndefined()
  })
})

describe('unlistedNote', () => {
  const plural = (kind: string) => kind.split(':')[1]!.replace('-', ' ')
  it("names the kinds the caller's role cannot read, once each, and nothing where there are none", () => {
    expect(unlistedNote([], plural)).toBeUndefined()
    expect(unlistedNote(['identity:users'], plural)).toBe(
      'Changes to users are not listed: your role cannot read them.',
    )
    expect(unlistedNote(['identity:users', 'identity:groups', 'identity:service-accounts'], plural)).toBe(
      'Changes to users, groups and service accounts are not listed: your role cannot read them.',
    )
    expect(unlistedNote(['region:networks', 'region:networks'], plural)).toBe(
      'Changes to networks are not listed: your role cannot read them.',
    )
  })
})

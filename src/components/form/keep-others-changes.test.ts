import { describe, expect, it } from 'vitest'
import { keepOthersChanges } from './keep-others-changes'

const opened = { name: 'acme-ai', description: 'old', providerID: 'okta', tags: ['a'] }

describe('keepOthersChanges', () => {
  it('takes what someone else changed where the user left the field as it opened', () => {
    const mine = { ...opened, description: 'new' }
    const now = { ...opened, providerID: 'auth0', tags: ['a', 'b'] }
    expect(keepOthersChanges(opened, mine, now)).toEqual({
      name: 'acme-ai',
      description: 'new',
      providerID: 'auth0',
      tags: ['a', 'b'],
    })
  })

  it('keeps the user’s value where both changed the same field', () => {
    const mine = { ...opened, providerID: 'google' }
    const now = { ...opened, providerID: 'auth0' }
    expect(keepOthersChanges(opened, mine, now).providerID).toBe('google')
  })

  it('sends the user’s values whole when nobody else changed anything', () => {
    const mine = { ...opened, name: 'acme', tags: [] }
    expect(keepOthersChanges(opened, mine, { ...opened })).toEqual(mine)
  })
})

describe('keepOthersChanges with id lists', () => {
  const members = { name: 'ml', userIDs: ['ada', 'bo'], roleIDs: ['reader'] }

  it('keeps an id someone else added beside the one the user added, and drops the one the user took out', () => {
    const mine = { ...members, userIDs: ['bo', 'cy'] }
    const now = { ...members, userIDs: ['ada', 'bo', 'dee'] }
    expect(keepOthersChanges(members, mine, now, ['userIDs']).userIDs).toEqual(['bo', 'dee', 'cy'])
  })

  it('takes out an id someone else took out, though the user left the list as it was', () => {
    const mine = { ...members, userIDs: ['ada', 'bo', 'cy'] }
    const now = { ...members, userIDs: ['bo'] }
    expect(keepOthersChanges(members, mine, now, ['userIDs']).userIDs).toEqual(['bo', 'cy'])
  })

  it('sends an id both added once', () => {
    const mine = { ...members, userIDs: ['ada', 'bo', 'cy'] }
    const now = { ...members, userIDs: ['cy', 'ada', 'bo'] }
    expect(keepOthersChanges(members, mine, now, ['userIDs']).userIDs).toEqual(['cy', 'ada', 'bo'])
  })

  it('still takes a list not named as an id list whole', () => {
    const mine = { ...members, roleIDs: ['reader', 'user'] }
    const now = { ...members, roleIDs: ['admin'] }
    expect(keepOthersChanges(members, mine, now, ['userIDs']).roleIDs).toEqual(['reader', 'user'])
  })
})

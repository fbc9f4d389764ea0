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

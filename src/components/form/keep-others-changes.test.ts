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

describe('keepOthersChanges with tags', () => {
  const opened = {
    name: 'net',
    tags: [
      { name: 'owner', value: 'ada' },
      { name: 'tier', value: 'gold' },
    ],
  }

  it('keeps a tag someone else added beside the one the user added, and the value they gave one the user left', () => {
    const mine = { ...opened, tags: [...opened.tags, { name: 'cost-centre', value: '42' }] }
    const now = { ...opened, tags: [{ name: 'owner', value: 'bo' }, opened.tags[1]!, { name: 'env', value: 'prod' }] }
    expect(keepOthersChanges(opened, mine, now).tags).toEqual([
      { name: 'owner', value: 'bo' },
      { name: 'tier', value: 'gold' },
      { name: 'env', value: 'prod' },
      { name: 'cost-centre', value: '42' },
    ])
  })

  it('takes out a tag the user took out, and gives the user’s value to a tag both changed', () => {
    const mine = { ...opened, tags: [{ name: 'owner', value: 'cy' }] }
    const now = { ...opened, tags: [{ name: 'owner', value: 'bo' }, opened.tags[1]!] }
    expect(keepOthersChanges(opened, mine, now).tags).toEqual([{ name: 'owner', value: 'cy' }])
  })

  it('takes out a tag someone else took out, though the user left the tags as they were', () => {
    const now = { ...opened, tags: [opened.tags[1]!] }
    expect(keepOthersChanges(opened, { ...opened }, now).tags).toEqual([{ name: 'tier', value: 'gold' }])
  })
})

describe('keepOthersChanges with entries told apart by a key', () => {
  const opened = {
    subjects: [{ issuer: 'https://idp.example', id: 'ext-1', email: 'one@partner.example' }],
    sources: '10.8.0.0/16',
  }
  const subject = (id: string, email = `${id}@partner.example`) => ({ issuer: 'https://idp.example', id, email })
  const byProviderAndId = (row: { issuer: string; id: string }) => `${row.issuer}\n${row.id}`

  it('keeps a row someone else added beside the one the user added, and the user’s change to a row', () => {
    const mine = { ...opened, subjects: [subject('ext-1', 'first@partner.example'), subject('ext-2')] }
    const now = { ...opened, subjects: [...opened.subjects, subject('ext-3')] }
    expect(keepOthersChanges(opened, mine, now, [], { subjects: byProviderAndId }).subjects).toEqual([
      subject('ext-1', 'first@partner.example'),
      subject('ext-3'),
      subject('ext-2'),
    ])
  })

  it('takes out a row the user took out, and one someone else took out', () => {
    const twoOpened = { ...opened, subjects: [subject('ext-1'), subject('ext-2')] }
    const mine = { ...twoOpened, subjects: [subject('ext-2'), subject('ext-4')] }
    const now = { ...twoOpened, subjects: [subject('ext-1')] }
    expect(keepOthersChanges(twoOpened, mine, now, [], { subjects: byProviderAndId }).subjects).toEqual([
      subject('ext-4'),
    ])
  })

  it('merges a text of entries entry by entry, one a line', () => {
    const mine = { ...opened, sources: '10.8.0.0/16, 192.168.1.0/24' }
    const now = { ...opened, sources: '10.8.0.0/16\n172.16.0.0/12' }
    expect(keepOthersChanges(opened, mine, now, [], { sources: 'text' }).sources).toBe(
      '10.8.0.0/16\n172.16.0.0/12\n192.168.1.0/24',
    )
  })

  it('sends the user’s text as typed when nobody else changed it', () => {
    const mine = { ...opened, sources: '192.168.1.0/24 10.8.0.0/16' }
    expect(keepOthersChanges(opened, mine, { ...opened }, [], { sources: 'text' }).sources).toBe(mine.sources)
  })
})

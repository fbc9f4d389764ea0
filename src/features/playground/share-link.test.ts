import { describe, expect, it } from 'vitest'
import { decodeShare, encodeShare, sharedPart, type SharedRun } from './share-link'

const run: SharedRun = {
  inputs: [{ text: 'The cat sat on the mat', label: 'pets' }, { text: 'Ünïcödé & emoji 🐈, tabs\tand "quotes"' }],
  model: 'bge-m3',
  compareModel: 'nomic-embed-text-v1.5',
  encodingFormat: 'base64',
  dimensions: 256,
  judgements: [{ query: 'kitten', expected: [0] }],
}

describe('share links', () => {
  it('round-trips a run through the fragment, in URL-safe characters only', async () => {
    const fragment = await encodeShare(run)
    expect(fragment).toMatch(/^#run=[A-Za-z0-9_-]+$/)
    // Compressed, not readable: the inputs do not show in the address bar as text.
    expect(fragment).not.toContain('cat')
    expect(await decodeShare(sharedPart(fragment)!)).toEqual(run)
  })

  it('leaves the end-user id out of the link', async () => {
    const fragment = await encodeShare({ ...run, user: 'alice@example.com' } as SharedRun)
    expect(await decodeShare(sharedPart(fragment)!)).not.toHaveProperty('user')
  })

  it('finds the run only in a fragment that starts with #run=', () => {
    expect(sharedPart('#run=abc')).toBe('abc')
    expect(sharedPart('#other=abc')).toBeUndefined()
    expect(sharedPart('')).toBeUndefined()
  })

  it('says when a link is cut short or not a run', async () => {
    const encoded = sharedPart(await encodeShare(run))!
    await expect(decodeShare(encoded.slice(0, encoded.length / 2))).rejects.toThrow(/damaged or incomplete/)
    const notARun = sharedPart(await encodeShare({ ...run, inputs: 'nope' } as unknown as SharedRun))!
    await expect(decodeShare(notARun)).rejects.toThrow('The link does not hold a playground run.')
  })
})

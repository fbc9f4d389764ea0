import { describe, expect, it } from 'vitest'
import { completionsOf, knownValues, matchesTyped, parseTypedSearch, rowFacets } from './typed-filters'

const names = {
  projectName: new Map([
    ['p-1', 'ml-research'],
    ['p-2', 'Data platform'],
  ]),
  regionName: new Map([['r-1', 'eu-west-1']]),
}
const network = {
  metadata: { projectId: 'p-1', provisioningStatus: 'error', healthStatus: 'degraded' },
  status: { regionId: 'r-1' },
}

describe('typed filters', () => {
  it('splits the filters from the words, leaving a key with no value yet out of both', () => {
    expect(parseTypedSearch('GPU status:Error project: 10.0.0.1:22 http://x')).toEqual({
      words: ['gpu', '10.0.0.1:22', 'http://x'],
      filters: [{ key: 'status', value: 'error' }],
    })
  })

  it('keeps a row when each key matches one of its values, by name or id', () => {
    const facets = rowFacets(network, names)
    const { filters } = parseTypedSearch('status:ready status:error project:ML-research region:eu-west-1')
    expect(matchesTyped(facets, filters)).toBe(true)
    expect(matchesTyped(facets, parseTypedSearch('project:p-1').filters)).toBe(true)
    expect(matchesTyped(facets, parseTypedSearch('status:error region:us-east-1').filters)).toBe(false)
    // A value being typed narrows from its start.
    expect(matchesTyped(facets, parseTypedSearch('status:degr').filters)).toBe(true)
    expect(matchesTyped(facets, parseTypedSearch('status:rror').filters)).toBe(false)
    // A row with no project (an identity list's) never matches a project filter.
    expect(matchesTyped(rowFacets({ metadata: {} }), parseTypedSearch('project:ml-research').filters)).toBe(false)
  })

  it('completes a key, then its known values, and a value taken leaves room for the next word', () => {
    const known = knownValues([rowFacets(network)], names)
    expect(completionsOf('gpu st', known)).toEqual([{ text: 'gpu status:', label: 'status:' }])
    expect(completionsOf('p', known).map((c) => c.label)).toEqual(['project:'])
    expect(completionsOf('status:d', known)).toEqual([{ text: 'status:degraded ', label: 'status:degraded' }])
    // A name with a space cannot be one word: its id stands for it.
    expect(completionsOf('project:', known).map((c) => c.label)).toEqual(['project:ml-research', 'project:p-2'])
    expect(completionsOf('status:error', known)).toEqual([])
    expect(completionsOf('gpu ', known)).toEqual([])
  })
})

import { describe, expect, it } from 'vitest'
import { buildQueryString, filtersToQuery, isCollectionPath } from './request'

describe('list filters in the query string', () => {
  it('encodes each tag as name=value with the = as %3D, repeated once per tag', () => {
    const qs = buildQueryString(
      filtersToQuery({
        tag: [
          { name: 'env', value: 'prod' },
          { name: 'team', value: 'a b&c' },
        ],
      }),
    )
    expect(qs).toBe('?tag=env%3Dprod&tag=team%3Da%20b%26c')
  })

  it('repeats organizationID, projectID, regionID and networkID per value, in that order', () => {
    const qs = buildQueryString(
      filtersToQuery({ networkID: ['n1'], regionID: ['r1', 'r2'], projectID: ['p1'], organizationID: ['o1'] }),
    )
    expect(qs).toBe('?organizationID=o1&projectID=p1&regionID=r1&regionID=r2&networkID=n1')
  })

  it('is empty when no filter is set', () => {
    expect(buildQueryString(filtersToQuery({}))).toBe('')
    expect(buildQueryString(undefined)).toBe('')
    expect(buildQueryString({ regionID: [] })).toBe('')
  })

  it('round-trips through URLSearchParams as the server will read it', () => {
    const tags = [{ name: 'k=1', value: 'v=2' }]
    const params = new URLSearchParams(buildQueryString(filtersToQuery({ tag: tags })))
    expect(params.getAll('tag')).toEqual(['k=1=v=2'])
  })
})

describe('isCollectionPath', () => {
  it('tells list/create paths from item and action paths', () => {
    expect(isCollectionPath('/api/v2/networks')).toBe(true)
    expect(isCollectionPath('/api/v1/organizations/o1/regions/r1/images')).toBe(true)
    expect(isCollectionPath('/organizations/o1/endpoints')).toBe(true)
    expect(isCollectionPath('/api/v2/networks/n1')).toBe(false)
    expect(isCollectionPath('/api/v2/instances/i1/start')).toBe(false)
  })
})

import { describe, expect, it } from 'vitest'
import { matchesSearch, readRegionalFilters, toApiFilters, withParam, withScopedFilter } from './list-filters'

const scope = { organizationId: 'acme', projectId: 'ml' }

describe('readRegionalFilters', () => {
  it('defaults organization and project to the scope', () => {
    const state = readRegionalFilters(new URLSearchParams(''), scope)
    expect(toApiFilters(state)).toEqual({ organizationID: ['acme'], projectID: ['ml'] })
  })
  it('lets the URL override the scope and lift it with "all"', () => {
    const state = readRegionalFilters(
      new URLSearchParams('project=all&region=eu-1&region=us-1&tag=env%3Dprod&q=gpu'),
      scope,
    )
    expect(toApiFilters(state)).toEqual({
      organizationID: ['acme'],
      regionID: ['eu-1', 'us-1'],
      tag: [{ name: 'env', value: 'prod' }],
    })
    expect(state.q).toBe('gpu')
  })
  it('ignores malformed tags', () => {
    expect(readRegionalFilters(new URLSearchParams('tag=novalue'), {}).tags).toEqual([])
  })
})

describe('withScopedFilter', () => {
  it('writes "all" for an empty selection so the scope default stays lifted', () => {
    expect(withScopedFilter(new URLSearchParams('project=ml&q=x'), 'project', []).toString()).toBe('q=x&project=all')
    expect(withScopedFilter(new URLSearchParams(''), 'project', ['a', 'b']).toString()).toBe('project=a&project=b')
  })
})

describe('withParam', () => {
  const params = new URLSearchParams('view=table&developer=Meta&q=x')
  it('sets a key to its values, numbers as text, and keeps the other keys', () => {
    expect(withParam(params, 'developer', ['Meta', 'BAAI']).getAll('developer')).toEqual(['Meta', 'BAAI'])
    expect(withParam(params, 'gpuCount', [2, 4]).getAll('gpuCount')).toEqual(['2', '4'])
    expect(withParam(params, 'gpuCount', [2]).get('view')).toBe('table')
  })
  it('removes the key for null, an empty list or empty text', () => {
    expect(withParam(params, 'view', null).has('view')).toBe(false)
    expect(withParam(params, 'developer', []).has('developer')).toBe(false)
    expect(withParam(params, 'q', '').has('q')).toBe(false)
  })
})

describe('matchesSearch', () => {
  it('needs every word somewhere in the texts', () => {
    expect(matchesSearch('train eu', ['training-net', 'eu-west-1'])).toBe(true)
    expect(matchesSearch('train us', ['training-net', 'eu-west-1'])).toBe(false)
    expect(matchesSearch('  ', ['x'])).toBe(true)
  })
})

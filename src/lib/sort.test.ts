import { describe, expect, it } from 'vitest'
import { formatSort, parseSort, sortBy, sortOptionsWith } from './sort'

describe('parseSort and formatSort', () => {
  const fallback = { key: 'name', direction: 'asc' } as const
  it('round-trips ascending and descending keys', () => {
    expect(parseSort('-age', ['name', 'age'], fallback)).toEqual({ key: 'age', direction: 'desc' })
    expect(formatSort({ key: 'age', direction: 'desc' })).toBe('-age')
  })
  it('ignores keys that cannot be sorted', () => {
    expect(parseSort('secret', ['name'], fallback)).toEqual(fallback)
  })
  it('starts by name, ascending, unless told otherwise', () => {
    expect(parseSort(null, ['name', 'age'])).toEqual({ key: 'name', direction: 'asc' })
    expect(parseSort('secret', ['subject'], { key: 'subject', direction: 'asc' })).toEqual({
      key: 'subject',
      direction: 'asc',
    })
  })
})

describe('sortBy', () => {
  it('sorts names naturally and puts missing values last', () => {
    const rows = [{ n: 'net-10' }, { n: undefined }, { n: 'net-2' }]
    expect(sortBy(rows, (r) => r.n, 'asc').map((r) => r.n)).toEqual(['net-2', 'net-10', undefined])
    expect(sortBy(rows, (r) => r.n, 'desc').map((r) => r.n)).toEqual(['net-10', 'net-2', undefined])
  })
})

describe('sortOptionsWith', () => {
  const options = [
    { value: 'name', label: 'Name, A to Z' },
    { value: '-cpus', label: 'vCPUs, most first' },
  ]

  it('keeps the options as they are when they name the order', () => {
    expect(sortOptionsWith(options, { key: 'cpus', direction: 'desc' })).toEqual(options)
  })

  it('adds an order a table header set, so the picker does not go blank', () => {
    expect(sortOptionsWith(options, { key: 'disk', direction: 'asc' })).toEqual([
      ...options,
      { value: 'disk', label: 'disk, ascending' },
    ])
  })
})

import { describe, expect, it } from 'vitest'
import { formatSort, parseSort, sortBy } from './sort'

describe('parseSort and formatSort', () => {
  const fallback = { key: 'name', direction: 'asc' } as const
  it('round-trips ascending and descending keys', () => {
    expect(parseSort('-age', ['name', 'age'], fallback)).toEqual({ key: 'age', direction: 'desc' })
    expect(formatSort({ key: 'age', direction: 'desc' })).toBe('-age')
  })
  it('ignores keys that cannot be sorted', () => {
    expect(parseSort('secret', ['name'], fallback)).toEqual(fallback)
  })
})

describe('sortBy', () => {
  it('sorts names naturally and puts missing values last', () => {
    const rows = [{ n: 'net-10' }, { n: undefined }, { n: 'net-2' }]
    expect(sortBy(rows, (r) => r.n, 'asc').map((r) => r.n)).toEqual(['net-2', 'net-10', undefined])
    expect(sortBy(rows, (r) => r.n, 'desc').map((r) => r.n)).toEqual(['net-10', 'net-2', undefined])
  })
})

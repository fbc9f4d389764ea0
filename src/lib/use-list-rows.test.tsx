import { renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useListRows } from './use-list-rows'

interface Row {
  name: string
  region: string
}

const all: Row[] = Array.from({ length: 50 }, (_, i) => ({
  name: `net-${i}`,
  region: i % 2 ? 'eu-west-1' : 'us-east-1',
}))

describe('useListRows', () => {
  it('finds the rows every word of the search is in, reading each row once however many keys are typed and the search cleared', () => {
    const search = vi.fn((row: Row) => [row.name, row.region])
    const options = { sortable: ['name'], search, sortValue: (row: Row) => row.name, context: undefined }
    const { result, rerender } = renderHook((q: string) => useListRows(all, { q, sort: null }, options), {
      initialProps: '',
    })
    expect(result.current.rows).toHaveLength(50)
    expect(search).not.toHaveBeenCalled()
    for (const q of ['n', 'ne', 'net-1', 'NET-1 EU']) rerender(q)
    expect(result.current.rows.map((row) => row.name)).toEqual([
      'net-1',
      'net-11',
      'net-13',
      'net-15',
      'net-17',
      'net-19',
    ])
    expect(search).toHaveBeenCalledTimes(all.length)
    rerender('')
    expect(result.current.rows).toHaveLength(50)
    // Cleared and searched again: the texts read for the first search are searched.
    rerender('net-2')
    expect(result.current.rows.map((row) => row.name)).toEqual([
      'net-2',
      'net-20',
      'net-21',
      'net-22',
      'net-23',
      'net-24',
      'net-25',
      'net-26',
      'net-27',
      'net-28',
      'net-29',
    ])
    expect(search).toHaveBeenCalledTimes(all.length)
  })

  it("sorts by region by the region's name, which the column shows, not by its id", () => {
    // The platform's region ids are UUIDs, in no order of their names.
    const regionName = new Map([
      ['f0c1…', 'eu-west-1'],
      ['0a9e…', 'us-east-1'],
    ])
    const rows: Row[] = [
      { name: 'in-us', region: '0a9e…' },
      { name: 'in-eu', region: 'f0c1…' },
    ]
    const options = { sortable: ['region'], search: () => [], sortValue: (row: Row) => row.region, context: undefined }
    const sorted = (sort: string) =>
      renderHook(() => useListRows(rows, { q: '', sort }, { ...options, regionName })).result.current.rows.map(
        (row) => row.name,
      )
    expect(sorted('region')).toEqual(['in-eu', 'in-us'])
    expect(sorted('-region')).toEqual(['in-us', 'in-eu'])
  })
})

import { describe, expect, it } from 'vitest'
import { Table } from './store.ts'

type Item = { meta: { id: string; name: string; goneAt?: number } }
const item = (id: string, name: string): Item => ({ meta: { id, name } })
const names = (table: Table<Item>, name: string) => [...table.named(name)].map((i) => i.meta.id)

describe('a table', () => {
  it('finds records by name as they are added, renamed and removed', () => {
    const table = new Table<Item>([item('a', 'web'), item('b', 'web'), item('c', 'db')])
    expect(names(table, 'web')).toEqual(['a', 'b'])
    table.set(item('b', 'api'))
    expect(names(table, 'web')).toEqual(['a'])
    expect(names(table, 'api')).toEqual(['b'])
    table.delete('a')
    expect(names(table, 'web')).toEqual([])
    table.set({ meta: { id: 'c', name: 'db', goneAt: 5 } })
    table.sweep(10)
    expect(names(table, 'db')).toEqual([])
  })

  it('reports each record it changes, by id', () => {
    const changed: string[] = []
    const table = new Table<Item>([item('a', 'web')], (id) => changed.push(id))
    table.set(item('b', 'db'))
    table.set(item('a', 'www'))
    table.delete('b')
    table.delete('missing')
    expect(changed).toEqual(['b', 'a', 'b'])
  })
})

import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { resources } from '../../../src/lib/resources.ts'
// The services, which register their tables as they load.
import '../app.ts'
import { namesThrough } from './store/tables.ts'

describe('the tables the services register', () => {
  it('say what their records name through each field a row declares a use through', () => {
    const unanswered = Object.entries(resources).flatMap(([name, row]) =>
      row.usedBy.flatMap(({ kind, through }) => {
        try {
          namesThrough(kind, through)
          return []
        } catch {
          return [`${name} used by ${kind} through ${through}`]
        }
      }),
    )
    expect(unanswered).toEqual([])
  })
})

describe("the local cloud's kit", () => {
  it('names no service: services register with it, so its files import nothing from services/', async () => {
    const kit = import.meta.dirname
    const naming: string[] = []
    for (const entry of await readdir(kit, { recursive: true })) {
      // Its tests may run it with the services.
      if (!entry.endsWith('.ts') || entry.endsWith('.test.ts')) continue
      const text = await readFile(join(kit, entry), 'utf8')
      if (/from '(\.\.\/)+services\//.test(text)) naming.push(entry)
    }
    expect(naming).toEqual([])
  })
})

import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { resources } from '../../../src/lib/resources.ts'
import { PLATFORM_SERVICES } from '../app.ts'
import { emptyState } from '../demo/builder.ts'
import { namesThrough, tableNames } from './store/tables.ts'

describe('the tables the services register', () => {
  it('include every list of the demo data, so a new table is registered where its service is', () => {
    expect(PLATFORM_SERVICES.length).toBeGreaterThan(0)
    const lists = Object.keys(emptyState()).filter((key) => key !== 'version' && key !== 'organizations')
    expect(lists.filter((name) => !tableNames().has(name))).toEqual([])
  })

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

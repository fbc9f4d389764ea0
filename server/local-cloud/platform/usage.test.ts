import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { resources, type Through } from '../../../src/lib/resources.ts'
// The services, which register their tables as they load.
import '../app.ts'
import { buildDemoState } from '../demo/seed.ts'
import { namesThrough } from './store/tables.ts'

// Every field through which something names what it uses: typecheck asks for each one `Through` has.
const THROUGH: Record<Through, true> = {
  projectId: true,
  networkId: true,
  securityGroupId: true,
  providerID: true,
  placementId: true,
}

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

describe('the uses the rows declare', () => {
  it('cover what the demo data names, the organization’s own settings included: a use left undeclared fails here', () => {
    const data = buildDemoState() as unknown as Record<string, unknown>
    const tables = Object.entries(data).filter((entry): entry is [string, { meta: { id: string } }[]] =>
      Array.isArray(entry[1]),
    )
    const tableOf = new Map(tables.flatMap(([name, records]) => records.map((r) => [r.meta?.id, name] as const)))
    const records = tables.flatMap(([name, list]) => list.map((record) => ({ kind: name, record })))
    const undeclared = new Set<string>()
    for (const { kind, record } of records)
      for (const [field, value] of Object.entries(record as Record<string, unknown>)) {
        if (!(field in THROUGH)) continue
        for (const id of [value].flat()) {
          const used = typeof id === 'string' ? tableOf.get(id) : undefined
          if (!used || used === kind || !(used in resources)) continue
          const row = resources[used as keyof typeof resources]
          const declared = row.usedBy.some((use) => use.kind === kind && use.through === field)
          if (!declared && !saysDoesNotBlock(kind, field)) undeclared.add(`${used} used by ${kind} through ${field}`)
        }
      }
    expect([...undeclared]).toEqual([])
  })
})

/** Whether a table's registration says its field names something whose delete it does not block. */
function saysDoesNotBlock(kind: string, field: string): boolean {
  try {
    namesThrough(kind, field)
    return false
  } catch {
    return kind !== 'organizations'
  }
}

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

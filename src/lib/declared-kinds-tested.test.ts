import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { resources, type Resource } from './resources'

// The recipe's two test steps, held by a check rather than review: every declared kind on the platform has a local
// cloud test that calls its collection, and every kind with pages an integration test that opens one of them.
const ROOT = join(__dirname, '..', '..')

function testsUnder(dir: string, suffix: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(suffix))
    .map((file) => readFileSync(join(ROOT, dir, file), 'utf8'))
}

const declared = Object.entries(resources as Record<string, Resource>).filter(([, row]) => row.api)

describe('every declared kind is tested', () => {
  it('by a local cloud test that calls its collection', () => {
    const cloud = testsUnder('server/local-cloud', '.test.ts')
    const untested = declared.filter(([, row]) => {
      const collection = row.api!.collection.startsWith('/') ? row.api!.collection : `/${row.api!.collection}`
      return !cloud.some((text) => text.includes(collection))
    })
    expect(untested.map(([name]) => name)).toEqual([])
  })

  it('by an integration test that opens one of its pages', () => {
    const pages = testsUnder('src', '.integration.test.tsx')
    const untested = declared.filter(
      ([, row]) => row.page && !pages.some((text) => text.includes(`'/${row.path}`) || text.includes(`\`/${row.path}`)),
    )
    expect(untested.map(([name]) => name)).toEqual([])
  })
})

import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { bundleServer } from './bundle.mjs'

const root = join(import.meta.dirname, '..')

describe('the server bundle', () => {
  it('takes the libraries it bundles as shipped: every module it was built from is a file on disk', async () => {
    const modules = await bundleServer({ write: false })
    expect(modules.some((path) => path.includes('node_modules/hono/'))).toBe(true)
    expect(modules.filter((path) => !existsSync(join(root, path)))).toEqual([])
  }, 60_000)
})

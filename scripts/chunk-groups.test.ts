import { describe, expect, it } from 'vitest'
import { chunkRulesMatch, type ChunkGroup } from './chunk-groups.ts'

/** Runs the plugin's check over a build made of these modules; the error it raises, if any. */
function check(groups: ChunkGroup[], ids: string[]): string | undefined {
  const plugin = chunkRulesMatch(groups)
  const generate = plugin.generateBundle as (this: unknown) => void
  try {
    generate.call({
      getModuleIds: () => ids.values(),
      error: (message: string) => {
        throw new Error(message)
      },
    })
    return undefined
  } catch (error) {
    return (error as Error).message
  }
}

const INPUT = '/repo/node_modules/@mantine/core/esm/components/Input/Input.mjs'
const SELECT = '/repo/node_modules/@mantine/core/esm/components/Select/Select.mjs'

describe('chunkRulesMatch', () => {
  it('passes a build where every module a group names is in it and goes to that group', () => {
    const groups = [
      { name: 'list', priority: 0.7, modules: ['@mantine/core/esm/components/Input/'] },
      { name: 'inputs', priority: 0.4, modules: ['@mantine/core/esm/components/Select/'] },
    ]
    expect(check(groups, [INPUT, SELECT])).toBeUndefined()
  })

  it('fails the build when a named module is not in it, as after an upgrade that moved the file', () => {
    const groups = [{ name: 'inputs', priority: 0.4, modules: ['@mantine/core/esm/components/Combobox/'] }]
    expect(check(groups, [INPUT, SELECT])).toMatch(/inputs: @mantine\/core\/esm\/components\/Combobox\//)
  })

  it('fails the build when a group of higher priority takes a named module first', () => {
    const groups = [
      { name: 'floating', priority: 0.58, modules: ['@mantine/core/esm/components/'] },
      { name: 'overlay', priority: 0.4, modules: ['@mantine/core/esm/components/Select/'] },
    ]
    expect(check(groups, [INPUT, SELECT])).toMatch(/overlay: .*Select\/ \(taken by a group before it\)/)
  })

  it('reads Windows paths as the bundler gives them there', () => {
    const groups = [{ name: 'list', priority: 0.7, modules: ['@mantine/core/esm/components/Input/'] }]
    expect(check(groups, [INPUT.replaceAll('/', '\\')])).toBeUndefined()
  })
})

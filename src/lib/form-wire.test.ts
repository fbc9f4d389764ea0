import { describe, expect, it } from 'vitest'
import { pathsOf } from './form-wire'

interface PoolForm {
  name: string
  replicas: string
  pools: { replicas: string }[]
}

describe('pathsOf', () => {
  it("puts the platform's refusal of a numbered row's field on that field, not above the form", () => {
    const pathOf = pathsOf<PoolForm>({ 'metadata.name': 'name', 'spec.pools.0.replicas': 'replicas' })
    expect(pathOf(['spec', 'pools', 0, 'replicas'])).toBe('replicas')
    expect(pathOf(['spec', 'pools', 1, 'replicas'])).toBeUndefined()
    expect(pathOf(['metadata', 'name'])).toBe('name')
  })

  it('takes a path under a numbered one to it', () => {
    const pathOf = pathsOf<PoolForm>({ 'spec.pools.0': 'pools.0.replicas' })
    expect(pathOf(['spec', 'pools', 0, 'replicas'])).toBe('pools.0.replicas')
  })
})

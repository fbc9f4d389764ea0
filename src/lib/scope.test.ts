import { describe, expect, it } from 'vitest'
import { resolveScope } from './scope'

const orgs = [{ id: 'acme' }, { id: 'globex' }]

describe('resolveScope', () => {
  it('keeps a scope whose ids all exist', () => {
    const stored = { organizationId: 'globex', projectId: 'p1', regionId: 'r1' }
    expect(resolveScope(stored, { organizations: orgs, projects: [{ id: 'p1' }], regions: [{ id: 'r1' }] })).toEqual({
      scope: stored,
      dropped: [],
    })
  })
  it('falls back to the first organization when the stored one is gone, dropping its project and region', () => {
    const result = resolveScope({ organizationId: 'gone', projectId: 'p1', regionId: 'r1' }, { organizations: orgs })
    expect(result.scope).toEqual({ organizationId: 'acme', projectId: undefined, regionId: undefined })
    expect(result.dropped).toEqual(['organizationId'])
  })
  it('picks the first organization when none is stored', () => {
    expect(resolveScope({}, { organizations: orgs }).scope.organizationId).toBe('acme')
  })
  it('drops a project or region that no longer exists', () => {
    const result = resolveScope(
      { organizationId: 'acme', projectId: 'deleted', regionId: 'r1' },
      { organizations: orgs, projects: [{ id: 'p1' }], regions: [{ id: 'r1' }] },
    )
    expect(result.scope).toEqual({ organizationId: 'acme', projectId: undefined, regionId: 'r1' })
    expect(result.dropped).toEqual(['projectId'])
  })
  it('trusts typed ids when the backend offers no lists', () => {
    const stored = { organizationId: 'typed-org', projectId: 'typed-project' }
    expect(resolveScope(stored, {}).scope).toEqual({ ...stored, regionId: undefined })
  })
})

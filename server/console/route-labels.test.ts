import { describe, expect, it } from 'vitest'
import { RouteLabels, UNMATCHED } from './route-labels.ts'
import { loadDeclaredRoutes } from './declared-routes.ts'

// writeOf and the labels read the tables' routes, loaded by the console's first API request.
await loadDeclaredRoutes()

describe('route labels', () => {
  const labels = new RouteLabels(() => [{ path: '/console/session' }, { path: '/metrics' }, { path: '/console/*' }])

  it('name the declared route, an id as :id, and never the query', () => {
    expect(labels.of('/api/region/api/v2/networks/0b5e8b9a-1c2d?x=1')).toBe('/api/region/api/v2/networks/:id')
    expect(labels.of('/api/compute/api/v2/instances/i-1/start')).toBe('/api/compute/api/v2/instances/:id/:action')
    expect(labels.of('/api/compute/api/v2/instances/i-1/sshkey')).toBe('/api/compute/api/v2/instances/:id/sshkey')
    expect(labels.of('/api/identity/api/v1/organizations/acme-ai/users')).toBe(
      '/api/identity/api/v1/organizations/:id/users',
    )
    expect(labels.of('/console/session')).toBe('/console/session')
    expect(labels.of('/networks/0b5e8b9a/edit')).toBe('/*')
    expect(labels.of('/assets/index-abc.js')).toBe('/assets/*')
  })

  it('count what the console does not declare as one label', () => {
    for (const path of [
      '/console/qwertyui',
      '/api/region/invented/1',
      '/api/nowhere/x',
      '/console/*',
      '/api/region/%zz',
    ])
      expect(labels.of(path)).toBe(UNMATCHED)
  })
})

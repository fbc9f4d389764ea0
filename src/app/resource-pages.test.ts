import { QueryClient } from '@tanstack/react-query'
import { matchRoutes } from 'react-router'
import { describe, expect, it } from 'vitest'
import { resources, type Resource } from '../lib/resources'
import { appRoutes, resourcePages } from './router'

const routes = appRoutes(new QueryClient())
const leaf = (path: string) => matchRoutes(routes, path)?.at(-1)?.route

describe('the pages derived from the resource rows', () => {
  it("opens each resource's list, create form, item page and edit form at its row's paths", () => {
    for (const path of ['/networks', '/networks/new', '/networks/n-1', '/networks/n-1/edit', '/file-storage/new'])
      expect(leaf(path)?.lazy, path).toBeTypeOf('function')
    expect(leaf('/security-groups/sg-1/edit')?.path).toBe(':securityGroupId/edit')
    expect(leaf('/service-accounts/sa-1')?.path).toBe(':serviceAccountId')
  })

  it('offers the create and edit forms a row asks for, and nothing under a page that has none', () => {
    expect(leaf('/groups/new')?.path).toBe('new')
    expect(leaf('/groups/g-1/edit')?.path).toBe(':groupId/edit')
    // The organization is one page with an edit form, not a list of items.
    expect(leaf('/organization/acme-ai/edit')?.path).toBe(':organizationId/edit')
    expect(leaf('/organization/acme-ai')?.path).toBe('*')
  })

  it('refuses a row whose route module is missing', () => {
    const widgets: Resource = {
      noun: ['widget', 'widgets'],
      acl: ['region:widgets'],
      usedBy: [],
      path: 'widgets',
      icon: resources.networks.icon,
      page: true,
    }
    expect(() => resourcePages([widgets], new QueryClient())).toThrow(
      'Widgets: the row asks for /src/features/widgets/routes/WidgetListRoute.tsx, which does not exist',
    )
  })

  it('refuses a route module the row does not ask for, which no path builder would link to', () => {
    const { edit: _edit, ...networks } = resources.networks
    expect(() => resourcePages([networks], new QueryClient())).toThrow(
      'Networks: /src/features/networks/routes/NetworkEditRoute.tsx exists, and the row does not ask for it',
    )
  })
})

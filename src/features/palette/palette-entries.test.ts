import { describe, expect, it } from 'vitest'
import { createLabel, resources, type Resource } from '../../lib/resources'
import { filterEntries, pageEntries, resourceEntries } from './palette-entries'

const entries = [
  ...pageEntries(
    [
      { label: 'Networks', to: '/networks' },
      { label: 'Instances', to: '/instances' },
    ],
    () => true,
  ),
  ...resourceEntries(resources.instances, [
    { metadata: { id: 'i-123', name: 'trainer-0' }, status: { privateIP: '10.0.0.7' } },
    { metadata: { id: 'i-456', name: 'trainer-1' }, status: {} },
  ]),
  ...resourceEntries(resources.users, [
    { metadata: { id: 'u-1', name: 'u-1' }, spec: { subject: 'mei.lin@acme.example' } },
  ]),
]

describe('filterEntries', () => {
  it('shows pages and create forms, not resources, before anything is typed', () => {
    const shown = filterEntries('', entries, 50)
    expect(shown.map((e) => e.label)).toContain('Networks')
    expect(shown.map((e) => e.label)).toContain('Create instance')
    expect(shown.some((e) => e.group === 'Resources')).toBe(false)
  })

  it('finds a resource by name, by id and by address, and links to its page', () => {
    expect(filterEntries('trainer-1', entries, 50).map((e) => e.to)).toEqual(['/instances/i-456'])
    expect(filterEntries('i-123', entries, 50).map((e) => e.label)).toEqual(['trainer-0'])
    expect(filterEntries('10.0.0.7', entries, 50).map((e) => e.label)).toEqual(['trainer-0'])
  })

  it('names a user by address and matches every word', () => {
    expect(filterEntries('mei acme', entries, 50).map((e) => e.label)).toEqual(['mei.lin@acme.example'])
    expect(filterEntries('create network', entries, 50).map((e) => e.to)).toEqual(['/networks/new'])
  })

  it('words each create form as its list’s button does: users are added', () => {
    const creates = filterEntries('', entries, 50).filter((e) => e.group === 'Create')
    expect(creates.find((e) => e.to === '/users/new')?.label).toBe('Add user')
    expect(creates.find((e) => e.to === '/users/new')?.label).toBe(createLabel(resources.users))
    expect(creates.map((e) => e.label)).not.toContain('Create user')
    expect(creates.find((e) => e.to === '/file-storage/new')?.label).toBe('Create file storage')
  })

  it('offers only the create forms the caller may use', () => {
    const mayCreate = (resource: Resource) => resource === resources.projects
    const creates = filterEntries('', pageEntries([], mayCreate), 50).filter((e) => e.group === 'Create')
    expect(creates.map((e) => e.label)).toEqual(['Create project'])
    expect(
      filterEntries(
        'create network',
        pageEntries([], () => false),
        50,
      ),
    ).toEqual([])
  })

  it('stops at the limit', () => {
    expect(filterEntries('trainer', entries, 1)).toHaveLength(1)
  })
})

describe('typed filters in the palette', () => {
  const names = { projectName: new Map([['p-1', 'ml-research']]), regionName: new Map<string, string>() }
  const typed = [
    ...entries,
    ...resourceEntries(
      resources.networks,
      [
        { metadata: { id: 'n-1', name: 'fabric', projectId: 'p-1', provisioningStatus: 'error' } as never },
        { metadata: { id: 'n-2', name: 'lake', projectId: 'p-2', provisioningStatus: 'error' } as never },
      ],
      names,
    ),
  ]

  it('keeps the resources whose state and project match, and no page or form', () => {
    expect(filterEntries('status:error project:ml-research', typed, 50).map((e) => e.label)).toEqual(['fabric'])
    expect(filterEntries('status:error', typed, 50).map((e) => e.label)).toEqual(['fabric', 'lake'])
    expect(filterEntries('status:error lak', typed, 50).map((e) => e.label)).toEqual(['lake'])
  })
})

describe('resourceEntries', () => {
  it('marks each result with its kind’s icon, the one its row declares and the navigation shows', () => {
    const [instance] = filterEntries('trainer-0', entries, 50)
    expect(instance!.icon).toBe(resources.instances.icon)
    const create = filterEntries('Create instance', entries, 50).find((entry) => entry.group === 'Create')
    expect(create!.icon).toBe(resources.instances.icon)
  })

  it('puts first the entry whose label is what was typed, so Enter opens it', () => {
    const offered = pageEntries(
      [
        { label: 'Security groups', to: '/security-groups', resource: resources.securityGroups },
        { label: 'Groups', to: '/groups', resource: resources.groups },
      ],
      () => true,
    )
    expect(filterEntries('create group', offered, 50)[0]?.label).toBe('Create group')
    expect(filterEntries('Group', offered, 50)[0]?.label).toBe('Groups')
    // Otherwise as they were offered: pages before create forms.
    expect(filterEntries('security', offered, 50).map((e) => e.label)).toEqual([
      'Security groups',
      'Create security group',
    ])
  })

  it('offers only the pages the caller may read, as the navigation shows them', () => {
    const may = (resource: Resource, operation: 'read' | 'create') =>
      operation === 'read' && resource !== resources.users
    const pages = filterEntries(
      '',
      pageEntries(
        [
          { label: 'Overview', to: '/' },
          { label: 'Users', to: '/users', resource: resources.users },
          { label: 'Networks', to: '/networks', resource: resources.networks },
        ],
        may,
      ),
      50,
    )
    expect(pages.map((e) => e.label)).toEqual(['Overview', 'Networks'])
  })
})

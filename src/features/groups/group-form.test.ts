import { describe, expect, it } from 'vitest'
import { groupSchema, projectSchema, roleSchema } from '../../api/schemas/identity'
import { at, issuesOf, storedMetadata } from '../../test/form-fixtures'
import { createDefaults, groupForm, projectLinks, toWire, updateDefaults, type GroupValues } from './group-form'
import { DELETED, lossesOf, losesAnything, otherGroupsOf } from './group-losses'
import { membersOf } from './group-members'

const group = groupSchema.parse({
  metadata: storedMetadata('g1', 'team', { description: 'A team', tags: [{ name: 'k', value: 'v' }] }),
  spec: {
    roleIDs: ['r-user', 'r-reader'],
    userIDs: ['u1', 'u2'],
    serviceAccountIDs: ['sa1'],
    subjects: [{ id: 's1', email: 's@x.example', issuer: 'https://idp.example' }],
  },
})
const project = (id: string, name: string, groupIDs: string[]) =>
  projectSchema.parse({
    metadata: storedMetadata(id, name, { tags: [{ name: 'team', value: 'a' }] }),
    spec: { groupIDs },
  })
const projects = [project('p1', 'research', ['g1', 'g0']), project('p2', 'sandbox', ['g0'])]

describe('the group form', () => {
  it('creates with the document’s groupWrite: roles and service accounts always, the description only when given', () => {
    const values: GroupValues = { ...createDefaults, name: ' team ', roleIDs: ['r-user'], userIDs: ['u1'] }
    expect(toWire(values).body).toEqual({
      metadata: { name: 'team' },
      spec: { roleIDs: ['r-user'], userIDs: ['u1'], serviceAccountIDs: [] },
    })
  })

  it('starts an edit from the group and the projects that list it, and sends back tags and subjects as read', () => {
    const values = updateDefaults(group, projects)
    expect(values).toMatchObject({ name: 'team', roleIDs: ['r-user', 'r-reader'], projectIDs: ['p1'] })
    expect(toWire({ ...values, roleIDs: ['r-user'] }, group).body).toEqual({
      metadata: { name: 'team', description: 'A team', tags: [{ name: 'k', value: 'v' }] },
      spec: {
        roleIDs: ['r-user'],
        userIDs: ['u1', 'u2'],
        serviceAccountIDs: ['sa1'],
        subjects: [{ id: 's1', email: 's@x.example', issuer: 'https://idp.example' }],
      },
    })
  })

  it('sends subject rows begun, trimmed, and refuses one without its provider or id', () => {
    const rows = [
      { issuer: '', id: '', email: '' },
      { issuer: ' https://idp.example ', id: ' p-1 ', email: '' },
    ]
    const values: GroupValues = { ...createDefaults, name: 'team', subjects: rows }
    const wire = toWire(values)
    expect(wire.body.spec.subjects).toEqual([{ id: 'p-1', issuer: 'https://idp.example' }])
    // The platform's path names the sent row; the form shows it at the row it came from.
    expect(wire.pathOf(at('spec.subjects.0.issuer'))).toBe('subjects.1.issuer')
    expect(issuesOf(groupForm, { ...values, subjects: [{ issuer: '', id: 'x', email: '' }] })).toEqual([
      'subjects.0.issuer: Enter the identity provider’s URL.',
    ])
  })

  it('maps the platform’s paths to the fields', () => {
    const { pathOf } = toWire(createDefaults)
    expect(pathOf(at('spec.roleIDs.0'))).toBe('roleIDs')
    expect(pathOf(at('spec.userIDs'))).toBe('userIDs')
    expect(pathOf(at('spec.serviceAccountIDs.2'))).toBe('serviceAccountIDs')
    expect(pathOf(at('metadata.name'))).toBe('name')
  })

  it('links exactly the chosen projects, each sent back whole', () => {
    const links = projectLinks(projects, 'g1', ['p2'])
    expect(links.map(({ project: p, body }) => [p.metadata.name, body])).toEqual([
      [
        'research',
        { metadata: { name: 'research', tags: [{ name: 'team', value: 'a' }] }, spec: { groupIDs: ['g0'] } },
      ],
      [
        'sandbox',
        { metadata: { name: 'sandbox', tags: [{ name: 'team', value: 'a' }] }, spec: { groupIDs: ['g0', 'g1'] } },
      ],
    ])
    expect(projectLinks(projects, 'g1', ['p1'])).toEqual([])
  })
})

describe('who loses what', () => {
  const members = membersOf(group, {
    users: [],
    roles: [
      roleSchema.parse({ metadata: storedMetadata('r-user', 'user') }),
      roleSchema.parse({ metadata: storedMetadata('r-reader', 'reader') }),
    ],
    serviceAccounts: [],
    projects,
  })
  const everyone = ['u1', 'u2', 's@x.example', 'sa1']
  const alone = () => []

  it('names the members who keep the group but lose a removed role', () => {
    const losses = lossesOf(members, { ...updateDefaults(group, projects), roleIDs: ['r-user'] }, alone)
    expect(losses.losing.map((l) => [l.name, l.roles])).toEqual(everyone.map((name) => [name, ['reader']]))
    expect(losses).toMatchObject({ leaving: [], projects: ['research'], counted: true })
    expect(losesAnything(losses)).toBe(true)
  })

  it('loses nothing when only a role is added', () => {
    expect(
      losesAnything(
        lossesOf(members, { ...updateDefaults(group, projects), roleIDs: ['r-user', 'r-reader', 'x'] }, alone),
      ),
    ).toBe(false)
  })

  it('takes everything from a member in no other group on delete', () => {
    const losses = lossesOf(members, DELETED, alone)
    expect(losses.losing.map((l) => [l.name, l.roles, l.inProjects])).toEqual(
      everyone.map((name) => [name, ['user', 'reader'], []]),
    )
    expect(losses).toMatchObject({ leaving: everyone, unlinked: ['research'] })
  })

  it('counts the other groups: a role one grants is kept, and kept in the projects that list that group', () => {
    // u1 is also in g0, which grants user and which both projects list; sa1 is in g2, granting user, listed by none.
    const others = otherGroupsOf('g1', {
      groups: [
        groupSchema.parse({
          metadata: storedMetadata('g0', 'builders'),
          spec: { roleIDs: ['r-user'], userIDs: ['u1'] },
        }),
        groupSchema.parse({
          metadata: storedMetadata('g2', 'everywhere'),
          spec: { roleIDs: ['r-user'], serviceAccountIDs: ['sa1'] },
        }),
      ],
      projects,
    })
    const losses = lossesOf(members, DELETED, others)
    const of = (name: string) => losses.losing.find((l) => l.name === name)
    expect(of('u1')).toEqual({ name: 'u1', roles: ['reader'], inProjects: [] })
    expect(of('sa1')).toEqual({
      name: 'sa1',
      roles: ['reader'],
      inProjects: [{ project: 'research', roles: ['user'] }],
    })
    expect(of('u2')?.roles).toEqual(['user', 'reader'])
    expect(losses.keeping).toEqual([
      { name: 'u1', roles: ['user'], through: ['builders'] },
      { name: 'sa1', roles: ['user'], through: ['everywhere'] },
    ])
  })

  it('says nothing is lost when every member has what the group grants through another', () => {
    const others = otherGroupsOf('g1', {
      groups: [
        groupSchema.parse({
          metadata: storedMetadata('g0', 'builders'),
          spec: {
            roleIDs: ['r-user', 'r-reader'],
            userIDs: ['u1', 'u2'],
            serviceAccountIDs: ['sa1'],
            subjects: [{ id: 's1' }],
          },
        }),
      ],
      projects,
    })
    expect(losesAnything(lossesOf(members, DELETED, others))).toBe(false)
  })

  it('says lost what it cannot count when the other groups are unknown', () => {
    expect(lossesOf(members, DELETED).counted).toBe(false)
  })
})

import { describe, expect, it } from 'vitest'
import { groupSchema, projectSchema, roleSchema, serviceAccountSchema, userSchema } from '../../api/schemas/identity'
import { accountJoining, membersOf, userCount, userJoining } from './group-members'

const meta = (id: string, name: string) => ({
  id,
  name,
  organizationId: 'o',
  creationTime: '2025-01-01T00:00:00Z',
  provisioningStatus: 'provisioned',
  healthStatus: 'healthy',
})
const group = (spec: unknown) => groupSchema.parse({ metadata: meta('g1', 'readers'), spec })
const lists = {
  users: [
    userSchema.parse({
      metadata: meta('u1', 'ada'),
      spec: { subject: 'ada@example.com', state: 'active', groupIDs: ['g1'] },
    }),
  ],
  serviceAccounts: [
    serviceAccountSchema.parse({
      metadata: meta('s1', 'ci'),
      spec: { groupIDs: ['g1'] },
      status: { expiry: '2026-01-01T00:00:00Z' },
    }),
  ],
  roles: [roleSchema.parse({ metadata: { ...meta('r1', 'reader'), description: 'Read only' } })],
  projects: [
    projectSchema.parse({ metadata: meta('p1', 'research'), spec: { groupIDs: ['g1'] } }),
    projectSchema.parse({ metadata: meta('p2', 'other'), spec: { groupIDs: ['g2'] } }),
  ],
}

describe('membersOf', () => {
  it('resolves users, service accounts and roles by id, and finds the projects that use the group', () => {
    expect(membersOf(group({ userIDs: ['u1'], serviceAccountIDs: ['s1'], roleIDs: ['r1'] }), lists)).toEqual({
      roles: [{ id: 'r1', name: 'reader', description: 'Read only' }],
      users: [{ id: 'u1', subject: 'ada@example.com', state: 'active' }],
      serviceAccounts: [{ id: 's1', name: 'ci', expiry: '2026-01-01T00:00:00Z' }],
      projects: [{ id: 'p1', name: 'research' }],
    })
  })

  it('keeps ids the lists do not hold, so nothing a group grants is hidden', () => {
    const members = membersOf(group({ userIDs: ['gone'], serviceAccountIDs: ['x'], roleIDs: ['r9'] }), {})
    expect(members.users).toEqual([{ id: 'gone', subject: undefined, state: undefined }])
    expect(members.serviceAccounts).toEqual([{ id: 'x', name: undefined, expiry: undefined }])
    expect(members.roles).toEqual([{ id: 'r9', name: undefined, description: undefined }])
    expect(members.projects).toEqual([])
  })

  it('reads members given as subjects when the platform lists no user ids', () => {
    const g = group({
      subjects: [
        { id: 'u1', email: 'ada@example.com' },
        { id: 'u7', email: 'bo@example.com' },
      ],
    })
    expect(membersOf(g, lists).users).toEqual([
      { id: 'u1', subject: 'ada@example.com', state: 'active', bySubject: true },
      { id: 'u7', subject: 'bo@example.com', state: undefined, bySubject: true },
    ])
    expect(userCount(g)).toBe(2)
  })

  it('reads subjects beside user ids, each member once', () => {
    const g = group({
      userIDs: ['u1'],
      subjects: [
        { id: 'u1', email: 'ada@example.com' },
        { id: 'x9', email: 'x@idp.example' },
      ],
    })
    expect(membersOf(g, lists).users.map((u) => u.subject)).toEqual(['ada@example.com', 'x@idp.example'])
    expect(userCount(g)).toBe(2)
  })

  it('copes with a group without a spec', () => {
    const g = groupSchema.parse({ metadata: meta('g3', 'empty') })
    expect(membersOf(g, lists)).toEqual({ roles: [], users: [], serviceAccounts: [], projects: [] })
    expect(userCount(g)).toBe(0)
  })
})

describe('joining a group', () => {
  it('adds the group to a user’s groups, once, and sends everything else back as read', () => {
    const user = userSchema.parse({
      metadata: { ...meta('u2', 'grace'), description: 'Ops', tags: [{ name: 'team', value: 'ops' }] },
      spec: { subject: 'grace@example.com', state: 'pending', groupIDs: ['g0'] },
    })
    expect(userJoining(user, 'g1')).toEqual({
      metadata: { name: 'grace', description: 'Ops', tags: [{ name: 'team', value: 'ops' }] },
      spec: { subject: 'grace@example.com', state: 'pending', groupIDs: ['g0', 'g1'] },
    })
    expect(userJoining(user, 'g0').spec.groupIDs).toEqual(['g0'])
  })

  it('adds the group to a service account’s groups', () => {
    const account = serviceAccountSchema.parse({ metadata: meta('s2', 'ci'), spec: { groupIDs: [] } })
    expect(accountJoining(account, 'g1')).toEqual({ metadata: { name: 'ci' }, spec: { groupIDs: ['g1'] } })
  })
})

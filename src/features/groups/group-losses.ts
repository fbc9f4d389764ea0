import type { Group, Project, ServiceAccount, User } from '../../api/schemas/identity'
import type { GroupMembers } from './group-members'

// Who loses what when a group changes or goes: said before the change is sent, since access lost mid-task is hard to
// notice from the other side. A member's access is the union of all their groups: the roles each grants, and in each
// project that lists one of them, that group's roles there. So a member loses a role only when no other group of
// theirs grants it, and a role in a project only when no other group of theirs that the project lists grants it.
// Roles are known by name only (what each permits is the platform's): losses are said as roles, never as permissions.

/** One of the member's other groups, as far as their access goes. */
interface OtherGroup {
  name: string
  roleIDs: readonly string[]
  projectIDs: readonly string[]
}

/** Each member's other groups, by member id; undefined when the organization's groups could not be read. */
export type OtherGroups = (memberId: string) => OtherGroup[]

/** The groups other than `groupId` each user or service account is in, from the organization's lists. */
export function otherGroupsOf(
  groupId: string,
  lists: { groups?: Group[]; projects?: Project[]; users?: User[]; serviceAccounts?: ServiceAccount[] },
): OtherGroups | undefined {
  if (!lists.groups) return undefined
  const linked = (id: string) =>
    (lists.projects ?? []).filter((p) => p.spec.groupIDs.includes(id)).map((p) => p.metadata.id)
  const own = new Map<string, readonly string[]>([
    ...(lists.users ?? []).map((u) => [u.metadata.id, u.spec.groupIDs] as const),
    ...(lists.serviceAccounts ?? []).map((a) => [a.metadata.id, a.spec.groupIDs] as const),
  ])
  const others = lists.groups
    .filter((g) => g.metadata.id !== groupId)
    .map((g) => ({
      id: g.metadata.id,
      // Membership is written on the member and listed on the group; either counts.
      lists: new Set([
        ...(g.spec?.userIDs ?? []),
        ...(g.spec?.subjects ?? []).map((s) => s.id),
        ...(g.spec?.serviceAccountIDs ?? []),
      ]),
      group: { name: g.metadata.name, roleIDs: g.spec?.roleIDs ?? [], projectIDs: linked(g.metadata.id) },
    }))
  return (memberId) =>
    others.filter((o) => o.lists.has(memberId) || own.get(memberId)?.includes(o.id)).map((o) => o.group)
}

/** What stays of the group after the change: the ids it will hold, and the projects that will list it. */
export interface GroupAfter {
  roleIDs: readonly string[]
  userIDs: readonly string[]
  serviceAccountIDs: readonly string[]
  projectIDs: readonly string[]
  /** The ids of the members named as subjects. */
  subjects?: readonly { id: string }[]
}

/** A deleted group keeps nothing. */
export const DELETED: GroupAfter = { roleIDs: [], userIDs: [], serviceAccountIDs: [], projectIDs: [] }

/** What one member loses: roles no group of theirs grants any more, and roles lost in a project alone. */
export interface MemberLoss {
  name: string
  roles: string[]
  inProjects: { project: string; roles: string[] }[]
}

/** What one member keeps of what the change takes from this group, and through which of their other groups. */
export interface MemberKeeps {
  name: string
  roles: string[]
  through: string[]
}

export interface GroupLosses {
  /** Members who lose something, each with what. */
  losing: MemberLoss[]
  /** Members the change touches who keep some of it through their other groups. */
  keeping: MemberKeeps[]
  /** Members taken out of the group. */
  leaving: string[]
  /** Projects that listed the group. */
  projects: string[]
  /** Projects that stop listing the group. */
  unlinked: string[]
  /** Whether the members' other groups were counted; when not, a role one of them grants is said lost. */
  counted: boolean
}

export function lossesOf(before: GroupMembers, after: GroupAfter, otherGroups?: OtherGroups): GroupLosses {
  const roleName = new Map(before.roles.map((r) => [r.id, r.name ?? r.id]))
  const projectName = new Map(before.projects.map((p) => [p.id, p.name]))
  const granted = before.roles.map((r) => r.id)
  const listing = before.projects.map((p) => p.id)
  const unlinked = listing.filter((id) => !after.projectIDs.includes(id))
  const members = [
    ...before.users.map((u) => ({
      id: u.id,
      name: u.subject ?? u.id,
      stays: u.bySubject ? (after.subjects ?? []).some((s) => s.id === u.id) : after.userIDs.includes(u.id),
    })),
    ...before.serviceAccounts.map((a) => ({
      id: a.id,
      name: a.name ?? a.id,
      stays: after.serviceAccountIDs.includes(a.id),
    })),
  ]
  const losing: MemberLoss[] = []
  const keeping: MemberKeeps[] = []
  for (const member of members) {
    const others = otherGroups?.(member.id) ?? []
    const elsewhere = new Set(others.flatMap((g) => g.roleIDs))
    const keptRoles = member.stays ? after.roleIDs : []
    const keptProjects = member.stays ? after.projectIDs : []
    // What the change takes from this group for this member: every role it granted them, or those it stops granting,
    // and, where a project stops listing it, its roles there.
    const atStake = granted.filter((id) => !keptRoles.includes(id) || unlinked.length > 0)
    if (!atStake.length) continue
    const roles = granted.filter((id) => !keptRoles.includes(id) && !elsewhere.has(id))
    const inProjects = listing
      .map((projectId) => {
        const there = new Set([
          ...(keptProjects.includes(projectId) ? keptRoles : []),
          ...others.filter((g) => g.projectIDs.includes(projectId)).flatMap((g) => g.roleIDs),
        ])
        const lost = granted.filter((id) => !there.has(id) && !roles.includes(id))
        return { project: projectName.get(projectId)!, roles: lost.map((id) => roleName.get(id)!) }
      })
      .filter((p) => p.roles.length > 0)
    if (roles.length || inProjects.length)
      losing.push({ name: member.name, roles: roles.map((id) => roleName.get(id)!), inProjects })
    const kept = atStake.filter((id) => elsewhere.has(id))
    if (kept.length)
      keeping.push({
        name: member.name,
        roles: kept.map((id) => roleName.get(id)!),
        through: others.filter((g) => g.roleIDs.some((id) => kept.includes(id))).map((g) => g.name),
      })
  }
  return {
    losing,
    keeping,
    leaving: members.filter((m) => !m.stays).map((m) => m.name),
    projects: before.projects.map((p) => p.name),
    unlinked: unlinked.map((id) => projectName.get(id)!),
    counted: otherGroups !== undefined,
  }
}

/** Whether any member loses anything at all. */
export function losesAnything(losses: GroupLosses): boolean {
  return losses.losing.length > 0
}

import type { GroupMembers } from './group-members'

// Who loses what when a group changes or goes: said before the change is sent, since access lost mid-task is hard to
// notice from the other side. Names as the group's page shows them; an id no list holds stays an id.

export interface GroupLosses {
  /** Roles no longer granted, by name. */
  roles: string[]
  /** Members who stay in the group and lose those roles. */
  staying: string[]
  /** Members taken out of the group, who lose every role it grants. */
  leaving: string[]
  /** The roles the group granted before: what a leaving member loses. */
  granted: string[]
  /** Projects that listed the group, where those losses apply. */
  projects: string[]
  /** Projects that stop listing the group: its members lose its roles there. */
  unlinked: string[]
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

export function lossesOf(before: GroupMembers, after: GroupAfter): GroupLosses {
  const roleName = (role: GroupMembers['roles'][number]) => role.name ?? role.id
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
  const roles = before.roles.filter((r) => !after.roleIDs.includes(r.id)).map(roleName)
  return {
    roles,
    staying: roles.length ? members.filter((m) => m.stays).map((m) => m.name) : [],
    leaving: members.filter((m) => !m.stays).map((m) => m.name),
    granted: before.roles.map(roleName),
    projects: before.projects.map((p) => p.name),
    unlinked: before.projects.filter((p) => !after.projectIDs.includes(p.id)).map((p) => p.name),
  }
}

/** Whether anyone loses anything at all. */
export function losesAnything(losses: GroupLosses): boolean {
  return losses.roles.length > 0 || losses.leaving.length > 0 || losses.unlinked.length > 0
}

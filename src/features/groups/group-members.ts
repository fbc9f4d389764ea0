import type {
  Group,
  Project,
  Role,
  ServiceAccount,
  ServiceAccountWrite,
  User,
  UserWrite,
} from '../../api/schemas/identity'

// What a group grants and to whom, from the ids it holds resolved against the organization's lists. An id a list
// does not hold (or a list the platform does not offer) still shows, as its id.

export interface GroupMembers {
  roles: { id: string; name?: string; description?: string }[]
  /** `bySubject`: listed among the group's subjects rather than its user ids. */
  users: { id: string; subject?: string; state?: string; bySubject?: boolean }[]
  serviceAccounts: { id: string; name?: string; expiry?: string }[]
  projects: { id: string; name: string }[]
}

interface Lists {
  users?: User[]
  serviceAccounts?: ServiceAccount[]
  roles?: Role[]
  projects?: Project[]
}

function byId<T extends { metadata: { id: string } }>(items: T[] | undefined): Map<string, T> {
  return new Map((items ?? []).map((item) => [item.metadata.id, item]))
}

export function membersOf(group: Group, lists: Lists): GroupMembers {
  const users = byId(lists.users)
  const accounts = byId(lists.serviceAccounts)
  const roles = byId(lists.roles)
  const spec = group.spec
  // Members are listed by user id, or as subjects named by their identity provider (id and e-mail), or both.
  const userIDs = spec?.userIDs ?? []
  const members = [
    ...userIDs.map((id) => ({ id, subject: users.get(id)?.spec.subject, state: users.get(id)?.spec.state })),
    ...(spec?.subjects ?? [])
      .filter((s) => !userIDs.includes(s.id))
      .map((s) => ({
        id: s.id,
        subject: s.email ?? users.get(s.id)?.spec.subject,
        state: users.get(s.id)?.spec.state,
        bySubject: true,
      })),
  ]
  return {
    roles: (spec?.roleIDs ?? []).map((id) => ({
      id,
      name: roles.get(id)?.metadata.name,
      description: roles.get(id)?.metadata.description,
    })),
    users: members,
    serviceAccounts: (spec?.serviceAccountIDs ?? []).map((id) => ({
      id,
      name: accounts.get(id)?.metadata.name,
      expiry: accounts.get(id)?.status?.expiry,
    })),
    projects: projectsReferencing(lists.projects ?? [], group.metadata.id).map((p) => ({
      id: p.metadata.id,
      name: p.metadata.name,
    })),
  }
}

/** The projects that reference a group: those whose `groupIDs` list it, where its members get its roles. */
export function projectsReferencing(projects: readonly Project[], groupId: string): Project[] {
  return projects.filter((p) => p.spec.groupIDs.includes(groupId))
}

/** How many users a group has, whichever way the platform lists them. */
export function userCount(group: Group): number {
  const userIDs = group.spec?.userIDs ?? []
  return userIDs.length + (group.spec?.subjects ?? []).filter((s) => !userIDs.includes(s.id)).length
}

/** The metadata a write sends back as it was read: a membership change renames or retags nothing. */
function keptMetadata({
  name,
  description,
  tags,
}: {
  name: string
  description?: string
  tags?: { name: string; value: string }[]
}) {
  return {
    name,
    ...(description ? { description } : {}),
    ...(tags?.length ? { tags: tags.map((t) => ({ name: t.name, value: t.value })) } : {}),
  }
}

/**
 * A user's update that adds them to `groupId`. Membership is written on the member (the platform has no group
 * write), and the update replaces the whole user: everything else goes back as read.
 */
export function userJoining(user: User, groupId: string): UserWrite {
  return {
    metadata: keptMetadata(user.metadata),
    spec: {
      subject: user.spec.subject,
      // A state this console does not know goes back as read: the platform decides.
      state: user.spec.state as UserWrite['spec']['state'],
      groupIDs: [...new Set([...user.spec.groupIDs, groupId])],
    },
  }
}

/** A service account's update that adds it to `groupId`, everything else as read. */
export function accountJoining(account: ServiceAccount, groupId: string): ServiceAccountWrite {
  return {
    metadata: keptMetadata(account.metadata),
    spec: { groupIDs: [...new Set([...account.spec.groupIDs, groupId])] },
  }
}

import { groupApi, projectApi, roleApi, serviceAccountApi, userApi } from '../../api/identity'
import { readOf } from '../../api/read'

/** What the group forms offer to pick from, in the organization: its people, its roles and its projects. */
export function groupFormReads(organizationID: string) {
  const inOrganization = { organizationID }
  return {
    users: readOf(userApi.list, inOrganization),
    serviceAccounts: readOf(serviceAccountApi.list, inOrganization),
    roles: readOf(roleApi.list, inOrganization),
    projects: readOf(projectApi.list, inOrganization),
  }
}

/**
 * A group's pages (its detail and its edit form): the group, the people, roles and projects its members and grants
 * are named from, and the organization's other groups, through which its members may keep what it grants (what a
 * change or a delete takes from them counts those). Its pages build their queries from these, and the console server
 * asks the same with the page's HTML (server/console/bootstrap.ts; src/api/read.ts says why).
 */
export function groupReads(groupID: string, organizationID: string) {
  return {
    group: readOf(groupApi.detail, { organizationID, groupID }),
    ...groupFormReads(organizationID),
    groups: readOf(groupApi.list, { organizationID }),
  }
}

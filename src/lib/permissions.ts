import { useQuery } from '@tanstack/react-query'
import { aclAllows, aclApi, type AclOperation } from '../api/acl'
import { q } from '../api/endpoint'
import { useStoredScope } from './scope'

/** The console's pages that the platform's roles govern. */
export type Governed =
  | 'networks'
  | 'securityGroups'
  | 'fileStorage'
  | 'instances'
  | 'flavors'
  | 'images'
  | 'users'
  | 'serviceAccounts'
  | 'projects'
  | 'groups'

// The ACL's endpoint names for each page; a page is governed by any of its names (the platform has named
// instances both ways).
const ENDPOINT_NAMES: Record<Governed, readonly string[]> = {
  networks: ['region:networks'],
  securityGroups: ['region:securitygroups'],
  fileStorage: ['region:filestorage'],
  instances: ['compute:instances', 'region:servers'],
  flavors: ['region:flavors', 'compute:flavors'],
  images: ['region:images', 'compute:images'],
  users: ['identity:users'],
  serviceAccounts: ['identity:serviceaccounts'],
  projects: ['identity:projects'],
  groups: ['identity:groups'],
}

const NOUNS: Record<Governed, string> = {
  networks: 'networks',
  securityGroups: 'security groups',
  fileStorage: 'file storage',
  instances: 'instances',
  flavors: 'flavors',
  images: 'images',
  users: 'users',
  serviceAccounts: 'service accounts',
  projects: 'projects',
  groups: 'groups',
}

const VERBS: Record<AclOperation, string> = { create: 'create', read: 'see', update: 'change', delete: 'delete' }

export interface Access {
  may(page: Governed, op: AclOperation): boolean
  /** Why `op` is refused, for a disabled action's tooltip and screen readers; undefined when it is allowed. */
  reason(page: Governed, op: AclOperation): string | undefined
}

/**
 * What the caller may do in the working organization, from its ACL. Until the ACL is known, and where the platform
 * offers none, everything is allowed: the platform decides each request anyway.
 */
export function useAccess(): Access {
  const { organizationId } = useStoredScope()
  const acl = useQuery({
    ...q(aclApi.organization, { organizationID: organizationId ?? '' }),
    enabled: Boolean(organizationId),
  }).data
  const may = (page: Governed, op: AclOperation) => !acl || aclAllows(acl, ENDPOINT_NAMES[page], op)
  return {
    may,
    reason: (page, op) =>
      may(page, op) ? undefined : `Your roles in this organization do not allow you to ${VERBS[op]} ${NOUNS[page]}.`,
  }
}

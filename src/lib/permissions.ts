import { useQuery, type QueryClient } from '@tanstack/react-query'
import { aclAllows, aclApi, aclNames, type Acl, type AclOperation } from '../api/acl'
import { q } from '../api/endpoint'
import { createVerb, plural, type Resource } from './resources'
import { useStoredScope } from './scope'

const VERBS: Record<AclOperation, string> = { create: 'create', read: 'see', update: 'change', delete: 'delete' }

/** The refused operation as the console words it: a create as the resource's create button does ("add", "import"). */
const verb = (resource: Resource, op: AclOperation) =>
  op === 'create' ? createVerb(resource).toLowerCase() : VERBS[op]

export interface Access {
  may(resource: Resource, op: AclOperation): boolean
  /** Why `op` is refused, for a disabled action's tooltip and screen readers; undefined when it is allowed. */
  reason(resource: Resource, op: AclOperation): string | undefined
}

/**
 * What an ACL lets the caller do with a resource: any of the resource's names grants it (`Resource.acl`). Without
 * an ACL (not known yet, or the platform offers none) everything is allowed: the platform decides each request anyway,
 * as it does for a resource whose names are the console's guess (`aclUnpublished`) and an ACL that names none of them.
 */
export function allows(acl: Acl | undefined, resource: Resource, op: AclOperation): boolean {
  if (!acl || aclAllows(acl, resource.acl, op)) return true
  return Boolean(resource.aclUnpublished) && !aclNames(acl, resource.acl)
}

/**
 * The caller's ACL in an organization, for a loader that asks only for what the caller's roles include (the scope
 * check has already asked for it, so this waits on that request). Undefined when the platform offers none or it
 * could not be read: `allows` then lets everything through and the platform decides each request.
 */
export async function loadAcl(queryClient: QueryClient, organizationID: string): Promise<Acl | undefined> {
  return queryClient.ensureQueryData(q(aclApi.organization, { organizationID })).catch(() => undefined)
}

/** What the caller may do in the working organization, from its ACL. */
export function useAccess(): Access {
  const { organizationId } = useStoredScope()
  const acl = useQuery({
    ...q(aclApi.organization, { organizationID: organizationId ?? '' }),
    enabled: Boolean(organizationId),
  }).data
  const may = (resource: Resource, op: AclOperation) => allows(acl, resource, op)
  return {
    may,
    reason: (resource, op) =>
      may(resource, op)
        ? undefined
        : `Your roles in this organization do not allow you to ${verb(resource, op)} ${plural(resource)}.`,
  }
}

import { plural, resources, singular, type ResourceName } from '../../../src/lib/resources.ts'
import { forbidden } from './errors.ts'
import { describeUsers, live } from './scope.ts'
import type { ResourceMeta } from './store/records.ts'
import type { Store, Table } from './store/store.ts'
import { namesThrough } from './store/tables.ts'

type Owned = { meta: ResourceMeta; organizationId: string }

/**
 * What uses item `id` of `resource`, as its row declares (`Resource.usedBy`): for each kind, its live items that name
 * the id through the declared field. The platform deletes none of them with it.
 */
export function usersOf(store: Store, resource: ResourceName, id: string) {
  return resources[resource].usedBy.map(({ kind, through }) => {
    const names = namesThrough(kind, through)
    // The organization itself: its record names the item (the provider it signs in through), and is never deleted.
    if (kind === 'organizations')
      return {
        kind: singular(resources.organizations),
        items: [...store.organizations.values()]
          .filter((org) => names(org).includes(id))
          .map((org) => ({ meta: { id: org.id, name: org.name } })),
      }
    const table = (store as unknown as Record<string, Table<Owned> | undefined>)[kind]
    if (!table) throw new Error(`${resource} is used by ${kind}, and the store has no ${kind} table`)
    return {
      kind: plural(resources[kind as ResourceName]),
      items: [...live(table)].filter((i) => names(i).includes(id)),
    }
  })
}

/** 403 while anything uses the item, as the platform refuses: "network web is in use and cannot be deleted: …". */
export function refuseWhileUsed(store: Store, resource: ResourceName, item: { meta: ResourceMeta }): void {
  const users = describeUsers(usersOf(store, resource, item.meta.id))
  if (users)
    throw forbidden(
      `${singular(resources[resource])} ${item.meta.name} is in use and cannot be deleted: used by ${users}`,
    )
}

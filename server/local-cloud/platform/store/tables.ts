import type { GroupRecord } from '../../services/identity/groups.ts'
import type { ProjectRecord } from '../../services/identity/projects.ts'
import type { ServiceAccountRecord } from '../../services/identity/service-accounts.ts'
import type { UserRecord } from '../../services/identity/users.ts'
import type { FileStorageRecord } from '../../services/regional/file-storage.ts'
import type { ImageRecord } from '../../services/regional/images.ts'
import type { InstanceRecord } from '../../services/regional/instances.ts'
import type { NetworkRecord } from '../../services/regional/networks.ts'
import type { SecurityGroupRecord } from '../../services/regional/security-groups.ts'

/**
 * The store's tables: each one's name (in the snapshot, the journal and as a `Store` property, `store.networks`) and
 * the record type its resource's service file declares. Records are keyed by `meta.id` and named by `meta.name` (see
 * `Table`).
 */
export interface Tables {
  users: UserRecord
  serviceAccounts: ServiceAccountRecord
  groups: GroupRecord
  projects: ProjectRecord
  networks: NetworkRecord
  securityGroups: SecurityGroupRecord
  fileStorage: FileStorageRecord
  instances: InstanceRecord
  images: ImageRecord
}

// One key a table, checked against Tables both ways: a table cannot be left out here.
const names = {
  users: true,
  serviceAccounts: true,
  groups: true,
  projects: true,
  networks: true,
  securityGroups: true,
  fileStorage: true,
  instances: true,
  images: true,
} satisfies Record<keyof Tables, true>

/**
 * Every table exists in every store, even one opened over a snapshot written before the table did (it starts empty
 * there); tables in a snapshot exist whether listed or not.
 */
export const tableNames: ReadonlySet<string> = new Set(Object.keys(names))

// How the console finds what uses an item, for the delete dialog's "In use by": for each kind a row's `usedBy`
// names, its list in the item's project and the ids its items name through each declared field. Typecheck asks for
// an entry, with every field, for each kind the rows say uses something.

import type { ThroughOf, UsingKind } from '../lib/resources'
import type { Endpoint } from './endpoint'
import { fileStorageApi } from './fileStorage'
import { instanceApi } from './instances'
import { networkApi } from './networks'
import { securityGroupApi } from './securityGroups'

/** A project's items of one kind, and what each names through the fields `F`. */
export interface UsingList<T, F extends string> {
  list: Endpoint<{ projectID?: readonly string[] }, undefined, T[]>
  names: Readonly<Record<F, (item: T) => readonly string[]>>
}

const using = <T extends { metadata: { projectId: string } }, F extends string>(
  list: UsingList<T, F>['list'],
  names: Readonly<Record<Exclude<F, 'projectId'>, (item: T) => readonly string[]>>,
): UsingList<T, F | 'projectId'> =>
  ({ list, names: { ...names, projectId: (item: T) => [item.metadata.projectId] } }) as UsingList<T, F | 'projectId'>

export const usingLists = {
  networks: using(networkApi.list, {}),
  securityGroups: using(securityGroupApi.list, { networkId: (group) => [group.status.networkId] }),
  fileStorage: using(fileStorageApi.list, { networkId: (storage) => storage.spec.attachments?.networkIds ?? [] }),
  instances: using(instanceApi.list, {
    networkId: (instance) => [instance.status.networkId],
    securityGroupId: (instance) => instance.spec.networking?.securityGroups ?? [],
  }),
} satisfies { [K in UsingKind]: { names: Readonly<Record<ThroughOf<K>, unknown>> } }

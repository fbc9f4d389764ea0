import { storeOf, type LocalCloud } from '../../server/local-cloud/index'

/**
 * Makes a network read as deprovisioning for an hour, as the platform shows one while it deletes it: the harness's
 * cloud provisions and deletes at once.
 */
export function networkBeingDeleted(cloud: LocalCloud, networkId: string): void {
  const networks = storeOf(cloud).networks
  const record = networks.get(networkId)
  if (!record) throw new Error(`no network ${networkId}`)
  networks.set({ ...record, meta: { ...record.meta, goneAt: Date.now() + 3_600_000 } })
}

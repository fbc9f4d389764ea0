import { storeOf, type LocalCloud } from '../../server/local-cloud/index'
import { seedManyInstances, seedManyNetworks } from '../../server/local-cloud/testing'

/**
 * Adds `count` networks or instances to the demo organization, as its other admins' creates would (named `bulk-…`),
 * so a test can meet a quota used up; the function it returns removes them again.
 */
export async function usedUpBy(cloud: LocalCloud, kind: 'networks' | 'instances', count: number): Promise<() => void> {
  await (kind === 'networks' ? seedManyNetworks : seedManyInstances)(cloud, count)
  return () => {
    const table = storeOf(cloud)[kind]
    for (const record of [...table.values()]) if (record.meta.name.startsWith('bulk-')) table.delete(record.meta.id)
  }
}

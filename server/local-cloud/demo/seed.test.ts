import { describe, expect, it } from 'vitest'
import { parseCidr } from '../platform/ip.ts'
import { FLAVORS, IMAGES, STORAGE_CLASSES } from '../catalog/regions.ts'
import { buildDemoState } from './seed.ts'

describe('demo data', () => {
  const now = Date.parse('2026-03-01T12:00:00Z')
  const data = buildDemoState(now)

  it('is deterministic', () => {
    expect(buildDemoState(now)).toEqual(data)
  })

  it('keeps every reference inside its organization, project and region', () => {
    const networks = new Map(data.networks.map((n) => [n.meta.id, n]))
    const groups = new Map(data.groups.map((g) => [g.meta.id, g]))
    const projects = new Map(data.projects.map((p) => [p.meta.id, p]))
    for (const network of data.networks) {
      expect(projects.get(network.projectId)?.organizationId).toBe(network.organizationId)
      const prefix = parseCidr(network.prefix)
      expect(prefix?.canonical && prefix.length <= 24).toBe(true)
    }
    for (const group of data.securityGroups) expect(networks.get(group.networkId)?.projectId).toBe(group.projectId)
    for (const storage of data.fileStorage) {
      expect(STORAGE_CLASSES.find((c) => c.id === storage.storageClassId)?.regionId).toBe(storage.regionId)
      expect(storage.usedBytes).toBeLessThanOrEqual(storage.sizeGiB * 2 ** 30)
      for (const a of storage.attachments)
        expect(networks.get(a.networkId)).toMatchObject({ projectId: storage.projectId, regionId: storage.regionId })
    }
    for (const instance of data.instances) {
      const network = networks.get(instance.networkId)
      expect(network).toMatchObject({ projectId: instance.projectId, regionId: instance.regionId })
      expect(FLAVORS.find((f) => f.id === instance.flavorId)?.regionIds).toContain(instance.regionId)
      expect(IMAGES.find((i) => i.id === instance.imageId)?.regionIds).toContain(instance.regionId)
      for (const id of instance.securityGroupIds)
        expect(data.securityGroups.find((g) => g.meta.id === id)?.networkId).toBe(instance.networkId)
    }
    for (const project of data.projects)
      for (const id of project.groupIDs) expect(groups.get(id)?.organizationId).toBe(project.organizationId)
    const ids = [
      ...data.networks,
      ...data.instances,
      ...data.securityGroups,
      ...data.fileStorage,
      ...data.projects,
      ...data.users,
      ...data.groups,
    ].map((r) => r.meta.id)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('gives every instance on a network its own address', () => {
    const addresses = data.instances.map((i) => `${i.networkId}/${i.privateIP}`)
    expect(new Set(addresses).size).toBe(addresses.length)
  })
})

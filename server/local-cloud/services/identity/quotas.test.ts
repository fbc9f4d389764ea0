import { describe, expect, it } from 'vitest'
import { useLocalCloud } from '../../test-cloud.ts'
import { EU_WEST_1 } from '../../catalog/ids.ts'

const local = useLocalCloud()

interface Quota {
  kind: string
  quantity: number
  used: number
  free: number
}

const quotas = async () => {
  const res = await local.api.get(`/local/identity/api/v1/organizations/${local.organizationId}/quotas`)
  expect(res.status).toBe(200)
  return new Map((res.body.quotas as Quota[]).map((q) => [q.kind, q]))
}

describe('quotas', () => {
  it('answers in the platform’s quotasRead shape, use counted from what the organization holds', async () => {
    const res = await local.api.get(`/local/identity/api/v1/organizations/${local.organizationId}/quotas`)
    for (const quota of res.body.quotas) {
      expect(Object.keys(quota).sort()).toEqual(
        ['committed', 'default', 'description', 'displayName', 'free', 'kind', 'quantity', 'reserved', 'used'].sort(),
      )
      expect(quota.free).toBe(Math.max(quota.quantity - quota.used, 0))
    }
    const byKind = await quotas()
    const instances = await local.api.get(`/local/region/api/v2/instances?organizationID=${local.organizationId}`)
    const networks = await local.api.get(`/local/region/api/v2/networks?organizationID=${local.organizationId}`)
    // A compute node pool's workers are servers too (a reservation pool's are its placement's).
    const pools = await local.api.get(`/local/nks/api/v1/nodepools?organizationID=${local.organizationId}`)
    const workers = (pools.body as { spec: { provisioningMode: string; replicas: number } }[])
      .filter((pool) => pool.spec.provisioningMode === 'compute')
      .reduce((sum, pool) => sum + pool.spec.replicas, 0)
    expect(workers).toBeGreaterThan(0)
    expect(byKind.get('servers')?.used).toBe(instances.body.length + workers)
    expect(byKind.get('networks')?.used).toBe(networks.body.length)
    expect(byKind.get('gpus')?.used).toBeGreaterThan(0)
  })

  it('counts a new network at once', async () => {
    const before = (await quotas()).get('networks')!.used
    const projects = await local.api.get(`/local/identity/api/v1/organizations/${local.organizationId}/projects`)
    const created = await local.api.post('/local/region/api/v2/networks', {
      metadata: { name: 'quota-net' },
      spec: {
        organizationId: local.organizationId,
        projectId: projects.body[0].metadata.id,
        regionId: EU_WEST_1,
        prefix: '10.98.0.0/24',
        dnsNameservers: [],
      },
    })
    expect(created.status).toBe(201)
    expect((await quotas()).get('networks')!.used).toBe(before + 1)
  })

  it('refuses another organization’s quotas (403)', async () => {
    const res = await local.api.get(
      `/local/identity/api/v1/organizations/${local.started.cloud.demo.secondOrganizationId}/quotas`,
    )
    expect(res.status).toBe(403)
  })
})

import { describe, expect, it } from 'vitest'
import { metadataSearch, regionalSortValue } from './row-keys'
import { sortBy } from './sort'

const row = (name: string, regionId: string, provisioningStatus: string, creationTime: string) => ({
  metadata: { id: `id-${name}`, name, provisioningStatus, creationTime },
  status: { regionId },
})
const rows = [
  row('beta', 'us-east-1', 'provisioned', '2026-01-01T00:00:00Z'),
  row('alpha', 'eu-west-1', 'error', '2026-03-01T00:00:00Z'),
  row('gamma', 'ap-south-1', 'provisioning', '2026-02-01T00:00:00Z'),
]
const sorted = (key: string) => sortBy(rows, (r) => regionalSortValue(r, key), 'asc').map((r) => r.metadata.name)

describe('regionalSortValue', () => {
  it('puts the newest first under Age, ascending', () => {
    expect(sorted('age')).toEqual(['alpha', 'gamma', 'beta'])
  })
  it('sorts by region, by provisioning status, and by name for any other key', () => {
    expect(sorted('region')).toEqual(['gamma', 'alpha', 'beta'])
    expect(sorted('status')).toEqual(['alpha', 'beta', 'gamma'])
    expect(sorted('name')).toEqual(['alpha', 'beta', 'gamma'])
  })
})

describe('metadataSearch', () => {
  it('finds a resource by its name, id, description and tags as name=value', () => {
    const texts = metadataSearch({
      metadata: {
        id: 'net-1',
        name: 'fabric',
        description: 'training',
        tags: [{ name: 'team', value: 'ml' }],
        creationTime: '2026-01-01T00:00:00Z',
      },
    })
    expect(texts).toEqual(['fabric', 'net-1', 'training', 'team=ml'])
  })
})

// The identity resources' details are picked from their organization's list (selectedFromList): how fresh they are.

import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { configureApi, resetApiConfig } from './config'
import { fakeFetch, jsonResponse, type RecordedCall } from '../test/fakeFetch'
import { q } from './endpoint'
import { projectApi } from './identity'

const ref = { organizationID: 'o', projectID: 'p-1' }
let status = 'provisioning'
const project = () => ({
  metadata: {
    id: 'p-1',
    name: 'ml-research',
    organizationId: 'o',
    creationTime: '2025-01-01T00:00:00Z',
    provisioningStatus: status,
    healthStatus: 'unknown',
  },
  spec: { groupIDs: [] },
})

let client: QueryClient
let calls: RecordedCall[]

beforeEach(() => {
  status = 'provisioning'
  // The console's own default: a read stays fresh for 10 s.
  client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 10_000 } } })
  const fake = fakeFetch(() => jsonResponse(200, [project()]))
  calls = fake.calls
  configureApi({ fetch: fake.fetch })
})
afterEach(() => {
  client.clear()
  resetApiConfig()
})

describe('a detail picked from the list', () => {
  it('opened from a fresh list, asks the platform nothing more', async () => {
    await client.fetchQuery(q(projectApi.list, { organizationID: 'o' }))
    const detail = await client.fetchQuery(q(projectApi.detail, ref))
    expect(detail.metadata.name).toBe('ml-research')
    expect(calls).toHaveLength(1)
  })

  it('refetched while it provisions, shows what the platform says now, not the list it was opened from', async () => {
    const query = q(projectApi.detail, ref)
    expect((await client.fetchQuery(query)).metadata.provisioningStatus).toBe('provisioning')
    status = 'provisioned'
    await client.refetchQueries({ queryKey: query.queryKey })
    expect(client.getQueryData(query.queryKey)?.metadata.provisioningStatus).toBe('provisioned')
  })
})

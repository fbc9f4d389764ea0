import { describe, expect, it } from 'vitest'
import { readSecurityGroupFilters, toSecurityGroupApiFilters } from './security-group-list'

const scope = { organizationId: 'acme', projectId: 'ml', regionId: 'eu-west-1' }
const read = (query: string) => readSecurityGroupFilters(new URLSearchParams(query), scope)

describe('security group list filters', () => {
  it('defaults to the scope without a network', () => {
    expect(toSecurityGroupApiFilters(read(''))).toEqual({
      organizationID: ['acme'],
      projectID: ['ml'],
      regionID: ['eu-west-1'],
    })
  })
  it('filters by the network alone (within the organization) when the URL names one', () => {
    expect(toSecurityGroupApiFilters(read('network=net-1&network=net-2'))).toEqual({
      organizationID: ['acme'],
      networkID: ['net-1', 'net-2'],
    })
  })
  it('keeps the project, region and tag the URL names alongside a network', () => {
    expect(toSecurityGroupApiFilters(read('network=net-1&project=p2&tag=env%3Dprod'))).toEqual({
      organizationID: ['acme'],
      projectID: ['p2'],
      networkID: ['net-1'],
      tag: [{ name: 'env', value: 'prod' }],
    })
  })
})

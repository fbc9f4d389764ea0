import { describe, expect, it } from 'vitest'
import { networkApi } from '../networks'
import { platformMetadata } from '../../test/fakeFetch'

const network = {
  metadata: platformMetadata({ id: 'n-1', name: 'net', createdBy: 'admin@example.com' }),
  spec: { dnsNameservers: ['1.1.1.1'] },
  status: { regionId: 'reg-1', prefix: '10.1.0.0/24' },
  platformField: { kept: true },
}

describe('a list answer', () => {
  const read = (answer: unknown) => networkApi.list.spec.read!.safeParse(answer)

  it("reads the platform's null as no rows", () => {
    expect(read(null)).toEqual({ success: true, data: [] })
  })

  it('keeps fields the console does not know and fills in defaults', () => {
    const result = read([network, { ...network, spec: {} }])
    expect(result.success && result.data[0]).toMatchObject({ platformField: { kept: true } })
    expect(result.success && result.data[1]!.spec.dnsNameservers).toEqual([])
  })

  it('names the row and field that do not fit', () => {
    const result = read([network, { ...network, status: { regionId: 'r', prefix: 24 } }])
    expect(!result.success && result.error.issues[0]!.path).toEqual([1, 'status', 'prefix'])
  })
})

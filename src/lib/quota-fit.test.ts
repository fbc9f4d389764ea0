import { describe, expect, it } from 'vitest'
import { quotaFit, type QuotaUse } from './quota-fit'

const quotas = [
  { kind: 'servers', quantity: 64, used: 18 },
  { kind: 'gpus', quantity: 128, used: 124 },
  { kind: 'networks', quantity: 32, used: 32 },
  { kind: 'filestorage', quantity: 262144, used: 106596 },
]
const network: QuotaUse = { kind: 'networks', amount: 1, unit: ['network', 'networks'], what: 'This network' }
const servers = (amount: number): QuotaUse => ({
  kind: 'servers',
  amount,
  unit: ['server', 'servers'],
  what: 'This instance',
})
const gpus = (amount: number): QuotaUse => ({
  kind: 'gpus',
  amount,
  unit: ['GPU', 'GPUs'],
  what: `This flavor's ${amount} GPUs`,
})

describe('quotaFit', () => {
  it('says what is left of each quota a create uses, the figures grouped', () => {
    expect(quotaFit(quotas, [servers(1), gpus(4)])).toEqual({
      over: false,
      says: "Left in the organization's quotas: 46 of 64 servers, 4 of 128 GPUs.",
    })
    expect(
      quotaFit(quotas, [{ kind: 'filestorage', amount: 100, unit: ['GiB', 'GiB'], what: 'This size' }])?.says,
    ).toBe("Left in the organization's quota: 155,548 of 262,144 GiB.")
  })

  it('says which request would pass its quota, and that the platform refuses it', () => {
    expect(quotaFit(quotas, [network])).toEqual({
      over: true,
      says: "This network would exceed the organization's quota: 0 of 32 networks left. The platform refuses it; free some first, or ask the platform provider for a larger quota.",
    })
    expect(quotaFit(quotas, [servers(1), gpus(8)])?.says).toMatch(
      /^This flavor's 8 GPUs would exceed the organization's quota: 4 of 128 GPUs left\./,
    )
  })

  it('says nothing where the platform reports none of the quotas used', () => {
    expect(quotaFit([], [network])).toBeUndefined()
    expect(quotaFit([{ kind: 'clusters', quantity: 2, used: 2 }], [network])).toBeUndefined()
  })
})

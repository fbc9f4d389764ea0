import { describe, expect, it } from 'vitest'
import { waitAtMost } from './wait-at-most'

describe('waitAtMost', () => {
  it('ends when the work ends, failed or not', async () => {
    await expect(waitAtMost(Promise.resolve(1), 60_000)).resolves.toBeUndefined()
    await expect(waitAtMost(Promise.reject(new Error('refused')), 60_000)).resolves.toBeUndefined()
  })

  it('ends at the limit when the work never does', async () => {
    await expect(waitAtMost(new Promise(() => {}), 5)).resolves.toBeUndefined()
  })
})

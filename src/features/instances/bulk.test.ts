import { describe, expect, it } from 'vitest'
import type { Instance } from '../../api/schemas/regional'
import { confirmTitle, runBulk } from './bulk'

const instance = (id: string, name = id) => ({ metadata: { id, name } }) as Instance

describe('bulk actions', () => {
  it('names one instance, counts several', () => {
    expect(confirmTitle('start', [instance('a', 'web-1')])).toBe('Start web-1?')
    expect(confirmTitle('stop', [instance('a'), instance('b'), instance('c')])).toBe('Stop 3 instances?')
  })

  it('reports each instance on its own: a refusal does not stop the others, and says why', async () => {
    const seen: string[] = []
    const results = await runBulk(
      [instance('a', 'web-1'), instance('b', 'web-2')],
      async (id) => {
        if (id === 'a') throw new Error('the instance is Running; start needs Stopped')
      },
      (result) => seen.push(result.id),
    )
    expect(results).toEqual([
      { id: 'a', name: 'web-1', state: 'failed', reason: 'the instance is Running; start needs Stopped' },
      { id: 'b', name: 'web-2', state: 'accepted' },
    ])
    expect(seen.sort()).toEqual(['a', 'b'])
  })
})

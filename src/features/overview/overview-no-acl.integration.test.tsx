import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import { consoleForFile, renderRoute, warmRoutes } from '../../test/console-harness'

// A platform that does not route the ACL (hidden in its documents): the console cannot tell which changes a caller
// may see, so the activity cannot be shown at all.
consoleForFile({ notOffered: [/\/acl$/] })
beforeAll(async () => {
  await warmRoutes('/')
})
afterEach(() => {
  vi.useRealTimers()
})

describe('Lately on a platform without the ACL', () => {
  it('says once, in true words, why the changes cannot be shown, and asks no more', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const { queryClient } = renderRoute('/')
    const changing = await screen.findByRole('region', { name: 'What is changing' })
    expect(
      await within(changing).findByText(
        'The activity cannot be shown here: this platform does not answer the ACL (GET …/acl), which the console asks to know which changes you may see.',
      ),
    ).toBeTruthy()
    // Not the membership the identity API "did not confirm": the caller is a member; the platform has no ACL to ask.
    expect(within(changing).queryByText(/did not confirm/)).toBeNull()
    expect(within(changing).queryByRole('button', { name: 'Try again' })).toBeNull()

    const asks = () =>
      queryClient
        .getQueryCache()
        .findAll({ queryKey: ['activity'] })
        .reduce((sum, query) => sum + query.state.errorUpdateCount + query.state.dataUpdateCount, 0)
    const before = asks()
    await vi.advanceTimersByTimeAsync(120_000)
    expect(asks()).toBe(before)
  })
})

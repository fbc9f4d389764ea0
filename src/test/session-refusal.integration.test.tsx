import { screen } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { consoleForFile, renderRoute, warmRoutes } from './console-harness'

// The regional API refusing the session's credential (its token validation broken), injected as its answer, while
// the identity API that issued the credential still accepts it.
const harness = consoleForFile()
beforeAll(() => warmRoutes('/networks'))

describe('a 401 from one service', () => {
  it('does not end the session when the identity API still accepts the credential', async () => {
    renderRoute('/networks')
    harness.answerNext('GET', /\/local\/region\/api\/v2\/networks/, {
      status: 401,
      body: { error: 'access_denied', error_description: 'token validation failed' },
    })
    expect(
      await screen.findByText(
        /token validation failed\. The regional API at .* refused this session's credential, which the identity API accepts/,
      ),
    ).toBeTruthy()
    expect(screen.queryByRole('dialog', { name: 'Your session has ended' })).toBeNull()
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { renderRoute, startConsole, type ConsoleHarness } from '../../test/console-harness'
import { setScope } from '../../lib/scope'

// A platform without the organization, project and region lists (platform extensions) must still be usable.
let harness: ConsoleHarness
beforeAll(async () => {
  harness = await startConsole({
    notOffered: [/^\/local\/identity\/api\/v1\/organizations(\?|$)/, /\/projects(\?|$)/, /\/regions(\?|$)/],
  })
  setScope({ organizationId: harness.cloud.demo.organizationId })
})
afterAll(() => harness.stop())

describe('networks on a platform without the extension lists', () => {
  it('still lists networks', async () => {
    renderRoute('/networks')
    expect(await screen.findByRole('table', { name: 'Networks' }, { timeout: 10_000 })).toBeTruthy()
  })

  it('asks for project and region ids in the create form instead of offering pickers', async () => {
    renderRoute('/networks/new')
    expect(await screen.findByRole('textbox', { name: /^Project id/ }, { timeout: 10_000 })).toBeTruthy()
    expect(await screen.findByRole('textbox', { name: /^Region id/ })).toBeTruthy()
    expect(screen.getByText('This platform cannot list projects; enter the id.')).toBeTruthy()
  })
})

import { beforeAll, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { renderRoute, consoleForFile, warmRoutes } from '../../test/console-harness'

// A platform without the organization, project and region lists (platform extensions) must still be usable.
consoleForFile({
  notOffered: [/^\/local\/identity\/api\/v1\/organizations(\?|$)/, /\/projects(\?|$)/, /\/regions(\?|$)/],
})
beforeAll(async () => {
  await warmRoutes('/networks', '/networks/new')
})

describe('networks on a platform without the extension lists', () => {
  it('still lists networks', async () => {
    renderRoute('/networks')
    const table = await screen.findByRole('table', { name: 'Networks' })
    expect(await screen.findByRole('link', { name: 'training-fabric' })).toBeTruthy()
    expect(table).toBeTruthy()
  })

  it('asks for project and region ids in the create form instead of offering pickers', async () => {
    renderRoute('/networks/new')
    expect(await screen.findByRole('textbox', { name: /^Project id/ })).toBeTruthy()
    // Each list's refusal comes in its own time: the region field may follow the project's.
    expect(await screen.findByRole('textbox', { name: /^Region id/ })).toBeTruthy()
    expect(screen.getByText('This platform cannot list projects; enter the id.')).toBeTruthy()
  })
})

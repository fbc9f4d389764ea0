// The empty state's next action for the read-only member, Sam Okafor: his roles do not allow creating anything.
import { beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { consoleForFile, renderRoute, warmRoutes } from './console-harness'

const harness = consoleForFile({ asMember: true })
beforeAll(() => warmRoutes('/file-storage'))

describe('a list with nothing in its scope, for the read-only member', () => {
  it('offers no create action that cannot work, and says why instead', async () => {
    // data-platform is one of his projects; its file storage is all in eu-west-1.
    await harness.workIn('data-platform', 'us-east-1')
    renderRoute('/file-storage')
    const empty = await screen.findByRole('region', { name: 'No file storage in this scope' })
    expect(
      await within(empty).findByText('Your roles in this organization do not allow you to create file storage.'),
    ).toBeTruthy()
    expect(within(empty).queryByRole('link', { name: 'Create file storage' })).toBeNull()
    expect(within(empty).queryByRole('button', { name: 'Create file storage' })).toBeNull()
  })
})

import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { choose, fill, renderRoute, consoleForFile, warmRoutes } from '../../test/console-harness'

// The region's images: the platform's and the snapshots the organization took, against the local cloud.
const harness = consoleForFile()
let images: string
let platformImage: string
let snapshot: string
beforeAll(async () => {
  const org = harness.cloud.demo.organizationId
  images = `/api/region/api/v1/organizations/${org}/regions/eu-west-1/images`
  platformImage = await harness.idOf(images, 'rocky-9.5-20250301')
  const instance = await harness.idOf('/api/region/api/v2/instances', 'notebook-priya')
  snapshot = (
    await harness.platform<{ metadata: { id: string } }>(`/api/compute/api/v2/instances/${instance}/snapshot`, {
      method: 'POST',
      body: { metadata: { name: 'priya-golden' } },
    })
  ).metadata.id
  await warmRoutes('/images', `/images/${snapshot}`)
})

describe('image list', () => {
  it('lists the region’s images with the organization’s snapshots, narrowed by who provides them and by search', async () => {
    await harness.workIn(undefined, 'eu-west-1')
    const { user } = renderRoute('/images?region=eu-west-1')
    const table = await screen.findByRole('table', { name: 'Images' })
    expect(within(table).getByRole('link', { name: 'priya-golden' })).toBeTruthy()
    expect(within(table).getByRole('link', { name: 'rocky-9.5-20250301' })).toBeTruthy()
    await choose(user, 'Provided by', 'Your organization')
    expect(await screen.findByText(/^1 of \d+ images$/)).toBeTruthy()
    expect(within(table).queryByRole('link', { name: 'rocky-9.5-20250301' })).toBeNull()
    await fill(user, screen.getByRole('textbox', { name: /Search/ }), 'no-such-image')
    expect(await screen.findByText('No image matches')).toBeTruthy()
  })
})

describe('image detail', () => {
  it('offers no delete of a platform image, and says why', async () => {
    renderRoute(`/images/${platformImage}?region=eu-west-1`)
    expect(await screen.findByRole('heading', { name: 'rocky-9.5-20250301', level: 1 })).toBeTruthy()
    const remove = screen.getByRole('button', { name: 'Delete' })
    expect(remove.getAttribute('aria-disabled')).toBe('true')
    expect(document.getElementById(remove.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /^The platform provides this image/,
    )
  })

  it('deletes a snapshot once its name is typed, and the list no longer has it', async () => {
    const { user, router } = renderRoute(`/images/${snapshot}?region=eu-west-1`)
    expect(await screen.findByRole('heading', { name: 'priya-golden', level: 1 })).toBeTruthy()
    expect(screen.getByText('Your organization')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('dialog')
    await fill(user, within(dialog).getByRole('textbox'), 'priya-golden')
    await user.click(within(dialog).getByRole('button', { name: /Delete/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/images'))
    const listed = await harness.platform<{ metadata: { id: string } }[]>(images)
    expect(listed.some((i) => i.metadata.id === snapshot)).toBe(false)
  })
})

import { beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { consoleForFile, renderRoute, warmRoutes } from '../../test/console-harness'

// Sam Okafor, the read-only member: he reads the region's images, and may import none.
const harness = consoleForFile({ asMember: true })
let euWest1 = ''
beforeAll(async () => {
  euWest1 = await harness.regionId('eu-west-1')
})
const REASON = 'Your roles in this organization do not allow you to import images.'
beforeAll(() => warmRoutes('/images', '/images/new'))

describe('the read-only member and image import', () => {
  it('sees Import image refused on the images page, with the reason', async () => {
    await harness.workIn(undefined, 'eu-west-1')
    renderRoute(`/images?region=${euWest1}`)
    await screen.findByRole('table', { name: 'Images' })
    const importButton = screen.getByRole('button', { name: 'Import image' })
    expect(importButton.getAttribute('aria-disabled')).toBe('true')
    expect(document.getElementById(importButton.getAttribute('aria-describedby')!)?.textContent).toBe(REASON)
  })

  it('reads the import form opened by its URL as one he may not submit', async () => {
    const { user, router } = renderRoute(`/images/new?region=${euWest1}`)
    const main = await screen.findByRole('main')
    const submit = await within(main).findByRole('button', { name: 'Import image' })
    expect(submit.getAttribute('aria-disabled')).toBe('true')
    expect(screen.getByText('You can read this form but not submit it')).toBeTruthy()
    expect(screen.getAllByText(REASON).length).toBeGreaterThan(0)
    await user.click(submit)
    expect(router.state.location.pathname).toBe('/images/new')
  })
})

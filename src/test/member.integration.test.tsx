import { beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { consoleForFile, renderRoute, warmRoutes } from './console-harness'
import { inWindowOfWidth } from './window-width'

// Sam Okafor, the demo organization's read-only member: a reader in ml-research and data-platform, nothing more.
const harness = consoleForFile({ asMember: true })

/** An id the member may not look up himself, read with the organization admin's token straight from the cloud. */
async function adminIdOf(path: string, name: string): Promise<string> {
  const response = await harness.cloud.fetch(
    new Request(`http://local-cloud${path}`, { headers: { authorization: `Bearer ${harness.cloud.tokens.admin}` } }),
  )
  const items = (await response.json()) as { metadata: { id: string; name: string } }[]
  const found = items.find((item) => item.metadata.name === name)
  if (!found) throw new Error(`no ${name} in ${path}`)
  return found.metadata.id
}

const REASON = /^Your roles in this organization do not allow you to (change|create) networks\.$/
let inferenceProd: string
let trainingFabric: string
let mlEngineers: string
beforeAll(async () => {
  inferenceProd = await adminIdOf('/local/region/api/v2/networks', 'inference-prod')
  mlEngineers = await adminIdOf(
    `/local/identity/api/v1/organizations/${harness.cloud.demo.organizationId}/groups`,
    'ml-engineers',
  )
  trainingFabric = await harness.idOf('/api/region/api/v2/networks', 'training-fabric')
  await warmRoutes('/networks', `/networks/${inferenceProd}`, `/networks/${trainingFabric}/edit`, '/networks/new')
})

describe('the read-only member', () => {
  it('lists only the networks of his projects', async () => {
    renderRoute('/networks?project=all&region=all')
    const table = await screen.findByRole('table', { name: 'Networks' })
    expect(await within(table).findByRole('link', { name: 'training-fabric' })).toBeTruthy()
    expect(within(table).getByRole('link', { name: 'data-lake' })).toBeTruthy()
    expect(within(table).queryByRole('link', { name: 'inference-prod' })).toBeNull()
    expect(within(table).queryByRole('link', { name: 'sandbox' })).toBeNull()
  })

  it('reads on a deep link outside his roles that they do not cover it, with the way back, and no retry', async () => {
    const { user, router } = renderRoute(`/networks/${inferenceProd}`)
    expect(await screen.findByRole('heading', { name: 'You cannot see this network', level: 1 })).toBeTruthy()
    expect(
      screen.getByText(/Your roles in this organization do not cover the project this network belongs to/),
    ).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
    await user.click(screen.getByRole('link', { name: 'Back to networks' }))
    expect(await screen.findByRole('table', { name: 'Networks' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/networks')
  })

  it('reads on a link to what his roles do not include at all that they do not, with the way to the overview', async () => {
    renderRoute(`/groups/${mlEngineers}`)
    expect(await screen.findByRole('heading', { name: 'You cannot see this page', level: 1 })).toBeTruthy()
    expect(screen.getByText(/Your roles in this organization do not include groups\./)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go to the overview' }).getAttribute('href')).toBe('/')
    expect(screen.queryByRole('link', { name: 'Back to groups' })).toBeNull()
  })

  it('reads an edit page he may not submit: why, at the top, and Save off with the reason, the form readable', async () => {
    const { user, router } = renderRoute(`/networks/${trainingFabric}/edit`)
    expect(await screen.findByRole('heading', { name: 'Edit training-fabric', level: 1 })).toBeTruthy()
    const main = screen.getByRole('main')
    const notice = (await within(main).findByText('You can read this form but not submit it')).closest(
      '[role="alert"]',
    )!
    expect(notice.textContent).toMatch(/do not allow you to change networks/)
    expect((within(main).getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('training-fabric')
    const save = within(main).getByRole('button', { name: 'Save changes' })
    expect(save.getAttribute('aria-disabled')).toBe('true')
    expect(screen.getByText(REASON, { selector: `#${save.getAttribute('aria-describedby')}` })).toBeTruthy()
    await user.click(save)
    expect(router.state.location.pathname).toBe(`/networks/${trainingFabric}/edit`)
    expect(screen.queryByText('The platform refused the request')).toBeNull()
  })

  it('reads a create form opened by its URL as one he may not submit', async () => {
    renderRoute('/networks/new')
    const save = await screen.findByRole('button', { name: 'Create network' })
    expect(save.getAttribute('aria-disabled')).toBe('true')
    expect(screen.getByText('You can read this form but not submit it')).toBeTruthy()
    expect(
      screen.getAllByText('Your roles in this organization do not allow you to create networks.').length,
    ).toBeGreaterThan(0)
  })

  it('is offered by the palette no create form his roles do not allow', async () => {
    const { user } = renderRoute('/networks')
    await screen.findByRole('table', { name: 'Networks' })
    await user.click(screen.getByRole('button', { name: /Search…/ }))
    const search = await screen.findByRole('textbox', { name: 'Search the console' })
    // The pages are offered; no create form is.
    expect(await screen.findByRole('button', { name: 'Networks' })).toBeTruthy()
    await user.type(search, 'create')
    const palette = screen.getByRole('dialog', { name: 'Command palette' })
    expect(await within(palette).findByText('Nothing matches. Try a name, an id or an address.')).toBeTruthy()
    expect(within(palette).queryByRole('button', { name: 'Create network' })).toBeNull()
  })
})

describe('the read-only member and the instance list', () => {
  // Wide enough for the selection boxes.
  inWindowOfWidth(1440)
  it('is refused Start and Stop of the instances he ticks, with the reason, before any confirmation', async () => {
    const { user } = renderRoute('/instances?project=all&region=all')
    const table = await screen.findByRole('table', { name: 'Instances' })
    await user.click(await within(table).findByRole('checkbox', { name: 'Select notebook-priya' }))
    const bar = screen.getByRole('toolbar', { name: 'Bulk actions' })
    for (const name of ['Start', 'Stop']) {
      const button = within(bar).getByRole('button', { name })
      expect(button.getAttribute('aria-disabled'), name).toBe('true')
      expect(
        await screen.findByText('Your roles in this organization do not allow you to change instances.', {
          selector: `#${button.getAttribute('aria-describedby')}`,
        }),
      ).toBeTruthy()
      await user.click(button)
      expect(screen.queryByRole('dialog')).toBeNull()
    }
  })
})

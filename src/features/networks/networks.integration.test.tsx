import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderRoute, startConsole, type ConsoleHarness } from '../../test/console-harness'
import { getScope, setScope } from '../../lib/scope'
import { regionApi } from '../../api/catalogs'
import { projectApi } from '../../api/identity'

let harness: ConsoleHarness
beforeAll(async () => {
  harness = await startConsole()
})
afterAll(() => harness.stop())

describe('networks list route', () => {
  it('lists the organization’s networks and narrows them as the user types', async () => {
    renderRoute('/networks')
    const table = await screen.findByRole('table', { name: 'Networks' })
    await waitFor(() => expect(within(table).getAllByRole('link').length).toBeGreaterThan(2))
    const firstName = within(table).getAllByRole('link')[0]!.textContent!

    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), firstName)
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual([firstName]),
    )
  })

  it('shows the empty state with a way out when nothing matches', async () => {
    renderRoute('/networks?q=no-such-network-anywhere')
    expect(await screen.findByText('No networks match')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeTruthy()
  })
})

describe('network create route', () => {
  it('creates a network and opens its detail page', async () => {
    const organizationID = getScope().organizationId!
    const [project] = await projectApi.list.call({ organizationID })
    const [region] = await regionApi.list.call({ organizationID })
    setScope({ organizationId: organizationID, projectId: project!.metadata.id, regionId: region!.metadata.id })

    const { router } = renderRoute('/networks/new')
    await userEvent.type(await screen.findByRole('textbox', { name: /^Name/ }, { timeout: 10_000 }), 'integration-net')
    await userEvent.type(screen.getByRole('textbox', { name: /^Prefix/ }), '10.201.0.0/16')
    await userEvent.click(screen.getByRole('button', { name: 'Add DNS server' }))
    await userEvent.type(screen.getByRole('textbox', { name: 'DNS server 1' }), '9.9.9.9')
    await userEvent.click(screen.getByRole('button', { name: 'Create network' }))

    expect(await screen.findByRole('heading', { name: 'integration-net', level: 1 }, { timeout: 10_000 })).toBeTruthy()
    expect(router.state.location.pathname).toMatch(/^\/networks\/[^/]+$/)
    expect(screen.getByText('9.9.9.9')).toBeTruthy()
  })

  it('puts the platform’s refusal of a duplicate name in the form and keeps the input', async () => {
    const { router } = renderRoute('/networks/new')
    await userEvent.type(await screen.findByRole('textbox', { name: /^Name/ }, { timeout: 10_000 }), 'integration-net')
    await userEvent.type(screen.getByRole('textbox', { name: /^Prefix/ }), '10.202.0.0/16')
    await userEvent.click(screen.getByRole('button', { name: 'Create network' }))

    // The platform's sentence names the field it is about: it is said at the name, not above the form.
    await screen.findByText('A network named integration-net already exists in this project', {}, { timeout: 10_000 })
    expect(screen.getByRole('textbox', { name: /^Name/ }).getAttribute('aria-invalid')).toBe('true')
    expect(router.state.location.pathname).toBe('/networks/new')
    expect((screen.getByRole('textbox', { name: /^Prefix/ }) as HTMLInputElement).value).toBe('10.202.0.0/16')
  })
})

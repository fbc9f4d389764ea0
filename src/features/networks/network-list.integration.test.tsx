import { beforeAll, describe, expect, it } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { consoleForFile, fill, renderRoute, valueOf, warmRoutes } from '../../test/console-harness'
import { inWindowOfWidth } from '../../test/window-width'

const NETWORKS = '/api/region/api/v2/networks'
const harness = consoleForFile()
let euWest1 = ''
beforeAll(async () => {
  euWest1 = await harness.regionId('eu-west-1')
})
beforeAll(async () => {
  await warmRoutes('/networks')
})

describe('network list bulk delete', () => {
  // A window wide enough for the selection boxes, which one of 992 to 1199 px (the test window's is 1024) has no room for.
  inWindowOfWidth(1440)
  it('says what each deletion would break, asks once, and shows what became of each in the platform’s words', async () => {
    const trainingFabric = await harness.platform<{ metadata: { projectId: string; organizationId: string } }>(
      `${NETWORKS}/${await harness.idOf(NETWORKS, 'training-fabric')}`,
    )
    const spare = await harness.platform<{ metadata: { id: string } }>(NETWORKS, {
      method: 'POST',
      body: {
        metadata: { name: 'int-bulk-spare' },
        spec: {
          organizationId: trainingFabric.metadata.organizationId,
          projectId: trainingFabric.metadata.projectId,
          regionId: euWest1,
          prefix: '10.214.0.0/16',
          dnsNameservers: [],
        },
      },
    })
    const { user } = renderRoute('/networks')
    const table = await screen.findByRole('table', { name: 'Networks' })
    await user.click(await within(table).findByRole('checkbox', { name: 'Select int-bulk-spare' }))
    await user.click(within(table).getByRole('checkbox', { name: 'Select training-fabric' }))
    const bar = screen.getByRole('toolbar', { name: 'Bulk actions' })
    expect(within(bar).getByText('2 selected')).toBeTruthy()

    await user.click(within(bar).getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete 2 networks?' })
    const asked = within(within(dialog).getByRole('list', { name: 'Networks to delete' }))
    // The network instances run on is named with what uses it, before anything is sent; the spare one uses nothing.
    const fabric = (await asked.findByText(/^In use by .*instances/)).closest('li')!
    expect(fabric.textContent).toMatch(/^training-fabric/)
    expect(within(fabric).getByRole('list', { name: 'What uses this network' })).toBeTruthy()
    expect(asked.getByText('int-bulk-spare').closest('li')!.textContent).toBe('int-bulk-spare')

    await user.click(within(dialog).getByRole('button', { name: 'Delete 2 networks' }))
    expect((await within(dialog).findByRole('alert')).textContent).toContain('1 of 2 deleted; 1 refused')
    const results = within(within(dialog).getByRole('list', { name: 'Results' }))
    expect(results.getByText(/^int-bulk-spare:/).textContent).toBe('int-bulk-spare: being deleted')
    // The refusal is the platform's 403, in its words.
    expect(results.getByText(/^training-fabric:/).textContent).toMatch(
      /^training-fabric: not deleted\. .*in use and cannot be deleted/,
    )
    const listed = await harness.platform<{ metadata: { id: string; provisioningStatus: string } }[]>(NETWORKS)
    const left = listed.find((n) => n.metadata.id === spare.metadata.id)
    expect(left?.metadata.provisioningStatus ?? 'gone').toMatch(/^(deprovisioning|gone)$/)

    await user.click(within(dialog).getByRole('button', { name: 'Done' }))
    expect(await within(bar).findByText('Tick networks to delete them together')).toBeTruthy()
  })
})

describe('network list selection', () => {
  inWindowOfWidth(1440)
  it('acts only on ticked rows the search shows, and counts a hidden one again once it is shown', async () => {
    const { user } = renderRoute('/networks')
    const table = await screen.findByRole('table', { name: 'Networks' })
    await user.click(await within(table).findByRole('checkbox', { name: 'Select training-fabric' }))
    const bar = screen.getByRole('toolbar', { name: 'Bulk actions' })
    expect(within(bar).getByText('1 selected')).toBeTruthy()
    const search = screen.getByRole('combobox', { name: /^Search$/ })
    await fill(user, search, 'sandbox')
    expect(await within(bar).findByText('Tick networks to delete them together')).toBeTruthy()
    expect(within(bar).getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', true)
    await user.clear(search)
    expect(await within(bar).findByText('1 selected')).toBeTruthy()
  })
})

describe('network list typed filters', () => {
  it('completes a key and then a value as the user types, and filters the rows by it', async () => {
    const { user } = renderRoute('/networks')
    const table = await screen.findByRole('table', { name: 'Networks' })
    await within(table).findByRole('link', { name: 'training-fabric' })
    const search = screen.getByRole('combobox', { name: 'Search' })
    await user.type(search, 'reg')
    const keys = screen.getByRole('listbox', { name: 'Filters' })
    expect(
      within(keys)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['region:'])
    // The first ArrowDown highlights the first option, which the box names as its active descendant.
    await user.keyboard('{ArrowDown}')
    const first = within(keys).getByRole('option', { name: 'region:' })
    expect(first.getAttribute('aria-selected')).toBe('true')
    expect(search.getAttribute('aria-activedescendant')).toBe(first.id)
    await user.keyboard('{Enter}')
    expect((search as HTMLInputElement).value).toBe('region:')

    await user.type(search, 'us')
    await user.click(
      within(screen.getByRole('listbox', { name: 'Filters' })).getByRole('option', { name: 'region:us-east-1' }),
    )
    expect((search as HTMLInputElement).value).toBe('region:us-east-1 ')
    const rows = () => screen.getByRole('table', { name: 'Networks' })
    await waitFor(() => expect(within(rows()).queryByRole('link', { name: 'training-fabric' })).toBeNull())
    expect(within(rows()).getByRole('link', { name: 'inference-prod-us' })).toBeTruthy()

    // The words beside a filter still search the text.
    await user.type(search, 'exp')
    await waitFor(() => expect(within(rows()).queryByRole('link', { name: 'inference-prod-us' })).toBeNull())
    expect(within(rows()).getByRole('link', { name: 'experiments-us' })).toBeTruthy()
  })

  it("finds networks by the region's name typed in the search, as the column shows it", async () => {
    renderRoute('/networks?project=all&region=all&q=us-east')
    const rows = await screen.findByRole('table', { name: 'Networks' })
    expect(await within(rows).findByRole('link', { name: 'experiments-us' })).toBeTruthy()
    expect(within(rows).queryByRole('link', { name: 'training-fabric' })).toBeNull()
  })
})

describe('network list filters chosen one after the other', () => {
  it('keeps the search typed when a region is chosen before the page has shown that search', async () => {
    const { user, router } = renderRoute('/networks')
    const table = await screen.findByRole('table', { name: 'Networks' })
    await within(table).findByRole('link', { name: 'training-fabric' })
    await user.click(screen.getByRole('combobox', { name: 'Regions' }))
    const usEast = await screen.findByRole('option', { name: 'us-east-1' })
    const search = screen.getByRole('combobox', { name: 'Search' })
    const routerHas = (text: string) =>
      new Promise<void>((resolve) => {
        if (router.state.location.search.includes(text)) return resolve()
        const stop = router.subscribe((state) => {
          if (!state.location.search.includes(text)) return
          stop()
          resolve()
        })
      })
    // The page renders a new address in a transition, which a busy main thread holds back (a read refused and asked
    // again, a long list); inside act it is held until act ends. The region is chosen once the router has the search
    // and before the page has rendered it.
    await act(async () => {
      fireEvent.change(search, { target: { value: 'exp' } })
      await routerHas('q=exp')
      fireEvent.click(usEast)
    })
    const usEastId = await harness.regionId('us-east-1')
    const sent = () => new URLSearchParams(router.state.location.search)
    await waitFor(() => expect(sent().get('region')).toBe(usEastId))
    expect(sent().get('q')).toBe('exp')
    expect(valueOf(search)).toBe('exp')
    const rows = screen.getByRole('table', { name: 'Networks' })
    expect(await within(rows).findByRole('link', { name: 'experiments-us' })).toBeTruthy()
  })
})

describe('command palette typed filters', () => {
  it('completes a filter, keeps the resources it matches, and announces the result Enter opens', async () => {
    const { user } = renderRoute('/networks')
    await screen.findByRole('table', { name: 'Networks' })
    await user.click(screen.getByRole('button', { name: /Search…/ }))
    const search = await screen.findByRole('textbox', { name: 'Search the console' })
    const palette = screen.getByRole('dialog', { name: 'Command palette' })
    const announced = within(palette).getByRole('status')
    await user.type(search, 'status:runn')
    // The completion is the first result, highlighted, and said.
    await waitFor(() => expect(announced.textContent).toMatch(/^status:running \(1 of \d+\)$/))
    await user.keyboard('{Enter}')
    expect((search as HTMLInputElement).value).toBe('status:running ')
    // The palette stays open on the running instances, the first of them highlighted and said.
    await waitFor(() => expect(announced.textContent).toMatch(/^[\w-]+, \w[\w ]* · [\w-]+ \(1 of \d+\)$/))
  })
  it('highlights and announces a result that arrives after the typing, so Enter opens it', async () => {
    const { user } = renderRoute('/networks')
    await screen.findByRole('table', { name: 'Networks' })
    await user.click(screen.getByRole('button', { name: /Search…/ }))
    await screen.findByRole('textbox', { name: 'Search the console' })
    const announced = within(screen.getByRole('dialog', { name: 'Command palette' })).getByRole('status')
    // Pasted at once, before the palette's lists have answered: the instance is found only when they do.
    await user.paste('notebook-priya')
    expect(screen.queryByRole('button', { name: /notebook-priya/ })).toBeNull()
    await screen.findByRole('button', { name: /notebook-priya/ })
    await waitFor(() => expect(announced.textContent).toMatch(/^notebook-priya, Instance · \S+ \(1 of 1\)$/))
  })
})

describe('project colour', () => {
  it('is chosen beside the project picker and kept for the next page', async () => {
    const projectId = await harness.idOf(harness.identity('/projects'), 'ml-research')
    const { user, unmount } = renderRoute(`/networks?project=${projectId}`)
    const banner = await screen.findByRole('banner')
    await user.click(
      await within(banner).findByRole('button', { name: 'Colour of project ml-research: none' }, { timeout: 20_000 }),
    )
    await user.click(
      await within(screen.getByRole('group', { name: 'Colour of ml-research' })).findByRole('button', { name: 'Teal' }),
    )
    expect(within(banner).getByRole('button', { name: 'Colour of project ml-research: Teal' })).toBeTruthy()
    unmount()

    renderRoute(`/networks?project=${projectId}`)
    const again = await screen.findByRole('banner')
    expect(
      await within(again).findByRole('button', { name: 'Colour of project ml-research: Teal' }, { timeout: 20_000 }),
    ).toBeTruthy()
  })
})

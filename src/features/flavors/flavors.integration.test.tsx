import { beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { renderRoute, consoleForFile, warmRoutes } from '../../test/console-harness'

const harness = consoleForFile()
beforeAll(async () => {
  await harness.workIn(undefined, 'eu-west-1')
  await warmRoutes('/flavors')
})

describe('flavor catalog', () => {
  it('keeps GPU flavors only when the URL asks for them', async () => {
    renderRoute('/flavors?kind=gpu')
    const table = await screen.findByRole('table', { name: 'Flavors' })
    expect(await within(table).findByText('g1.h100.1x')).toBeTruthy()
    expect(within(table).queryByText('c1.small')).toBeNull()
  })

  it('renders every row of the table, so the browser’s find reaches the last of them', async () => {
    renderRoute('/flavors')
    const table = await screen.findByRole('table', { name: 'Flavors' })
    expect(await within(table).findByText('c1.small')).toBeTruthy()
    const rows = within(table).getAllByRole('row')
    expect(rows.length).toBeGreaterThan(15)
    expect(rows).toHaveLength(Number(table.getAttribute('aria-rowcount')))
  })

  it('shows a flavor as a card with its GPUs spelled out, and a link to start an instance with it', async () => {
    renderRoute('/flavors?kind=gpu&view=cards&q=g1.h100.8x')
    const card = await screen.findByRole('article', { name: 'g1.h100.8x' })
    expect(within(card).getByText(/8 × NVIDIA H100/)).toBeTruthy()
    expect(within(card).getByText(/80 GiB each, 640 GiB in all/)).toBeTruthy()
    const start = within(card).getByRole('link', { name: /Create an instance with this flavor/ })
    const href = new URL(start.getAttribute('href')!, 'http://console')
    expect(href.pathname).toBe('/instances/new')
    expect(href.searchParams.get('region')).toBe(await harness.regionId('eu-west-1'))
  })
})

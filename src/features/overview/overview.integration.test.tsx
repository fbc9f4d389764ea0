import { beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { renderRoute, consoleForFile, warmRoutes } from '../../test/console-harness'

const harness = consoleForFile()
let org: string
beforeAll(async () => {
  org = harness.cloud.demo.organizationId
  await warmRoutes('/')
})

interface Listed {
  metadata: { id: string; name: string }
}

const tile = (label: string) =>
  screen.findByRole('link', { name: (name) => name.startsWith(`${label} `) && /\d/.test(name) })

describe('overview', () => {
  it('counts, what needs attention, quota use, instances by flavor and the cheapest models, each linked', async () => {
    const instances = await harness.platform<Listed[]>(`/api/region/api/v2/instances?organizationID=${org}`)
    const users = await harness.platform<Listed[]>(harness.identity('/users'))
    renderRoute('/')
    const instanceTile = await tile('Instances')
    expect(within(instanceTile).getByText(String(instances.length))).toBeTruthy()
    expect(instanceTile.getAttribute('href')).toBe('/instances?project=all&region=all')
    expect(within(await tile('Users')).getByText(String(users.length))).toBeTruthy()

    // What failed, with a link to it.
    const changing = await screen.findByRole('region', { name: 'What is changing' })
    const now = await within(changing).findByRole('list', { name: 'Right now' })
    const link = await within(now).findByRole('link', { name: 'gpu-smoke-test' })
    const id = await harness.idOf(`/api/region/api/v2/instances?organizationID=${org}`, 'gpu-smoke-test')
    expect(link.getAttribute('href')).toBe(`/instances/${id}`)
    expect(within(link.closest('li')!).getByText('Error')).toBeTruthy()

    // Quota use from the identity service.
    const quotas = await screen.findByRole('region', { name: 'Quota use' })
    // The organization's, whatever part of it the caller's roles reach.
    expect(within(quotas).getByText('Whole organization')).toBeTruthy()
    const networks = await harness.platform<Listed[]>(`/api/region/api/v2/networks?organizationID=${org}`)
    expect(
      await within(quotas).findByRole('progressbar', { name: `Networks: ${networks.length} of 32 used` }),
    ).toBeTruthy()
    // What each kind counts, in view: the platform's own words (the servers in use count Kubernetes workers too).
    const { quotas: reported } = await harness.platform<{ quotas: { description: string }[] }>(
      harness.identity('/quotas'),
    )
    for (const { description } of reported) expect(within(quotas).getByText(description)).toBeTruthy()

    // Instances by flavor with their GPUs, in the panel of where they run: one panel, not two that tell the same
    // instances twice.
    const where = await screen.findByRole('region', { name: 'Where it runs' })
    const table = await within(where).findByRole('table', { name: 'Instances by flavor' })
    expect(screen.queryByRole('region', { name: 'Instances by flavor' })).toBeNull()
    // The failed smoke test runs on an eight-GPU H100 flavor.
    const row = (await within(table).findByRole('link', { name: 'g1.h100.8x' })).closest('tr')!
    expect(Number(within(row).getAllByRole('cell')[2]!.textContent)).toBeGreaterThanOrEqual(8)

    // The five cheapest embedding and text models, cheapest first.
    const embeddings = await screen.findByRole('list', { name: 'Embeddings' })
    const text = screen.getByRole('list', { name: 'Text' })
    expect(within(embeddings).getAllByRole('listitem').length).toBeGreaterThan(0)
    expect(within(text).getAllByRole('listitem')).toHaveLength(5)
    const prices = within(text)
      .getAllByRole('listitem')
      .map((item) =>
        item
          .textContent!.match(/\$([\d.]+) in · \$([\d.]+) out/)!
          .slice(1)
          .map(Number),
      )
      .map(([input, output]) => input! + output!)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
  })
  it('places the instances and their GPUs by region: each region linked to its instances, the counts adding up', async () => {
    const instances = await harness.platform<{ status: { regionId: string } }[]>(
      `/api/region/api/v2/instances?organizationID=${org}`,
    )
    const regions = await harness.platform<Listed[]>(`/api/region/api/v1/organizations/${org}/regions`)
    renderRoute('/')
    const list = await screen.findByRole('list', { name: 'Instances by region' })
    const items = await within(list).findAllByRole('listitem')
    const held = new Set(instances.map((instance) => instance.status.regionId))
    expect(items).toHaveLength(held.size)
    let counted = 0
    for (const item of items) {
      const link = within(item).getByRole('link')
      const region = regions.find((r) => r.metadata.name === link.textContent)!
      expect(link.getAttribute('href')).toBe(`/instances?project=all&region=${region.metadata.id}`)
      const inRegion = instances.filter((instance) => instance.status.regionId === region.metadata.id).length
      expect(item.textContent).toContain(`${inRegion} instance${inRegion === 1 ? '' : 's'} · `)
      counted += inRegion
    }
    expect(counted).toBe(instances.length)
  })
})

import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { renderRoute, consoleForFile, warmRoutes } from './console-harness'

// The demo's region ids equal their names; here eu-west-1 is named "Amsterdam", so a page that shows the id instead
// of the name fails.
const harness = consoleForFile({ regionNames: { 'eu-west-1': 'Amsterdam' } })
const REGION = '/api/region/api/v2'

/** Each regional resource's page paths, for one demo item of ml-research in eu-west-1. */
const pages: Record<string, { list: string; name: string; path: string }> = {
  network: { list: `${REGION}/networks`, name: 'training-fabric', path: '/networks' },
  'security group': { list: `${REGION}/securitygroups`, name: 'ssh-bastion', path: '/security-groups' },
  instance: { list: `${REGION}/instances`, name: 'trainer-h200-0', path: '/instances' },
  'file storage': { list: `${REGION}/filestorage`, name: 'datasets', path: '/file-storage' },
}
const ids: Record<string, string> = {}
beforeAll(async () => {
  for (const [kind, page] of Object.entries(pages)) ids[kind] = await harness.idOf(page.list, page.name)
  await warmRoutes(
    ...Object.entries(pages).flatMap(([kind, page]) => [`${page.path}/${ids[kind]}`, `${page.path}/${ids[kind]}/edit`]),
    '/images/i-1',
    ...Object.values(pages).map((page) => page.path),
  )
})

describe.each(Object.keys(pages))('the %s pages', (kind) => {
  const page = pages[kind]!

  it('read the region and project by name on the edit page, and the item by name in its breadcrumb', async () => {
    const projectId = await harness.idOf(harness.identity('/projects'), 'ml-research')
    renderRoute(`${page.path}/${ids[kind]}/edit`)
    const main = await screen.findByRole('main')
    expect(await within(main).findByText('Amsterdam')).toBeTruthy()
    expect(await within(main).findByText('ml-research')).toBeTruthy()
    expect(within(main).queryByText('eu-west-1')).toBeNull()
    expect(within(main).queryByText(projectId)).toBeNull()
    // The breadcrumb names the item, not its id.
    const crumbs = screen.getByLabelText('Breadcrumb')
    expect(within(crumbs).getByText(page.name)).toBeTruthy()
    expect(within(crumbs).queryByText(ids[kind]!)).toBeNull()
  })

  it("take the list's project filter in its URL as the header's project", async () => {
    const projectId = await harness.idOf(harness.identity('/projects'), 'ml-research')
    renderRoute(`${page.path}?project=${projectId}`)
    const banner = await screen.findByRole('banner')
    const project = await within(banner).findByRole('combobox', { name: 'Project' }, { timeout: 20_000 })
    await waitFor(() => expect((project as HTMLInputElement).value).toBe('ml-research'))
  })

  it('read the region by name, with its id once, and the project by name on the detail page', async () => {
    renderRoute(`${page.path}/${ids[kind]}`)
    const main = await screen.findByRole('main')
    expect(await within(main).findByText('Amsterdam (eu-west-1)')).toBeTruthy()
    expect(await within(main).findByText('ml-research')).toBeTruthy()
  })
})

it("reads the region by name, with its id once, on an image's page", async () => {
  const images = `/api/region/api/v1/organizations/${harness.cloud.demo.organizationId}/regions/eu-west-1/images`
  renderRoute(`/images/${await harness.idOf(images, 'rocky-9.5-20250301')}?region=eu-west-1`)
  expect(await screen.findByRole('heading', { name: 'rocky-9.5-20250301', level: 1 })).toBeTruthy()
  expect(within(screen.getByRole('main')).getByText('Amsterdam (eu-west-1)')).toBeTruthy()
})

it('reads a region whose name is its id once on the detail page, not as "us-east-1 (us-east-1)"', async () => {
  const id = await harness.idOf(`${REGION}/networks`, 'experiments-us')
  renderRoute(`/networks/${id}`)
  expect(await screen.findByRole('heading', { name: 'experiments-us', level: 1 })).toBeTruthy()
  const main = screen.getByRole('main')
  expect(within(main).getByText('us-east-1')).toBeTruthy()
  expect(within(main).queryByText('us-east-1 (us-east-1)')).toBeNull()
})

import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { renderRoute, consoleForFile, warmRoutes } from './console-harness'

// Regions have UUID ids, as the platform's do, and names people read (eu-west-1): a page that shows the id fails.
const harness = consoleForFile()
const REGION = '/api/region/api/v2'

/** Each regional resource's page paths, for one demo item of ml-research in eu-west-1. */
const pages: Record<string, { list: string; name: string; path: string }> = {
  network: { list: `${REGION}/networks`, name: 'training-fabric', path: '/networks' },
  'security group': { list: `${REGION}/securitygroups`, name: 'ssh-bastion', path: '/security-groups' },
  instance: { list: `${REGION}/instances`, name: 'trainer-h200-0', path: '/instances' },
  'file storage': { list: `${REGION}/filestorage`, name: 'datasets', path: '/file-storage' },
}
const ids: Record<string, string> = {}
let euWest1: string
beforeAll(async () => {
  euWest1 = await harness.regionId('eu-west-1')
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
    expect(await within(main).findByText('eu-west-1')).toBeTruthy()
    expect(await within(main).findByText('ml-research')).toBeTruthy()
    expect(within(main).queryByText(euWest1, { exact: false })).toBeNull()
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

  it('read the region and project by name on the detail page, never their ids', async () => {
    renderRoute(`${page.path}/${ids[kind]}`)
    const main = await screen.findByRole('main')
    expect(await within(main).findByText('eu-west-1')).toBeTruthy()
    expect(await within(main).findByText('ml-research')).toBeTruthy()
    expect(within(main).queryByText(euWest1, { exact: false })).toBeNull()
  })
})

it("reads the region by name on an image's page, whose URL carries its id", async () => {
  const images = `/api/region/api/v1/organizations/${harness.cloud.demo.organizationId}/regions/${euWest1}/images`
  renderRoute(`/images/${await harness.idOf(images, 'rocky-9.5-20250301')}?region=${euWest1}`)
  expect(await screen.findByRole('heading', { name: 'rocky-9.5-20250301', level: 1 })).toBeTruthy()
  const main = screen.getByRole('main')
  expect(within(main).getByText('eu-west-1')).toBeTruthy()
  expect(within(main).queryByText(euWest1, { exact: false })).toBeNull()
})

import { beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { choose, fill, renderRoute, consoleForFile, valueOf, warmRoutes } from '../../test/console-harness'
import { inWindowOfWidth } from '../../test/window-width'

// One local cloud for this file; tests read the demo data or create projects under names of their own.
const harness = consoleForFile()
let sandbox: string
let dataPlatform: string
beforeAll(async () => {
  sandbox = await harness.idOf(harness.identity('/projects'), 'sandbox')
  dataPlatform = await harness.idOf(harness.identity('/projects'), 'data-platform')
  await warmRoutes('/projects', '/projects/new', `/projects/${sandbox}`, `/projects/${sandbox}/edit`)
})

describe('project list', () => {
  it('lists the projects and says when none matches the search', async () => {
    renderRoute('/projects')
    const table = await screen.findByRole('table', { name: 'Projects' })
    for (const name of ['ml-research', 'production-inference', 'data-platform', 'sandbox'])
      expect(await within(table).findByRole('link', { name })).toBeTruthy()
  })

  it('says when no project matches', async () => {
    renderRoute('/projects?q=no-such-project')
    expect(await screen.findByText('No projects match')).toBeTruthy()
  })
})

describe('project detail', () => {
  it('shows the project’s groups and links to what lives in it', async () => {
    renderRoute(`/projects/${sandbox}`)
    expect(await screen.findByRole('heading', { name: 'sandbox', level: 1 })).toBeTruthy()
    const main = screen.getByRole('main')
    expect(await within(main).findByRole('link', { name: 'ml-engineers' })).toBeTruthy()
    expect(within(main).getByRole('button', { name: 'Work in this project' })).toBeTruthy()
    expect(within(main).getByRole('link', { name: 'Networks' }).getAttribute('href')).toMatch(/\/networks\?project=/)

    // The breadcrumb names it, not its id.
    const crumbs = screen.getByLabelText('Breadcrumb')
    expect(await within(crumbs).findByText('sandbox')).toBeTruthy()
    expect(within(crumbs).queryByText(sandbox)).toBeNull()
  })
})

describe('project create', () => {
  it('creates a project with a group and opens its page', async () => {
    const { user } = renderRoute('/projects/new')
    await fill(user, await screen.findByRole('textbox', { name: /^Name/ }), 'int-project')
    await user.click(screen.getByRole('combobox', { name: /^Groups/ }))
    await user.click(await screen.findByRole('option', { name: 'ml-engineers' }))
    expect(
      within(screen.getByRole('region', { name: 'Request preview' })).getByText(/"name": "int-project"/),
    ).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Create project' }))
    expect(await screen.findByRole('heading', { name: 'int-project', level: 1 })).toBeTruthy()
    expect(await within(screen.getByRole('main')).findByRole('link', { name: 'ml-engineers' })).toBeTruthy()
  })
})

describe('project edit', () => {
  it('starts from the project, saves a new description and shows it on the project’s page', async () => {
    const { user } = renderRoute(`/projects/${dataPlatform}/edit`)
    expect(await screen.findByRole('heading', { name: 'Edit data-platform', level: 1 })).toBeTruthy()
    const description = await screen.findByRole('textbox', { name: /^Description/ })
    expect(valueOf(description)).toBe('Ingestion, feature store and batch jobs')
    await fill(user, description, 'Ingestion and batch jobs')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByRole('heading', { name: 'data-platform', level: 1 })).toBeTruthy()
    expect(screen.getByText('Ingestion and batch jobs')).toBeTruthy()
  })
})

describe('an edit saved after another admin’s change', () => {
  it('keeps the group and the tag another admin gave the project while the form was open, beside the description and group changed here', async () => {
    const created = await harness.platform<{ metadata: { id: string } }>(harness.identity('/projects'), {
      method: 'POST',
      body: { metadata: { name: 'int-edit-both' }, spec: { groupIDs: [] } },
    })
    const item = harness.identity(`/projects/${created.metadata.id}`)
    const auditors = await harness.idOf(harness.identity('/groups'), 'auditors')
    const mlEngineers = await harness.idOf(harness.identity('/groups'), 'ml-engineers')
    const { user } = renderRoute(`/projects/${created.metadata.id}/edit`)
    const description = await screen.findByRole('textbox', { name: /^Description/ })
    // Another admin has auditors work in it and tags it, while this form is open on the project as it was.
    await harness.platform(item, {
      method: 'PUT',
      body: {
        metadata: { name: 'int-edit-both', tags: [{ name: 'owner', value: 'data' }] },
        spec: { groupIDs: [auditors] },
      },
    })

    await fill(user, description, 'Described here')
    await choose(user, /^Groups/, 'ml-engineers')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByRole('heading', { name: 'int-edit-both', level: 1 })).toBeTruthy()
    const saved = await harness.platform<{
      metadata: { description?: string; tags?: { name: string; value: string }[] }
      spec: { groupIDs: string[] }
    }>(item)
    expect(saved.metadata.description).toBe('Described here')
    expect(saved.metadata.tags).toEqual([{ name: 'owner', value: 'data' }])
    expect([...saved.spec.groupIDs].sort()).toEqual([auditors, mlEngineers].sort())
  })
})

describe('project list bulk delete', () => {
  // A window wide enough for the selection boxes, which one of 992 to 1199 px (the test window's is 1024) has no room for.
  inWindowOfWidth(1440)
  it('deletes the empty project and keeps the one whose networks still live in it, saying so before and after', async () => {
    await harness.platform(harness.identity('/projects'), {
      method: 'POST',
      body: { metadata: { name: 'int-bulk-empty' }, spec: { groupIDs: [] } },
    })
    const { user } = renderRoute('/projects')
    const table = await screen.findByRole('table', { name: 'Projects' })
    await user.click(await within(table).findByRole('checkbox', { name: 'Select int-bulk-empty' }))
    await user.click(within(table).getByRole('checkbox', { name: 'Select data-platform' }))
    await user.click(
      within(screen.getByRole('toolbar', { name: 'Bulk actions' })).getByRole('button', { name: 'Delete' }),
    )

    const dialog = await screen.findByRole('dialog', { name: 'Delete 2 projects?' })
    const asked = within(within(dialog).getByRole('list', { name: 'Projects to delete' }))
    expect((await asked.findByText(/^In use by .*network/)).closest('li')!.textContent).toMatch(/^data-platform/)
    await user.click(within(dialog).getByRole('button', { name: 'Delete 2 projects' }))

    expect((await within(dialog).findByRole('alert')).textContent).toContain('1 of 2 deleted; 1 refused')
    const results = within(within(dialog).getByRole('list', { name: 'Results' }))
    expect(results.getByText(/^int-bulk-empty:/).textContent).toMatch(/^int-bulk-empty: (deleted|being deleted)$/)
    expect(results.getByText(/^data-platform:/).textContent).toMatch(
      /^data-platform: not deleted\. project data-platform still holds resources/,
    )
    const left = await harness.platform<{ metadata: { name: string } }[]>(harness.identity('/projects'))
    expect(left.map((p) => p.metadata.name)).toContain('data-platform')
  })
})

// What every list page shares whatever the resource: the empty state's next action, and the rows' density.
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { consoleForFile, renderRoute, warmRoutes } from './console-harness'

const harness = consoleForFile()
beforeAll(() => warmRoutes('/file-storage', '/users'))

describe('a list with nothing in its scope', () => {
  it('says so with the next action: the create form, for a caller whose roles allow it', async () => {
    // The demo's data-platform project keeps its file storage in eu-west-1 only.
    await harness.workIn('data-platform', 'us-east-1')
    renderRoute('/file-storage')
    const empty = await screen.findByRole('region', { name: 'No file storage in this scope' })
    expect(within(empty).getByText(/File storage gives instances a shared NFS file system/)).toBeTruthy()
    expect(within(empty).getByRole('link', { name: 'Create file storage' }).getAttribute('href')).toBe(
      '/file-storage/new',
    )
  })
})

describe('compact rows', () => {
  afterEach(() => localStorage.clear())

  // Every row takes the table's row height (VirtualTable.module.css), which Happy DOM does not lay out.
  const rowHeight = (table: HTMLElement) => table.style.getPropertyValue('--row-height')

  it('set on one list, tighten every list table and stay set when the console opens again', async () => {
    await harness.workIn(undefined)
    const { user, unmount } = renderRoute('/file-storage?project=all&region=all')
    const storage = await screen.findByRole('table', { name: 'File storage' })
    await within(storage).findByRole('link', { name: 'datasets' })
    const compact = screen.getByRole('button', { name: 'Compact rows' })
    expect(compact.getAttribute('aria-pressed')).toBe('false')
    expect(rowHeight(storage)).toBe('60px')

    await user.click(compact)
    expect(rowHeight(storage)).toBe('48px')
    unmount()

    // Another kind of list, rendered afresh, as after a reload.
    renderRoute('/users')
    const users = await screen.findByRole('table', { name: 'Users' })
    await within(users).findByRole('link', { name: 'alex.morgan@acme.example' })
    expect(screen.getByRole('button', { name: 'Compact rows' }).getAttribute('aria-pressed')).toBe('true')
    expect(rowHeight(users)).toBe('44px')
  })
})

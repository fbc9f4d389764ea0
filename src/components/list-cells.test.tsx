import { MantineProvider } from '@mantine/core'
import { render, screen, waitFor } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { CopyableId } from './CopyableId'
import { LoadingRows } from './LoadingRows'
import { chipsThatFit } from './FittedChips'
import { RelativeTime } from './RelativeTime'
import { StatusBadge } from './StatusBadge'
import { VirtualTable } from './VirtualTable'

const wrap = (ui: ReactNode) => render(<MantineProvider>{ui}</MantineProvider>)

describe('list cells without a floating tooltip per row', () => {
  it('RelativeTime reads as its age and describes itself with the exact UTC time', () => {
    wrap(<RelativeTime value="2026-03-01T12:00:00Z" />)
    const time = screen.getByText(/ago$/)
    expect(time).toHaveProperty('dateTime', '2026-03-01T12:00:00Z')
    expect(time.getAttribute('title')).toBe('1 Mar 2026, 12:00:00 UTC')
  })

  it('CopyableId copies the whole id and says so on its button', async () => {
    const user = userEvent.setup()
    wrap(<CopyableId value="net-0123456789abcdef" />)
    const button = screen.getByRole('button', { name: 'Copy id net-0123456789abcdef' })
    expect(button.getAttribute('title')).toBe('Copy id')
    await user.click(button)
    expect(await navigator.clipboard.readText()).toBe('net-0123456789abcdef')
    expect(button.getAttribute('title')).toBe('Copied')
  })
})

/** A VirtualTable of `count` one-column rows (a thousand by default). */
function wrapRows(count = 1000) {
  const rows = Array.from({ length: count }, (_, i) => ({ id: `row-${i}` }))
  wrap(
    <VirtualTable
      rows={rows}
      columns={[{ key: 'id', header: 'Id', cell: (row) => row.id }]}
      rowKey={(row) => row.id}
      label="Rows"
    />,
  )
}

describe('VirtualTable', () => {
  it('of a thousand rows renders those that fit in the window and a few more, not a dozen more', async () => {
    wrapRows()
    const fit = Math.ceil(window.innerHeight / 52)
    const rendered = () => screen.getAllByRole('row').length - 1
    // At once, before the virtualizer's code is in: the rows that fill the window, whole.
    expect(rendered()).toBeGreaterThanOrEqual(fit)
    expect(rendered()).toBeLessThanOrEqual(fit + 4)
    // Then the virtualizer's: the same rows, and the place of the rest held below them.
    await waitFor(() => expect(document.querySelector('tbody tr[aria-hidden]')).not.toBeNull())
    expect(rendered()).toBeGreaterThanOrEqual(fit)
    expect(rendered()).toBeLessThanOrEqual(fit + 4)
  })

  it("mounts without reading the window's scroll, which forces a layout of the page it has just written", async () => {
    const scrollY = vi.spyOn(window, 'scrollY', 'get')
    try {
      wrapRows()
      const fit = Math.ceil(window.innerHeight / 52)
      await waitFor(() => expect(screen.getAllByRole('row').length - 1).toBeLessThanOrEqual(fit + 4))
      expect(scrollY).not.toHaveBeenCalled()
    } finally {
      scrollY.mockRestore()
    }
  })
})

describe('VirtualTable of a couple of hundred rows', () => {
  it('shows a first screen of rows at once, then every row, each in the page for find and screen readers', async () => {
    wrapRows(200)
    const first = screen.getAllByRole('row').length - 1
    expect(first).toBeGreaterThanOrEqual(Math.ceil(window.innerHeight / 52))
    expect(first).toBeLessThan(200)
    expect(await screen.findByText('row-199')).toBeTruthy()
    expect(screen.getAllByRole('row')).toHaveLength(201)
    expect(screen.getByRole('table', { name: 'Rows' }).getAttribute('aria-rowcount')).toBe('201')
  })

  it('renders each row once as the rest arrive, not every row shown before it again', async () => {
    const renders = new Map<string, number>()
    const rows = Array.from({ length: 200 }, (_, i) => ({ id: `row-${i}` }))
    const cell = (row: { id: string }) => {
      renders.set(row.id, (renders.get(row.id) ?? 0) + 1)
      return row.id
    }
    wrap(
      <VirtualTable rows={rows} columns={[{ key: 'id', header: 'Id', cell }]} rowKey={(row) => row.id} label="Rows" />,
    )
    expect(await screen.findByText('row-199')).toBeTruthy()
    expect(renders.size).toBe(200)
    expect(Math.max(...renders.values())).toBe(1)
  })

  it('leaves out a column shown only from a wider window, header and cells alike', async () => {
    // The test window is 1024 px wide: from md (992 px) up, not from lg (1200 px).
    wrap(
      <VirtualTable
        rows={[{ id: 'row-0' }]}
        columns={[
          { key: 'name', header: 'Name', cell: (row) => row.id },
          { key: 'zone', header: 'Zone', visibleFrom: 'md', cell: () => 'zone-a' },
          { key: 'id', header: 'Id', visibleFrom: 'lg', cell: () => 'long-id' },
        ]}
        rowKey={(row) => row.id}
        label="Rows"
      />,
    )
    expect(await screen.findByText('zone-a')).toBeTruthy()
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Name', 'Zone'])
    expect(screen.queryByText('long-id')).toBeNull()
  })
})

describe('status and chips in a list cell', () => {
  it('StatusBadge writes every status in one casing, whatever the platform sent', () => {
    wrap(
      <>
        <StatusBadge value="Running" />
        <StatusBadge value="error" />
        <StatusBadge value="PROVISIONED" />
      </>,
    )
    expect(screen.getByText('Running')).toBeTruthy()
    expect(screen.getByText('Error')).toBeTruthy()
    expect(screen.getByText('Provisioned')).toBeTruthy()
  })

  it('chipsThatFit keeps whole chips and leaves room for "+N"', () => {
    // Three chips of 90 px with 4 px gaps need 278 px.
    expect(chipsThatFit([90, 90, 90], 300)).toBe(3)
    // Two chips (184 px) and the marker (32 px) fit in 220; the third chip does not.
    expect(chipsThatFit([90, 90, 90], 220)).toBe(2)
    // One chip is shown even when the line is narrower than it: it is then the one cut, with its title.
    expect(chipsThatFit([200, 90], 100)).toBe(1)
  })
})

describe('VirtualTable sorting', () => {
  it('toggles a second click from the order it asked for, when the table has not shown that order yet', async () => {
    const user = userEvent.setup()
    const asked = vi.fn()
    // The list's URL changes in a navigation that renders later: until it does, the table still shows no order.
    wrap(
      <VirtualTable
        rows={[{ id: 'a' }, { id: 'b' }]}
        columns={[{ key: 'id', header: 'Id', cell: (row) => row.id, sortable: true }]}
        rowKey={(row) => row.id}
        label="Things"
        onSortChange={asked}
      />,
    )
    const header = screen.getByRole('button', { name: /Id/ })
    await user.click(header)
    await user.click(header)
    expect(asked.mock.calls).toEqual([[{ key: 'id', direction: 'asc' }], [{ key: 'id', direction: 'desc' }]])
  })
})

describe('LoadingRows', () => {
  it('is a status that says what is loading, busy until the rows come', () => {
    wrap(<LoadingRows label="Loading activity" />)
    expect(screen.getByRole('status', { name: 'Loading activity' }).getAttribute('aria-busy')).toBe('true')
  })
})

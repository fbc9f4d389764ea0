import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { CopyableId } from './CopyableId'
import { RelativeTime } from './RelativeTime'
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

describe('VirtualTable', () => {
  it('renders the rows that fit in the window and a few more, not a dozen more', () => {
    const rows = Array.from({ length: 200 }, (_, i) => ({ id: `row-${i}` }))
    wrap(
      <VirtualTable
        rows={rows}
        columns={[{ key: 'id', header: 'Id', cell: (row) => row.id }]}
        rowKey={(row) => row.id}
        label="Rows"
      />,
    )
    const fit = Math.ceil(window.innerHeight / 52)
    const rendered = screen.getAllByRole('row').length - 1
    expect(rendered).toBeGreaterThanOrEqual(fit)
    expect(rendered).toBeLessThanOrEqual(fit + 4)
  })
})

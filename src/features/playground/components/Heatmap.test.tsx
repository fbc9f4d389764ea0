import { MantineProvider } from '@mantine/core'
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Heatmap } from './Heatmap'

describe('Heatmap', () => {
  it('labels each row with its input and each column with its number, so a cell is read without hovering', () => {
    const texts = ['A kitten sleeps.', 'Stocks fell today.', 'A cat naps.']
    render(
      <MantineProvider>
        <Heatmap
          similarity={new Float32Array([1, 0.1, 0.9, 0.1, 1, 0.2, 0.9, 0.2, 1])}
          size={3}
          image={{ pixels: new Uint8ClampedArray(3 * 3 * 4), low: 0.1 }}
          texts={texts}
          total={3}
        />
      </MantineProvider>,
    )
    const rows = within(screen.getByRole('list', { name: 'Rows' })).getAllByRole('listitem')
    expect(rows.map((row) => row.textContent)).toEqual([
      '#1 A kitten sleeps.',
      '#2 Stocks fell today.',
      '#3 A cat naps.',
    ])
    const columns = within(screen.getByRole('list', { name: 'Columns' })).getAllByRole('listitem')
    expect(columns.map((column) => column.textContent)).toEqual(['#1', '#2', '#3'])
  })
})

import { render, screen } from '@testing-library/react'
import { expect, it, vi } from 'vitest'

// The stand-in had no label, so the loaded input's label pushed everything below it down as it arrived. A fresh
// module graph: once a test has loaded the filter inputs, every later FilterSelect renders the loaded input at once.
it('a FilterSelect shows its label before its input has arrived, as after', async () => {
  vi.resetModules()
  const { MantineProvider } = await import('@mantine/core')
  const { FilterSelect } = await import('./FilterSelect')
  render(
    <MantineProvider>
      <FilterSelect label="Person" placeholder="Everyone" data={[]} value={[]} width={200} />
    </MantineProvider>,
  )
  expect(screen.queryByRole('combobox', { name: 'Person' })).toBeNull()
  expect(screen.getByText('Person')).not.toBeNull()
  await screen.findByRole('combobox', { name: 'Person' })
  expect(screen.getAllByText('Person')).toHaveLength(1)
})

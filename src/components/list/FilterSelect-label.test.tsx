import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import { expect, it } from 'vitest'
import { FilterSelect } from './FilterSelect'

// A file of its own: the first FilterSelect of a test file renders the stand-in, later ones the loaded input at once.
// The stand-in had no label, so the loaded input's label pushed everything below it down as it arrived.
it('a FilterSelect shows its label before its input has arrived, as after', async () => {
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

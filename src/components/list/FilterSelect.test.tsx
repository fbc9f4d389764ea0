import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { FilterSelect } from './FilterSelect'

const filter = (value: string[]) =>
  render(
    <MantineProvider>
      <FilterSelect
        aria-label="Regions"
        placeholder="All regions"
        data={[
          { value: 'r-1', label: 'eu-1' },
          { value: 'r-2', label: 'us-1' },
        ]}
        value={value}
        width={200}
      />
    </MantineProvider>,
  )

// Each holds both before Mantine's MultiSelect has arrived (its stand-in) and after.
describe('FilterSelect', () => {
  it('says what the empty filter keeps', async () => {
    filter([])
    expect(screen.queryByPlaceholderText('All regions')).not.toBeNull()
    await screen.findByRole('combobox', { name: 'Regions' })
    expect(screen.queryByPlaceholderText('All regions')).not.toBeNull()
  })

  it('drops that placeholder once a value is picked, so "All regions" never stands beside one', async () => {
    filter(['r-1'])
    expect(screen.queryByPlaceholderText('All regions')).toBeNull()
    await screen.findByRole('combobox', { name: 'Regions' })
    expect(screen.queryByPlaceholderText('All regions')).toBeNull()
  })

  it('shows a picked value by its label', async () => {
    const pill = () => screen.queryByText('eu-1', { selector: '.mantine-Pill-label' })
    filter(['r-1'])
    expect(pill()).not.toBeNull()
    await screen.findByRole('combobox', { name: 'Regions' })
    expect(pill()).not.toBeNull()
  })
})

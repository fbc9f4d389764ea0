import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { FilterSelect } from './FilterSelect'

const filter = (value: string[]) =>
  render(
    <MantineProvider>
      <FilterSelect aria-label="Regions" placeholder="All regions" data={['eu-1', 'us-1']} value={value} width={200} />
    </MantineProvider>,
  )

describe('FilterSelect', () => {
  it('says what the empty filter keeps', () => {
    filter([])
    expect(screen.queryByPlaceholderText('All regions')).not.toBeNull()
  })

  it('drops that placeholder once a value is picked, so "All regions" never stands beside one', () => {
    filter(['eu-1'])
    expect(screen.queryByPlaceholderText('All regions')).toBeNull()
  })
})

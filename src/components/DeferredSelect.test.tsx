import { MantineProvider } from '@mantine/core'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { useState } from 'react'
import { expect, it } from 'vitest'
import { useSelectA11y } from '../lib/use-select-a11y'
import { DeferredSelect } from './DeferredSelect'

const REGIONS = [
  { value: 'eu-west-1', label: 'EU West' },
  { value: 'us-east-1', label: 'US East' },
]

interface RegionProps {
  onPick?: (value: string | null) => void
  disabled?: boolean
  searchable?: boolean
}

function Region({ onPick, disabled, searchable }: RegionProps) {
  const [value, setValue] = useState<string | null>('eu-west-1')
  return (
    <DeferredSelect
      label="Region"
      description="Where it runs"
      withAsterisk
      data={REGIONS}
      value={value}
      disabled={disabled}
      searchable={searchable}
      onChange={(next) => {
        setValue(next)
        onPick?.(next)
      }}
      {...useSelectA11y()}
    />
  )
}

const ui = (props: RegionProps = {}) => (
  <MantineProvider env="test">
    <input aria-label="Before" />
    <Region {...props} />
  </MantineProvider>
)

it('shows, closed, what a Select shows: its label, the chosen option by name, its description, collapsed', () => {
  render(ui())
  const region = screen.getByRole('combobox', { name: 'Region' })
  expect((region as HTMLInputElement).value).toBe('EU West')
  expect(region.getAttribute('aria-expanded')).toBe('false')
  expect(screen.getByText('Where it runs')).toBeTruthy()
  expect(screen.queryByRole('listbox')).toBeNull()
})

it('opens on a press, focused and expanded, and picks the option pressed', async () => {
  const user = userEvent.setup()
  const picked: (string | null)[] = []
  render(ui({ onPick: (value) => picked.push(value) }))
  await user.click(screen.getByRole('combobox', { name: 'Region' }))
  const region = screen.getByRole('combobox', { name: 'Region' })
  await waitFor(() => expect(region.getAttribute('aria-expanded')).toBe('true'))
  expect(document.activeElement).toBe(region)
  await user.click(screen.getByRole('option', { name: 'US East' }))
  expect(picked).toEqual(['us-east-1'])
  expect((screen.getByRole('combobox', { name: 'Region' }) as HTMLInputElement).value).toBe('US East')
})

it('keeps the focus a Tab gave it, and the keyboard opens and picks as in a Select', async () => {
  const user = userEvent.setup()
  const picked: (string | null)[] = []
  render(ui({ onPick: (value) => picked.push(value) }))
  screen.getByRole('textbox', { name: 'Before' }).focus()
  await user.tab()
  const region = screen.getByRole('combobox', { name: 'Region' })
  expect(document.activeElement).toBe(region)
  expect(region.getAttribute('aria-expanded')).toBe('false')
  await user.keyboard('{ArrowDown}')
  await waitFor(() => expect(screen.getByRole('listbox')).toBeTruthy())
  await user.keyboard('{ArrowDown}{Enter}')
  expect(picked).toEqual(['us-east-1'])
})

it('opens on text pasted into it closed without a focus or a click (a middle-button paste)', async () => {
  render(ui({ searchable: true }))
  fireEvent.change(screen.getByRole('combobox', { name: 'Region' }), { target: { value: 'US' } })
  await waitFor(() => expect(screen.getByRole('listbox')).toBeTruthy())
  expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['EU West', 'US East'])
})

it('does not open while disabled', async () => {
  const user = userEvent.setup()
  render(ui({ disabled: true }))
  await user.click(screen.getByRole('combobox', { name: 'Region' }))
  expect(screen.queryByRole('listbox')).toBeNull()
})

it('names the chosen option of a list in groups, as the Select does', () => {
  render(
    <MantineProvider env="test">
      <DeferredSelect
        label="Network"
        value="net-2"
        data={[
          { group: 'ml-research', items: [{ value: 'net-1', label: 'training' }] },
          { group: 'web', items: [{ value: 'net-2', label: 'frontends' }] },
        ]}
      />
    </MantineProvider>,
  )
  expect((screen.getByRole('combobox', { name: 'Network' }) as HTMLInputElement).value).toBe('frontends')
})

it('a press that ends off it leaves Tab to move on, and a key that works a select opens it', async () => {
  const user = userEvent.setup()
  render(
    <MantineProvider env="test">
      <Region />
      <input aria-label="After" />
    </MantineProvider>,
  )
  const region = screen.getByRole('combobox', { name: 'Region' })
  await user.pointer([{ keys: '[MouseLeft>]', target: region }, { target: document.body }, { keys: '[/MouseLeft]' }])
  expect(document.activeElement).toBe(region)
  await user.tab()
  expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'After' }))

  await user.pointer([{ keys: '[MouseLeft>]', target: region }, { target: document.body }, { keys: '[/MouseLeft]' }])
  await user.keyboard('{ArrowDown}')
  await waitFor(() => expect(screen.getByRole('listbox')).toBeTruthy())
  expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Region' }))
})

import { MantineProvider } from '@mantine/core'
import { render, screen, waitFor } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { useState } from 'react'
import { expect, it } from 'vitest'
import { MultiSelect } from '../components/mantine/MultiSelect'
import { Select } from '../components/mantine/Select'
import { useSelectA11y } from './use-select-a11y'

function Flavors({ data, onPick }: { data: string[]; onPick: (value: string | null) => void }) {
  const [value, setValue] = useState<string | null>(null)
  return (
    <Select
      label="Flavor"
      data={data}
      value={value}
      onChange={(next) => {
        setValue(next)
        onPick(next)
      }}
      {...useSelectA11y()}
    />
  )
}

/** A flavor select whose options the test sets (as arriving answers do), and what it picked. */
function flavorsOf() {
  const picked: (string | null)[] = []
  const ui = (data: string[]) => (
    <MantineProvider env="test">
      <Flavors data={data} onPick={(value) => picked.push(value)} />
    </MantineProvider>
  )
  return { user: userEvent.setup(), picked, ui }
}

it('Enter picks the option shown highlighted, after options arriving while the list is open have moved it', async () => {
  const { user, picked, ui } = flavorsOf()
  const { rerender } = render(ui(['c1.large', 'c1.xlarge']))
  await user.click(screen.getByRole('combobox', { name: 'Flavor' }))
  // Opened by a press, the list shows its first option highlighted: one ArrowDown goes to the second.
  await user.keyboard('{ArrowDown}')
  const highlighted = () => screen.getByRole('option', { name: 'c1.xlarge' }).hasAttribute('data-combobox-selected')
  await waitFor(() => expect(highlighted()).toBe(true))

  // Another region's flavors arrive, one of them before the highlighted option.
  rerender(ui(['c1.small', 'c1.large', 'c1.xlarge']))
  expect(highlighted()).toBe(true)
  await user.keyboard('{Enter}')
  expect(picked).toEqual(['c1.xlarge'])
})

it('highlights and announces the option Enter will pick when the options arrive while the list is open', async () => {
  const { user, picked, ui } = flavorsOf()
  const { rerender } = render(ui([]))
  const flavor = screen.getByRole('combobox', { name: 'Flavor' })
  await user.click(flavor)
  // The region's flavors arrive with the list open.
  rerender(ui(['c1.small', 'c1.large']))
  const small = await screen.findByRole('option', { name: 'c1.small' })
  await waitFor(() => expect(small.hasAttribute('data-combobox-selected')).toBe(true))
  expect(flavor.getAttribute('aria-activedescendant')).toBe(small.id)
  // The arrows go on from the option shown, and the input names each.
  await user.keyboard('{ArrowDown}')
  const large = screen.getByRole('option', { name: 'c1.large' })
  expect(large.hasAttribute('data-combobox-selected')).toBe(true)
  expect(small.hasAttribute('data-combobox-selected')).toBe(false)
  expect(flavor.getAttribute('aria-activedescendant')).toBe(large.id)
  await user.keyboard('{Enter}')
  expect(picked).toEqual(['c1.large'])
})

function Projects({ onPick }: { onPick: (values: string[]) => void }) {
  const [value, setValue] = useState<string[]>([])
  return (
    <MultiSelect
      aria-label="Projects"
      data={['ml-research', 'production-inference', 'sandbox']}
      searchable
      value={value}
      onChange={(next) => {
        setValue(next)
        onPick(next)
      }}
      {...useSelectA11y()}
    />
  )
}

it('the first ArrowDown in a searchable filter highlights its first option, as in every other select', async () => {
  const user = userEvent.setup()
  const picked: string[][] = []
  render(
    <MantineProvider env="test">
      <Projects onPick={(values) => picked.push(values)} />
    </MantineProvider>,
  )
  // Reached by the keyboard: focus alone opens nothing (a searchable one opened on focus, its first option shown, and
  // the first ArrowDown went on to the second).
  await user.tab()
  const projects = screen.getByRole('combobox', { name: 'Projects' })
  expect(projects).toBe(document.activeElement)
  expect(screen.queryByRole('option', { name: 'ml-research' })).toBeFalsy()
  await user.keyboard('{ArrowDown}')
  const first = await screen.findByRole('option', { name: 'ml-research' })
  await waitFor(() => expect(projects.getAttribute('aria-activedescendant')).toBe(first.id))
  await user.keyboard('{Enter}')
  expect(picked).toEqual([['ml-research']])
})

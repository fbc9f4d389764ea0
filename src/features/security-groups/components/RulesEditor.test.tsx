import { MantineProvider } from '@mantine/core'
import { render, screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { useForm } from 'react-hook-form'
import { describe, expect, it } from 'vitest'
import type { RuleRow } from '../security-group-form'
import { RulesEditor } from './RulesEditor'

function RulesForm() {
  const form = useForm<{ rules: RuleRow[] }>({ defaultValues: { rules: [] } })
  return <RulesEditor control={form.control} />
}

describe('the rules editor', () => {
  it('heads every column of a filled rule, and names each control within its rule', async () => {
    render(
      <MantineProvider>
        <RulesForm />
      </MantineProvider>,
    )
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'SSH' }))
    await user.click(screen.getByRole('button', { name: 'Add rule' }))

    for (const [index, source] of [
      [1, 'Anywhere'],
      [2, 'CIDR block'],
    ] as const) {
      const rule = screen.getByRole('group', { name: `Rule ${index}` })
      if (source === 'CIDR block') await user.click(within(rule).getByText('CIDR block'))
      for (const heading of ['Direction', 'Protocol', 'Ports', 'Source', 'CIDR'])
        expect(within(rule).getByText(heading, { selector: 'label, div' })).toBeTruthy()
      expect(within(rule).getByRole('combobox', { name: 'Direction' })).toBeTruthy()
      expect(within(rule).getByRole('textbox', { name: 'Ports' })).toBeTruthy()
      expect(within(rule).getByRole('radiogroup', { name: 'Source' })).toBeTruthy()
    }
    await user.type(
      within(screen.getByRole('group', { name: 'Rule 2' })).getByRole('textbox', { name: 'CIDR' }),
      '10.0.0.0/8',
    )
    expect(within(screen.getByRole('group', { name: 'Rule 2' })).getByText('CIDR', { selector: 'label' })).toBeTruthy()
  })
})

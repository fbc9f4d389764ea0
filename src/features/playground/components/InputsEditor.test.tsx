import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { EXAMPLE_INPUTS } from '../example-inputs'
import { InputsEditor } from './InputsEditor'
import type { InputRow } from '../inputs'

const editor = (disabled: boolean, onChange: (inputs: InputRow[]) => void) => (
  <MantineProvider>
    <InputsEditor inputs={EXAMPLE_INPUTS} onChange={onChange} rowErrors={new Map()} disabled={disabled} />
  </MantineProvider>
)

describe('InputsEditor', () => {
  it('locks every input and its remove button while a run is under way, and unlocks them after', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    const { rerender } = render(editor(true, onChange))
    // The rows are disabled through their fieldset, as a browser disables them: typing and clicking do nothing.
    await user.type(screen.getByLabelText('Input 1'), 'x')
    await user.click(screen.getByRole('button', { name: 'Remove input 5' }))
    await user.click(screen.getByRole('button', { name: 'Add input' }))
    expect(onChange).not.toHaveBeenCalled()
    rerender(editor(false, onChange))
    await user.type(screen.getByLabelText('Input 1'), 'x')
    await user.click(screen.getByRole('button', { name: 'Remove input 5' }))
    expect(onChange).toHaveBeenCalledTimes(2)
  })
})

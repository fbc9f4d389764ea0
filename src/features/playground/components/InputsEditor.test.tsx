import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { EXAMPLE_INPUTS } from '../example-inputs'
import { InputsEditor } from './InputsEditor'

const editor = (disabled: boolean) => (
  <MantineProvider>
    <InputsEditor inputs={EXAMPLE_INPUTS} onChange={() => {}} rowErrors={new Map()} disabled={disabled} />
  </MantineProvider>
)

describe('InputsEditor', () => {
  it('locks every input and its remove button while a run is under way, and unlocks them after', () => {
    const { rerender } = render(editor(true))
    expect(screen.getByLabelText('Input 1').matches(':disabled')).toBe(true)
    expect(screen.getByRole('button', { name: 'Remove input 5' }).matches(':disabled')).toBe(true)
    expect(screen.getByRole('button', { name: 'Add input' }).matches(':disabled')).toBe(true)
    rerender(editor(false))
    expect(screen.getByLabelText('Input 1').matches(':disabled')).toBe(false)
    expect(screen.getByRole('button', { name: 'Remove input 5' }).matches(':disabled')).toBe(false)
  })
})

import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { FormShell, type SubmitError } from './FormShell'

/** A long form whose submit the platform refuses, as a 409 or 503 without a field would. */
function RefusedForm() {
  const [submitError, setSubmitError] = useState<SubmitError>()
  return (
    <FormShell
      onSubmit={(event) => {
        event.preventDefault()
        setSubmitError({ message: 'The service is temporarily unavailable.', traces: { console: 't-1' } })
      }}
      submitLabel="Create instance"
      loading={false}
      submitError={submitError}
      request={undefined}
      onCancel={() => {}}
    >
      <label>
        Name <input />
      </label>
    </FormShell>
  )
}

describe('a refused submit', () => {
  it('moves focus from the button to the refusal, which is announced as an alert', async () => {
    render(
      <MantineProvider>
        <RefusedForm />
      </MantineProvider>,
    )
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Create instance' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('The service is temporarily unavailable.')
    // What the user quotes when reporting it: the trace id, in the console's log and the platform's.
    expect(alert.textContent).toContain('Trace id t-1')
    expect(document.activeElement).toBe(alert)
  })
})

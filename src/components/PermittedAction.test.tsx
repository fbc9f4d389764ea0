import { MantineProvider } from '@mantine/core'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { PermittedAction } from './PermittedAction'
import { RefusalTooltip } from './RefusalTooltip'

const tooltipLoaded = import('./RefusalTooltip')
const REASON = 'Your roles in this organization do not allow you to create networks.'

function renderRefused() {
  return render(
    // 'test': no transitions, and no positioning, which Happy DOM's empty layout reads as a detached button.
    <MantineProvider env="test">
      <PermittedAction disabledReason={REASON}>Create network</PermittedAction>
    </MantineProvider>,
  )
}

// The tooltip's code loads apart from the button (a chunk of its own): the button is the same element throughout,
// described by the reason from the start, and shows the reason on hover and on keyboard focus.
describe('a refused action', () => {
  it('says why on hover and on focus, and stays the same button', async () => {
    const user = userEvent.setup()
    renderRefused()
    const button = screen.getByRole('button', { name: 'Create network' })
    expect(button.getAttribute('aria-disabled')).toBe('true')
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(REASON)

    // The tooltip's chunk has arrived (it is asked for as the button renders, before a pointer can reach it).
    await act(() => tooltipLoaded)
    await user.hover(button)
    expect((await screen.findByRole('tooltip')).textContent).toBe(REASON)
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(REASON)
    await user.unhover(button)
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull())
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(REASON)

    await user.tab()
    expect(document.activeElement).toBe(button)
    expect((await screen.findByRole('tooltip')).textContent).toBe(REASON)
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull())
    expect(button.isConnected).toBe(true)
    await user.click(button)
    expect(document.activeElement).toBe(button)
  })

  it('shows the reason at once when the pointer was already on the button as the tooltip’s code arrived', async () => {
    const button = document.body.appendChild(document.createElement('button'))
    // Happy DOM keeps no hover state: the pointer that rested on the button while the chunk loaded, as Chromium reports it.
    vi.spyOn(button, 'matches').mockImplementation((selector) => selector === ':hover')
    try {
      render(
        <MantineProvider env="test">
          <RefusalTooltip label={REASON} node={button} onTargetProps={() => {}} />
        </MantineProvider>,
      )
      expect((await screen.findByRole('tooltip')).textContent).toBe(REASON)
    } finally {
      button.remove()
    }
  })
})

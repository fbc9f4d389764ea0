import { MantineProvider, useMantineColorScheme } from '@mantine/core'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ColorSchemeMenu } from './ColorSchemeMenu'

function Scheme() {
  return <output aria-label="Scheme in use">{useMantineColorScheme().colorScheme}</output>
}

function renderMenu() {
  return render(
    // 'test': no transitions, and no positioning, which Happy DOM's empty layout reads as a detached button.
    <MantineProvider defaultColorScheme="light" env="test">
      <ColorSchemeMenu />
      <Scheme />
    </MantineProvider>,
  )
}

describe('the colour scheme menu in the header', () => {
  it('opens from its button and switches the scheme', async () => {
    renderMenu()
    fireEvent.click(screen.getByRole('button', { name: 'Colour scheme: Light' }))
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Dark' }))
    expect(screen.getByLabelText('Scheme in use').textContent).toBe('dark')
    expect(screen.getByRole('button', { name: 'Colour scheme: Dark' })).toBeTruthy()
  })

  // The menu's code loads when first wanted: the button is a menu button from the start, and the keyboard opens,
  // walks and closes the menu with focus back on the same button.
  it('is a menu button before its menu is loaded, and keeps focus through a keyboard round', async () => {
    const user = userEvent.setup()
    renderMenu()
    const button = screen.getByRole('button', { name: /^Colour scheme:/ })
    expect(button.getAttribute('aria-haspopup')).toBe('menu')
    expect(button.getAttribute('aria-expanded')).toBe('false')

    await user.tab()
    expect(document.activeElement).toBe(button)
    await user.keyboard('{Enter}')
    const menu = await screen.findByRole('menu')
    expect(button.getAttribute('aria-expanded')).toBe('true')
    expect(button.getAttribute('aria-controls')).toBe(menu.id)
    expect(menu.getAttribute('aria-labelledby')).toBe(button.id)

    await user.keyboard('{ArrowDown}')
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Light' }))
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(button))
    expect(button.isConnected).toBe(true)
    expect(button.getAttribute('aria-expanded')).toBe('false')
  })
})

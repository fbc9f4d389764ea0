import { MantineProvider, useMantineColorScheme } from '@mantine/core'
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ColorSchemeMenu } from './ColorSchemeMenu'

function Scheme() {
  return <output aria-label="Scheme in use">{useMantineColorScheme().colorScheme}</output>
}

describe('the colour scheme menu in the header', () => {
  it('opens from its button and switches the scheme', async () => {
    render(
      <MantineProvider defaultColorScheme="light">
        <ColorSchemeMenu />
        <Scheme />
      </MantineProvider>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Colour scheme: Light' }))
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Dark' }))
    expect(screen.getByLabelText('Scheme in use').textContent).toBe('dark')
    expect(screen.getByRole('button', { name: 'Colour scheme: Dark' })).toBeTruthy()
  })
})

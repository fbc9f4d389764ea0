import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import { expect, it } from 'vitest'
import { ErrorAlert } from './ErrorAlert'

it("holds a message of several blocks (the platform's words, then a list of what uses the network) in valid HTML", () => {
  const { container } = render(
    <MantineProvider env="test">
      <ErrorAlert
        title="The network was not deleted"
        message={
          <>
            <span>network is in use</span>
            <ul>
              <li>2 instances</li>
            </ul>
          </>
        }
      />
    </MantineProvider>,
  )
  expect(screen.getByRole('alert')).toHaveProperty('textContent', expect.stringContaining('2 instances'))
  // A paragraph cannot hold a list or a block: browsers parsing such HTML end the paragraph before it.
  expect(container.querySelector('p ul, p div, p p')).toBeNull()
})

it('keeps a message of words a paragraph', () => {
  render(
    <MantineProvider env="test">
      <ErrorAlert title="The network was not deleted" message="network is in use" />
    </MantineProvider>,
  )
  expect(screen.getByText('network is in use').tagName).toBe('P')
})

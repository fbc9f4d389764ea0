import { EXAMPLE_INPUTS } from './example-inputs'
import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { fill, renderRoute, consoleForFile, valueOf, warmRoutes } from '../../test/console-harness'

consoleForFile()
beforeAll(async () => {
  await warmRoutes('/playground')
})

describe('embeddings playground', () => {
  it('counts its requests in words that agree with the number', async () => {
    const { user } = renderRoute('/playground')
    const inputs = await screen.findByRole('region', { name: /^Inputs/ })
    await user.click(within(inputs).getByRole('button', { name: 'Load example' }))
    try {
      // The example's inputs, as many as it has, go in one request.
      expect((await screen.findByRole('region', { name: 'Run' })).textContent).toMatch(
        new RegExp(`${EXAMPLE_INPUTS.length} inputs → 1 request(?!\\()`),
      )
    } finally {
      // The page keeps its inputs for a reload: the next test starts from none.
      localStorage.clear()
    }
  })

  it('refuses bad input before sending: no inputs, an empty input, too many dimensions', async () => {
    const { user } = renderRoute('/playground')
    await user.click(await screen.findByRole('button', { name: 'Create embeddings' }))
    expect(await screen.findByText(/Add at least one input/)).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Add input' }))
    expect(await screen.findByText(/This input is empty/)).toBeTruthy()
    await fill(user, screen.getByRole('textbox', { name: 'Input 1' }), 'hello world')
    await fill(user, screen.getByRole('textbox', { name: /^Dimensions/ }), '5000')
    expect(
      await screen.findByText('This model makes 1,024-dimensional vectors: choose 1 to 1,024, or leave empty for all.'),
    ).toBeTruthy()
  })

  it('refuses dimensions it cannot use with the reason once the field is left, keeping what was typed', async () => {
    const { user } = renderRoute('/playground')
    const dimensions = await screen.findByRole('textbox', { name: /^Dimensions/ })
    const wholeNumber = 'Dimensions must be a whole number of at least 1.'
    const tooMany = 'This model makes 1,024-dimensional vectors: choose 1 to 1,024, or leave empty for all.'
    for (const [typed, reason] of [
      ['1e9', tooMany],
      ['-5', wholeNumber],
      ['10.5', wholeNumber],
      ['0', wholeNumber],
      ['999999999999', tooMany],
    ] as const) {
      await fill(user, dimensions, typed)
      await user.tab()
      expect(await screen.findByText(reason)).toBeTruthy()
      expect(valueOf(dimensions)).toBe(typed)
    }
  })

  it('shows the model a run uses as the Model field’s value, and what the user types once edited', async () => {
    const { user } = renderRoute('/playground')
    const model = await screen.findByRole('combobox', { name: /^Model/ })
    await waitFor(() => expect(valueOf(model)).not.toBe(''))
    const first = valueOf(model)
    expect(model.getAttribute('placeholder')).toBe(first)
    await fill(user, model, '')
    expect(valueOf(model)).toBe('')
  })
})

import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { fill, renderRoute, consoleForFile, valueOf, warmRoutes } from '../../test/console-harness'

const harness = consoleForFile()
beforeAll(async () => {
  await warmRoutes('/models')
})

describe('model catalog', () => {
  it('says a failed load in the platform’s words with its trace id, and adds no cause it does not know', async () => {
    // An outage, not a blip: the loader's prefetch and the page's own read both meet it.
    for (let i = 0; i < 2; i++)
      harness.answerNext('GET', /\/endpoints(\?|$)/, {
        status: 500,
        body: {
          error: 'server_error',
          error_description: 'an internal error has occurred',
          trace_id: '4bf92f3577b34da6a3ce929d0e0e4736',
        },
      })
    renderRoute('/models')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('an internal error has occurred')
    expect(alert.textContent).toContain('Platform trace id 4bf92f3577b34da6a3ce929d0e0e4736')
    expect(alert.textContent).not.toMatch(/usually|had a problem/)
  })

  it('says a model id the catalog does not hold without guessing why', async () => {
    renderRoute('/models?model=no-such-model')
    const said = await screen.findByText(/No model with the id/)
    expect(said.textContent).toMatch(/no-such-model/)
    expect(said.textContent).not.toMatch(/may have|retired/)
  })

  it('counts the catalog and narrows it by type from the URL', async () => {
    renderRoute('/models?type=Embedding')
    expect(await screen.findByText(/^5 of 17 models/)).toBeTruthy()
    expect(screen.getByText('BGE M3')).toBeTruthy()
  })

  it('says when a filter matches nothing, and clearing it brings the catalog back', async () => {
    const { user } = renderRoute('/models?q=no-such-model-anywhere')
    expect(await screen.findByRole('heading', { name: 'No models match' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(await screen.findByText(/^17 models/)).toBeTruthy()
  })

  it('shows no model’s cost while the calculator holds a number it refuses, and the costs again once it takes one', async () => {
    const { user } = renderRoute('/models?view=cards')
    const tokens = await screen.findByRole('textbox', { name: 'Input tokens' })
    const costs = () => screen.queryAllByText('/ month for your plan')
    await waitFor(() => expect(costs().length).toBeGreaterThan(0))
    const priced = costs().length
    await fill(user, tokens, '-5')
    await waitFor(() => expect(costs()).toHaveLength(0))
    expect(screen.getAllByText('No estimate until the calculator’s values are fixed')).toHaveLength(priced)
    await fill(user, tokens, '2000')
    await waitFor(() => expect(costs()).toHaveLength(priced))
  })

  it('the calculator and the price limit refuse a number with the reason, keep what was typed, and use none of it', async () => {
    const { user, router } = renderRoute('/models?view=table')
    const tokens = await screen.findByRole('textbox', { name: 'Input tokens' })
    for (const [typed, reason] of [
      ['1e9', 'A count is at most 100,000,000.'],
      ['-5', 'A count is at least 0.'],
      ['10.5', 'A count must be a whole number.'],
      ['999999999999', 'A count is at most 100,000,000.'],
    ] as const) {
      await fill(user, tokens, typed)
      await user.tab()
      expect(await screen.findByText(reason)).toBeTruthy()
      expect(valueOf(tokens)).toBe(typed)
      // The plan keeps its last number rather than one the user never typed (19, 5, 10 or a clamped maximum).
      expect(new URLSearchParams(router.state.location.search).get('inTokens')).toBeNull()
    }
    await fill(user, tokens, '0')
    expect(new URLSearchParams(router.state.location.search).get('inTokens')).toBe('0')

    const price = screen.getByRole('textbox', { name: 'Maximum price per million tokens' })
    for (const typed of ['-5', '0']) {
      await fill(user, price, typed)
      await user.tab()
      expect(await screen.findByText('The price limit is above $0.00.')).toBeTruthy()
      expect(valueOf(price)).toBe(typed)
      expect(new URLSearchParams(router.state.location.search).get('maxPrice')).toBeNull()
    }
  })
})

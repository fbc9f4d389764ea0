import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { renderRoute, startConsole, warmRoutes, type ConsoleHarness } from '../../test/console-harness'

let harness: ConsoleHarness
beforeAll(async () => {
  harness = await startConsole()
  await warmRoutes('/models')
})
afterAll(() => harness.stop())

describe('model catalog', () => {
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
})

import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import { focusManager } from '@tanstack/react-query'
import { consoleForFile, renderRoute, warmRoutes } from '../../test/console-harness'

// No passing states: nothing settles, so the lists do not poll and no change of what settles reads the log again.
const harness = consoleForFile()
beforeAll(async () => {
  await warmRoutes('/')
})
afterEach(() => {
  vi.useRealTimers()
  focusManager.setFocused(undefined)
})

const createProject = (name: string) =>
  harness.platform<{ metadata: { id: string } }>(harness.identity('/projects'), {
    method: 'POST',
    body: { metadata: { name }, spec: { groupIDs: [] } },
  })

describe('Lately', () => {
  it('lists what the platform recorded lately, from any client, under the console’s own log: a fresh start has a history', async () => {
    renderRoute('/')
    const changing = await screen.findByRole('region', { name: 'What is changing' })
    const recorded = await within(changing).findByRole('list', { name: 'In the platform’s records, from any client' })
    const lines = within(recorded)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    // The demo's newest instances, newest first, each with when (the platform records no creator of an instance).
    expect(lines[0]).toMatch(/^Created instance gpu-smoke-test3 days ago$/)
    expect(lines[1]).toMatch(/^Created instance b200-bringup6 days ago$/)
    expect(within(recorded).getByRole('link', { name: 'gpu-smoke-test' }).getAttribute('href')).toMatch(
      /^\/instances\/[0-9a-f-]+$/,
    )
  })

  it('lists a change made elsewhere (another tab, another admin) while the page stays open, at its next read', async () => {
    // The page's intervals are the test's to advance; the console server, the local cloud and every timeout keep time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    await createProject('lately-first')
    renderRoute('/')
    const changing = await screen.findByRole('region', { name: 'What is changing' })
    const lately = await within(changing).findByRole('list', { name: 'Lately' })
    await within(lately).findByRole('link', { name: 'lately-first' })

    // Made through the console by another client: the open page has not asked since.
    const name = 'lately-elsewhere'
    const created = await createProject(name)
    expect(within(lately).queryByRole('link', { name })).toBeNull()

    await vi.advanceTimersByTimeAsync(30_000)
    const link = await within(lately).findByRole('link', { name })
    expect(link.getAttribute('href')).toBe(`/projects/${created.metadata.id}`)
    expect(within(lately).getAllByRole('listitem')[0]!.textContent).toMatch(
      new RegExp(`^Create project ${name}Succeeded`),
    )
  })

  it('asks nothing while the tab is hidden, and lists what changed meanwhile once it is shown again', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const { queryClient } = renderRoute('/')
    const lately = await within(await screen.findByRole('region', { name: 'What is changing' })).findByRole('list', {
      name: 'Lately',
    })
    await within(lately).findAllByRole('listitem')
    focusManager.setFocused(false)
    const name = 'lately-while-hidden'
    await createProject(name)
    await vi.advanceTimersByTimeAsync(90_000)
    // No read went out: a background tab left open on the overview costs the console server nothing.
    expect(queryClient.isFetching()).toBe(0)
    expect(within(lately).queryByRole('link', { name })).toBeNull()
    focusManager.setFocused(true)
    expect(await within(lately).findByRole('link', { name })).toBeTruthy()
  })
})

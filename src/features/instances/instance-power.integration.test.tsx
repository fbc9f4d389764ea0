import { beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { renderRoute, consoleForFile, warmRoutes } from '../../test/console-harness'

// This harness's local cloud provisions at once: a stop is over before its 202 arrives, the tightest race there is
// between an accepted action and the page that shows it.
const INSTANCES = '/api/region/api/v2/instances'
const harness = consoleForFile()
let sparkWorker: string
beforeAll(async () => {
  sparkWorker = await harness.idOf(INSTANCES, 'spark-worker-0')
  await warmRoutes(`/instances/${sparkWorker}`)
})

describe('instance power actions', () => {
  // The state badge beside the instance's name says it.
  it('show the passing state (Stopping, Pending) as soon as the platform accepts, then what it settles on', async () => {
    const { user } = renderRoute(`/instances/${sparkWorker}`)
    expect(await screen.findByRole('heading', { name: 'spark-worker-0', level: 1 })).toBeTruthy()
    expect(await screen.findByTitle('Power state: Running')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Stop' }))
    const dialog = await screen.findByRole('dialog', { name: 'Stop instance' })
    await user.click(within(dialog).getByRole('button', { name: 'Stop instance' }))
    expect(await screen.findByTitle('Power state: Stopping')).toBeTruthy()
    // While it passes, no power action is offered (the reasons by state are power.test.ts's).
    for (const action of ['Start', 'Stop', 'Reboot'])
      expect(screen.getByRole('button', { name: action }).getAttribute('aria-disabled')).toBe('true')
    // The page's poll (every second while the state passes) then finds what the platform settled on.
    expect(await screen.findByTitle('Power state: Stopped', undefined, { timeout: 5000 })).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Start' }))
    expect(await screen.findByTitle('Power state: Pending')).toBeTruthy()
    expect(await screen.findByTitle('Power state: Running', undefined, { timeout: 5000 })).toBeTruthy()
  })

  it('say an outage in the platform’s own words, with its trace id, and blame no state the instance is not in', async () => {
    const stopping = await harness.idOf(INSTANCES, 'spark-worker-1')
    harness.answerNext('POST', new RegExp(`/instances/${stopping}/stop$`), {
      status: 500,
      body: {
        error: 'server_error',
        error_description: 'an internal error has occurred',
        trace_id: '4bf92f3577b34da6a3ce929d0e0e4736',
      },
    })
    const { user } = renderRoute(`/instances/${stopping}`)
    expect(await screen.findByRole('heading', { name: 'spark-worker-1', level: 1 })).toBeTruthy()
    expect(await screen.findByTitle('Power state: Running')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Stop' }))
    const dialog = await screen.findByRole('dialog', { name: 'Stop instance' })
    await user.click(within(dialog).getByRole('button', { name: 'Stop instance' }))

    const alert = await within(dialog).findByRole('alert')
    expect(alert.textContent).toContain('an internal error has occurred')
    expect(alert.textContent).toContain('4bf92f3577b34da6a3ce929d0e0e4736')
    expect(alert.textContent).not.toMatch(/state/)
    // Read again, the instance still runs: nothing in the dialog says otherwise.
    expect(await screen.findByTitle('Power state: Running')).toBeTruthy()
    expect(dialog.textContent).not.toMatch(/not in a state|already stopped/)
  })
})

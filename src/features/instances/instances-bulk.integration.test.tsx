import { beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { renderRoute, consoleForFile, warmRoutes } from '../../test/console-harness'
import { inWindowOfWidth } from '../../test/window-width'

const INSTANCES = '/api/region/api/v2/instances'
const harness = consoleForFile()
beforeAll(async () => {
  await warmRoutes('/instances')
})

describe('instance list bulk actions', () => {
  // A window wide enough for the selection boxes, which one of 992 to 1199 px (the test window's is 1024) has no room for.
  inWindowOfWidth(1440)
  it('stops the ticked instances after one confirmation naming them, leaving out and naming those already stopped', async () => {
    const { user } = renderRoute('/instances?q=spark-worker')
    const table = await screen.findByRole('table', { name: 'Instances' })
    await user.click(await within(table).findByRole('checkbox', { name: 'Select spark-worker-1' }))
    await user.click(within(table).getByRole('checkbox', { name: 'Select spark-worker-2' }))
    const bar = screen.getByRole('toolbar', { name: 'Bulk actions' })
    expect(within(bar).getByText('2 selected')).toBeTruthy()

    // spark-worker-2 is stopped, as the list shows: the platform would fail a stop of it as a server error.
    await user.click(within(bar).getByRole('button', { name: 'Stop' }))
    const dialog = await screen.findByRole('dialog', { name: 'Stop spark-worker-1?' })
    const named = within(within(dialog).getByRole('list', { name: 'Instances to act on' })).getAllByRole('listitem')
    expect(named.map((item) => item.textContent)).toEqual(['spark-worker-1'])
    const left = within(within(dialog).getByRole('list', { name: 'Instances left out' })).getAllByRole('listitem')
    expect(left.map((item) => item.textContent)).toEqual(['spark-worker-2: the instance is already stopped.'])
    await user.click(within(dialog).getByRole('button', { name: 'Stop instance' }))

    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('All 1'))
    const results = within(within(dialog).getByRole('list', { name: 'Results' })).getAllByRole('listitem')
    expect(results.map((result) => result.textContent)).toEqual(['spark-worker-1: stopping'])
    const stopped = await harness.platform<{ status: { powerState: string } }>(
      `${INSTANCES}/${await harness.idOf(INSTANCES, 'spark-worker-1')}`,
    )
    expect(['Stopping', 'Stopped']).toContain(stopped.status.powerState)

    await user.click(within(dialog).getByRole('button', { name: 'Done' }))
    expect(await within(bar).findByText(/Tick instances/)).toBeTruthy()
  })

  it('offers no Stop for instances that are all stopped, and says why', async () => {
    const { user } = renderRoute('/instances?q=spark-worker-2')
    const table = await screen.findByRole('table', { name: 'Instances' })
    await user.click(await within(table).findByRole('checkbox', { name: 'Select spark-worker-2' }))
    const stop = within(screen.getByRole('toolbar', { name: 'Bulk actions' })).getByRole('button', { name: 'Stop' })
    expect(stop.getAttribute('aria-disabled')).toBe('true')
    expect(
      await screen.findByText('The instance is already stopped.', {
        selector: `#${stop.getAttribute('aria-describedby')}`,
      }),
    ).toBeTruthy()
    await user.click(stop)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('selects every instance the filter shows from the heading, and only those', async () => {
    const { user } = renderRoute('/instances?q=spark-worker')
    const table = await screen.findByRole('table', { name: 'Instances' })
    const all = await within(table).findByRole('checkbox', { name: 'Select all shown instances' })
    await user.click(await within(table).findByRole('checkbox', { name: 'Select spark-worker-1' }))
    // Some shown rows ticked: the heading says "some" (mixed), and a click ticks the rest.
    expect(all).toHaveProperty('indeterminate', true)
    await user.click(all)
    const rows = within(table)
      .getAllByRole('checkbox')
      .filter((box) => box !== all)
    expect(rows.length).toBeGreaterThan(1)
    expect(rows.every((box) => (box as HTMLInputElement).checked)).toBe(true)
    const bar = screen.getByRole('toolbar', { name: 'Bulk actions' })
    expect(within(bar).getByText(`${rows.length} selected`)).toBeTruthy()
    // Instances the filter hides were not selected: a Start names only the shown ones, to act on or left out. One
    // of them, stopped by the test before, can be started.
    await user.click(within(bar).getByRole('button', { name: 'Start' }))
    const dialog = await screen.findByRole('dialog', { name: /^Start / })
    const named = ['Instances to act on', 'Instances left out'].flatMap((list) =>
      within(dialog)
        .queryAllByRole('list', { name: list })
        .flatMap((shown) => within(shown).getAllByRole('listitem')),
    )
    expect(named).toHaveLength(rows.length)
    expect(named.every((item) => item.textContent?.startsWith('spark-worker'))).toBe(true)
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    // And a second click on the heading clears them.
    await user.click(all)
    expect(rows.every((box) => !(box as HTMLInputElement).checked)).toBe(true)
  })
})

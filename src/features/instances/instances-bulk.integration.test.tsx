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
  it('stops the ticked instances after one confirmation naming them, and says which the platform refused and why', async () => {
    const { user } = renderRoute('/instances?q=spark-worker')
    const table = await screen.findByRole('table', { name: 'Instances' })
    await user.click(await within(table).findByRole('checkbox', { name: 'Select spark-worker-1' }))
    await user.click(within(table).getByRole('checkbox', { name: 'Select spark-worker-2' }))
    const bar = screen.getByRole('toolbar', { name: 'Bulk actions' })
    expect(within(bar).getByText('2 selected')).toBeTruthy()

    await user.click(within(bar).getByRole('button', { name: 'Stop' }))
    const dialog = await screen.findByRole('dialog', { name: 'Stop 2 instances?' })
    const named = within(within(dialog).getByRole('list', { name: 'Instances to act on' })).getAllByRole('listitem')
    expect(named.map((item) => item.textContent)).toEqual(['spark-worker-1', 'spark-worker-2'])
    await user.click(within(dialog).getByRole('button', { name: 'Stop 2 instances' }))

    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('1 of 2'))
    const results = within(within(dialog).getByRole('list', { name: 'Results' })).getAllByRole('listitem')
    expect(results[0]!.textContent).toBe('spark-worker-1: stopping')
    // spark-worker-2 was already stopped, as the list showed: the platform fails the action (500) in its words, and the
    // console adds the state it read as the cause.
    expect(results[1]!.textContent).toMatch(
      /^spark-worker-2: not stopped\. failed to stop instance: the instance is Stopped.* As the console last read it: the instance is already stopped\.$/,
    )

    const stopped = await harness.platform<{ status: { powerState: string } }>(
      `${INSTANCES}/${await harness.idOf(INSTANCES, 'spark-worker-1')}`,
    )
    expect(['Stopping', 'Stopped']).toContain(stopped.status.powerState)

    await user.click(within(dialog).getByRole('button', { name: 'Done' }))
    expect(await within(bar).findByText(/Tick instances/)).toBeTruthy()
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
    // Instances the filter hides were not selected: a Stop would name only the shown ones.
    await user.click(within(bar).getByRole('button', { name: 'Stop' }))
    const dialog = await screen.findByRole('dialog', { name: `Stop ${rows.length} instances?` })
    const named = within(within(dialog).getByRole('list', { name: 'Instances to act on' })).getAllByRole('listitem')
    expect(named.every((item) => item.textContent?.startsWith('spark-worker'))).toBe(true)
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    // And a second click on the heading clears them.
    await user.click(all)
    expect(rows.every((box) => !(box as HTMLInputElement).checked)).toBe(true)
  })
})

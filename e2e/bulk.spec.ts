import { expect, test } from './fixtures'
import { expectAccessible, signInAsDemo } from './helpers'

test('bulk stop: one confirmation names the instances, and the outcome of each is shown', async ({
  page,
  allowConsole,
}) => {
  // spark-driver runs and spark-worker-2 is stopped: stopping both, the platform fails one with a 500, as it does for
  // an action the state does not allow (the browser logs it).
  allowConsole(/status of 500 \(Internal Server Error\).*\/stop\)/)
  await signInAsDemo(page, '/instances?project=all&region=all')
  const table = page.getByRole('table', { name: 'Instances' })
  await page.getByRole('combobox', { name: 'Search', exact: true }).fill('spark')
  await table.getByRole('checkbox', { name: 'Select spark-driver' }).check()
  await table.getByRole('checkbox', { name: 'Select spark-worker-2' }).check()
  const bar = page.getByRole('toolbar', { name: 'Bulk actions' })
  await expect(bar.getByText('2 selected')).toBeVisible()

  await bar.getByRole('button', { name: 'Stop' }).click()
  const dialog = page.getByRole('dialog', { name: 'Stop 2 instances?' })
  await expect(dialog.getByRole('listitem')).toHaveText(['spark-driver', 'spark-worker-2'])
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Stop 2 instances' }).click()
  await expect(dialog.getByRole('alert')).toContainText('1 of 2 accepted')
  await expect(dialog.getByRole('listitem').filter({ hasText: 'spark-driver' })).toHaveText('spark-driver: stopping')
  await expect(dialog.getByRole('listitem').filter({ hasText: 'spark-worker-2' })).toContainText(
    /not stopped\. failed to stop instance: .* As the console last read it: the instance is already stopped\./,
  )
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Done' }).click()
  await expect(bar.getByText(/Tick instances/)).toBeVisible()
})

test('bulk delete names what each deletion would break before anything is sent', async ({ page }) => {
  await signInAsDemo(page, '/networks?project=all&region=all')
  const table = page.getByRole('table', { name: 'Networks' })
  await table.getByRole('checkbox', { name: 'Select training-fabric' }).check()
  await table.getByRole('checkbox', { name: 'Select sandbox' }).check()
  await page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'Delete' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete 2 networks?' })
  const fabric = dialog.getByRole('listitem').filter({ hasText: /^training-fabricIn use by/ })
  await expect(fabric.getByRole('list', { name: 'What uses this network' })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Delete 2 networks' })).toBeVisible()
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
})

import { expect, test } from './fixtures'
import { expectAccessible, signInAsDemo } from './helpers'

test('bulk stop: one confirmation names the instances it stops and those it leaves out, then the outcome of each', async ({
  page,
}) => {
  // spark-driver runs and spark-worker-2 is stopped: only spark-driver is sent.
  await signInAsDemo(page, '/instances?project=all&region=all')
  const table = page.getByRole('table', { name: 'Instances' })
  await page.getByRole('combobox', { name: 'Search', exact: true }).fill('spark')
  await table.getByRole('checkbox', { name: 'Select spark-driver' }).check()
  await table.getByRole('checkbox', { name: 'Select spark-worker-2' }).check()
  const bar = page.getByRole('toolbar', { name: 'Bulk actions' })
  await expect(bar.getByText('2 selected')).toBeVisible()

  await bar.getByRole('button', { name: 'Stop' }).click()
  const dialog = page.getByRole('dialog', { name: 'Stop spark-driver?' })
  await expect(dialog.getByRole('list', { name: 'Instances to act on' }).getByRole('listitem')).toHaveText([
    'spark-driver',
  ])
  await expect(dialog.getByRole('list', { name: 'Instances left out' }).getByRole('listitem')).toHaveText([
    'spark-worker-2: the instance is already stopped.',
  ])
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Stop instance' }).click()
  await expect(dialog.getByRole('alert')).toContainText('All 1 accepted')
  await expect(dialog.getByRole('list', { name: 'Results' }).getByRole('listitem')).toHaveText([
    'spark-driver: stopping',
  ])
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

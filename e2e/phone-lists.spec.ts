import { expect, test } from './fixtures'
import { expectAccessible, signInAsDemo } from './helpers'

test('on a phone a list shows its rows first: filters fold behind one button, bulk actions wait for a tick', async ({
  page,
}) => {
  await signInAsDemo(page, '/instances?project=all&region=all&tag=team%3Dresearch')
  await page.setViewportSize({ width: 390, height: 844 })
  const main = page.getByRole('main')
  const table = page.getByRole('table', { name: 'Instances' })
  await expect(table.getByRole('link', { name: 'trainer-h100-0', exact: true })).toBeVisible()

  // One button in place of the project, region, tag and network filters, saying how many are set (the tag).
  const filters = main.getByRole('button', { name: 'Filters, 1 set' })
  await expect(filters).toHaveAttribute('aria-expanded', 'false')
  await expect(main.getByLabel('Tags', { exact: true })).toHaveCount(0)
  await expect(main.getByRole('toolbar', { name: 'Bulk actions' })).toHaveCount(0)
  // The table starts in the first screen's upper half, with rows under it.
  const top = (await table.boundingBox())!.y
  expect(top).toBeLessThan(422)
  await expectAccessible(page)

  await filters.click()
  await expect(filters).toHaveAttribute('aria-expanded', 'true')
  await expect(main.getByLabel('Tags', { exact: true })).toBeVisible()
  await expect(main.getByText('team=research').first()).toBeVisible()

  await table.getByRole('checkbox', { name: 'Select trainer-h100-0' }).check()
  const bar = main.getByRole('toolbar', { name: 'Bulk actions' })
  await expect(bar.getByText('1 selected')).toBeVisible()
  await bar.getByRole('button', { name: 'Clear selection' }).click()
  await expect(bar).toHaveCount(0)
})

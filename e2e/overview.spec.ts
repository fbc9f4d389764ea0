import { expect, test } from '@playwright/test'
import { expectAccessible, signInAsDemo } from './helpers'

test('the overview opens at /, counts link to their lists, and it is accessible', async ({ page }) => {
  await signInAsDemo(page, '/')
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()
  await expect(
    page.getByRole('region', { name: 'Needs attention' }).getByRole('link', { name: 'gpu-smoke-test' }),
  ).toBeVisible()
  await expect(page.getByRole('table', { name: 'Instances by flavor' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Quota use' }).getByRole('progressbar').first()).toBeVisible()
  await expect(page.getByRole('list', { name: 'Text' }).getByRole('listitem')).toHaveCount(5)
  await expectAccessible(page)

  await page.getByRole('link', { name: /^Instances \d+/ }).click()
  await expect(page).toHaveURL(/\/instances\?project=all&region=all$/)
  await expect(page.getByRole('table', { name: 'Instances' })).toBeVisible()
})

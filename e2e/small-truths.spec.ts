import { expect, test } from './fixtures'
import { signInAsDemo } from './helpers'

test('an instance that failed to provision has no private IP to wait for: None, in its row and on its page', async ({
  page,
}) => {
  await signInAsDemo(page, '/instances?q=gpu-smoke-test')
  const table = page.getByRole('table', { name: 'Instances' })
  const row = table.getByRole('row').filter({ hasText: 'gpu-smoke-test' })
  await expect(row).toContainText('Error')
  await expect(row).toContainText('None')
  await expect(row).not.toContainText('Assigning')
  await row.getByRole('link', { name: 'gpu-smoke-test' }).click()
  await expect(page.getByRole('heading', { name: 'gpu-smoke-test', level: 1 })).toBeVisible()
  const privateIP = page.getByRole('term').filter({ hasText: /^Private IP$/ })
  await expect(privateIP.locator('xpath=following-sibling::dd[1]')).toHaveText('None')
})

test('the playground counts its requests in words that agree with the number', async ({ page }) => {
  await signInAsDemo(page, '/playground')
  await page.getByRole('region', { name: 'Inputs' }).getByRole('button', { name: 'Load example' }).click()
  await expect(page.getByRole('region', { name: 'Run' })).toContainText(/5 inputs → 1 request(?!\()/)
})

test("an image's breadcrumb names the image", async ({ page }) => {
  await signInAsDemo(page, '/images?region=eu-west-1')
  await page.getByRole('table', { name: 'Images' }).getByRole('link', { name: 'ubuntu-24.04-rocm-6.4' }).click()
  await expect(page.getByRole('heading', { name: 'ubuntu-24.04-rocm-6.4', level: 1 })).toBeVisible()
  await expect(page.getByLabel('Breadcrumb')).toHaveText(/Images.*ubuntu-24\.04-rocm-6\.4$/)
})

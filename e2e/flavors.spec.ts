import { expect, test } from './fixtures'
import { choose, expectAccessible, signInAsDemo } from './helpers'
import { EU_WEST_1 } from '../server/local-cloud/catalog/ids'

test('filter GPU flavors, sort by GPU memory, switch views, and start an instance with one', async ({ page }) => {
  await signInAsDemo(page, '/flavors')
  await choose(page, 'Flavors in region', 'eu-west-1')
  const table = page.getByRole('table', { name: 'Flavors' })
  await expect(table.getByText('c1.small')).toBeVisible()

  await page.getByRole('radiogroup', { name: 'Flavor type' }).getByText('GPU', { exact: true }).click()
  await expect(page).toHaveURL(/kind=gpu/)
  await expect(table.getByText('c1.small')).toHaveCount(0)
  await expect(table.getByText('g1.h100.1x')).toBeVisible()

  // Sorting by the column header: largest GPU memory first (MI300X, 192 GiB each), and the order survives a reload.
  // The second click waits for the first sort to show, as a user's does (a quicker one: list-cells.test.tsx).
  await table
    .getByRole('button', { name: /GPU memory/ })
    .first()
    .click()
  await expect(page).toHaveURL(/sort=gpuMemory/)
  await table
    .getByRole('button', { name: /GPU memory/ })
    .first()
    .click()
  await expect(page).toHaveURL(/sort=-gpuMemory/)
  await page.reload()
  await expect(table.locator('tbody tr').first()).toContainText('MI300X')
  await expect(table.locator('tbody tr').first()).toContainText('192 GiB')
  await expect(table.locator('tbody tr').last()).toContainText('80 GiB')

  await choose(page, 'GPU model', 'H100')
  await choose(page, 'GPU count', '8 GPUs')
  await expect(table.locator('tbody tr')).toHaveCount(1)
  await expect(table).toContainText('g1.h100.8x')
  await expect(table).toContainText('1,920 GiB')
  await expect(table).toContainText('30,720 GB')

  await page.getByRole('radiogroup', { name: 'View' }).getByText('Cards', { exact: true }).click()
  await expect(page).toHaveURL(/view=cards/)
  const card = page.getByRole('article', { name: 'g1.h100.8x' })
  await expect(card).toContainText('8 × NVIDIA H100')
  await expect(card).toContainText('80 GiB each, 640 GiB in all')

  await card.getByRole('link', { name: /Create an instance with this flavor/ }).click()
  await expect(page).toHaveURL(/\/instances\/new\?/)
  const url = new URL(page.url())
  expect(url.pathname).toBe('/instances/new')
  expect(url.searchParams.get('region')).toBe(EU_WEST_1)
  expect(url.searchParams.get('flavor')).toMatch(/.+/)
  await page.goBack()
  await expect(page.getByRole('article', { name: 'g1.h100.8x' })).toBeVisible()
})

// The table view is checked with every page (axe-walk.spec.ts).
test("the flavor catalog's cards have no serious accessibility violations in light and dark", async ({ page }) => {
  await signInAsDemo(page, '/flavors?view=cards&kind=gpu')
  await expect(page.getByRole('article').first()).toBeVisible()
  await expectAccessible(page)
})

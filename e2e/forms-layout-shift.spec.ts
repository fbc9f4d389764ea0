import { expect, test } from './fixtures'
import { signInAsDemo } from './helpers'

// Leaving a row with a bad value shows its reason under it, 19 px taller: the button below must still take the
// click that caused the blur (a pointer down and up on the same place), rather than the row error moving it away.
test('a row error shown on blur does not eat the click on the button below it', async ({ page }) => {
  await signInAsDemo(page, '/networks/new')
  await page.getByRole('button', { name: 'Add DNS server' }).click()
  await page.getByRole('textbox', { name: 'DNS server 1' }).fill('1.1.1')
  await page.getByRole('button', { name: 'Add route' }).click()
  await expect(page.getByRole('textbox', { name: 'Route destination 1' })).toBeVisible()
  await expect(page.getByText(/1\.1\.1/).and(page.locator('.mantine-InputWrapper-error'))).toBeVisible()

  // The same across the tag rows: a half-typed tag, then Remove on the row below.
  await page.getByRole('button', { name: 'Add tag' }).click()
  await page.getByRole('button', { name: 'Add tag' }).click()
  await page.getByRole('textbox', { name: 'Tag 1 name' }).fill('bad name!')
  await page.getByRole('button', { name: 'Remove tag 2' }).click()
  await expect(page.getByRole('textbox', { name: 'Tag 2 name' })).toHaveCount(0)
})

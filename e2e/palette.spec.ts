import { expect, test } from './fixtures'
import { expectAccessible, signInAsDemo } from './helpers'

test('the command palette jumps to a resource and to a create form by keyboard alone, and is accessible', async ({
  page,
}) => {
  await signInAsDemo(page, '/')
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()
  // The palette loads beside the scope pickers, after the shell.
  await expect(page.getByRole('combobox', { name: 'Organization' })).toBeVisible()

  await page.keyboard.press('ControlOrMeta+K')
  const search = page.getByRole('textbox', { name: 'Search the console' })
  await expect(search).toBeFocused()
  await search.fill('notebook-priya')
  await expect(page.getByRole('button', { name: /notebook-priya/ })).toBeVisible()
  await expectAccessible(page)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/instances\/[^/]+$/)
  await expect(page.getByRole('heading', { name: 'notebook-priya' })).toBeVisible()

  await page.keyboard.press('ControlOrMeta+K')
  await page.getByRole('textbox', { name: 'Search the console' }).fill('create network')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/networks\/new$/)

  // Mouse users open it from the header.
  await page.getByRole('button', { name: /Search…/ }).click()
  await expect(page.getByRole('textbox', { name: 'Search the console' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('textbox', { name: 'Search the console' })).toBeHidden()
})

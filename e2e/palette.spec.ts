import { expect, test } from './fixtures'
import { expectAccessible, signInAsDemo } from './helpers'
import { EU_WEST_1 } from '../server/local-cloud/catalog/ids'

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
  // The result Enter opens is said, not only shown.
  await expect(page.getByRole('dialog', { name: 'Command palette' }).getByRole('status')).toHaveText(
    /^notebook-priya, Instance · \S+ \(1 of 1\)$/,
  )
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

test('the palette opens with mod+K from a text field, and finds models, flavors and images', async ({ page }) => {
  await signInAsDemo(page, '/networks')
  const listSearch = page.getByRole('combobox', { name: 'Search', exact: true })
  await listSearch.click()
  await page.keyboard.press('ControlOrMeta+K')
  const search = page.getByRole('textbox', { name: 'Search the console' })
  await expect(search).toBeFocused()
  // The list's search kept nothing of the shortcut.
  await expect(listSearch).toHaveValue('')

  await search.fill('bge')
  await expect(page.getByRole('button', { name: /BGE M3.*Model/ })).toBeVisible()
  await search.fill('h100')
  await expect(page.getByRole('button', { name: /g1\.h100\.8x.*Flavor · eu-west-1/ })).toBeVisible()
  await search.fill('rocm-6.4')
  await expect(page.getByRole('button', { name: /ubuntu-24\.04-rocm-6\.4.*Image/ })).toBeVisible()

  await search.fill('g1.h100.8x eu-west-1')
  await page.keyboard.press('Enter')
  // The link carries the region's id, as every URL does; the page names it.
  await expect(page).toHaveURL(new RegExp(`/flavors\\?region=${EU_WEST_1}&q=g1\\.h100\\.8x`))
  await expect(
    page.getByRole('table', { name: 'Flavors' }).getByRole('row').filter({ hasText: 'g1.h100.8x' }),
  ).toHaveCount(1)

  await page.keyboard.press('ControlOrMeta+K')
  await page.getByRole('textbox', { name: 'Search the console' }).fill('bge m3')
  await page
    .getByRole('button', { name: /^BGE M3/ })
    .first()
    .click()
  await expect(page.getByRole('dialog', { name: 'BGE M3' })).toBeVisible()
})

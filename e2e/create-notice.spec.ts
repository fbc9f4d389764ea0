import { expect, test } from './fixtures'
import { signInAsDemo, unique } from './helpers'

test('the "created; it is pending" notice goes once the page shows the image in another state', async ({ page }) => {
  const image = unique('noble')
  await signInAsDemo(page, '/images/new?region=eu-west-1')
  const main = page.getByRole('main')
  await main.getByRole('textbox', { name: 'Disk image URL' }).fill(`https://example.com/images/${image}.raw`)
  await main.getByRole('textbox', { name: 'Version' }).fill('24.04')
  await main.getByRole('textbox', { name: 'Name', exact: true }).fill(image)
  await main.getByRole('button', { name: 'Import image' }).click()

  const notice = page.getByText(`Image ${image} created; it is pending.`)
  await expect(notice).toBeVisible()
  // Ready: only then does the page offer to boot an instance from it. The notice no longer says what is true.
  await expect(page.getByRole('link', { name: 'Create instance from this image' })).toBeVisible({ timeout: 15_000 })
  // Gone as the page changes (its closing slide), not after the notice's own timer.
  await expect(notice).toHaveCount(0, { timeout: 1_000 })
})

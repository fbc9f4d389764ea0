import { expect, test } from './fixtures'
import { choose, expectAccessible, recordBadges, signInAsDemo, unique } from './helpers'
import { EU_WEST_1 } from '../server/local-cloud/catalog/ids'

test('import an image from a URL, watch it become ready, and create an instance from it in one click', async ({
  page,
}) => {
  const image = unique('noble')
  const instance = unique('vm')
  await signInAsDemo(page, `/images?region=${EU_WEST_1}`)
  await page.getByRole('link', { name: 'Import image' }).click()
  await expect(page.getByRole('heading', { name: 'Import image', level: 1 })).toBeVisible()
  await expectAccessible(page)

  const main = page.getByRole('main')
  await main.getByRole('textbox', { name: 'Disk image URL' }).fill(`https://example.com/images/${image}.raw`)
  await main.getByRole('textbox', { name: 'Version' }).fill('24.04')
  await main.getByRole('textbox', { name: 'Codename' }).fill('noble')
  await main.getByRole('textbox', { name: 'Name', exact: true }).fill(image)
  const preview = page.getByRole('region', { name: 'Request preview' })
  await expect(preview).toContainText(`/regions/${EU_WEST_1}/images`)
  await expect(preview).toContainText(`"uri": "https://example.com/images/${image}.raw"`)

  const badges = await recordBadges(page)
  await main.getByRole('button', { name: 'Import image' }).click()
  await expect(page.getByRole('heading', { name: image, level: 1 })).toBeVisible()
  const fromImage = page.getByRole('link', { name: 'Create instance from this image' })
  // The page follows the platform's states: pending, creating, then ready; only then can an instance boot from it.
  await expect(fromImage).toBeVisible({ timeout: 15_000 })
  expect(await badges()).toContainEqual(expect.stringMatching(/^(Pending|Creating)$/))
  await expectAccessible(page)

  await fromImage.click()
  await expect(page.getByRole('heading', { name: 'Create instance', level: 1 })).toBeVisible()
  await expect(main.getByRole('combobox', { name: 'Image', exact: true })).toHaveValue(new RegExp(`^${image}`))
  await choose(page, 'Project', 'ml-research')
  await choose(page, 'Network', /^training-fabric/)
  await page.getByRole('radio', { name: 'c1.small' }).check()
  await expect(main.getByRole('combobox', { name: 'Image', exact: true })).toHaveValue(new RegExp(`^${image}`))
  await main.getByRole('textbox', { name: 'Name', exact: true }).fill(instance)
  await main.getByRole('button', { name: 'Create instance' }).click()
  await expect(page.getByRole('heading', { name: instance, level: 1 })).toBeVisible()
  await expect(page.getByRole('main')).toContainText(image)
})

test("at 1024 px every image's state reads whole, and its size on one line", async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 })
  await signInAsDemo(page, `/images?region=${EU_WEST_1}`)
  const table = page.getByRole('table', { name: 'Images' })
  await expect(table.getByText('Ready').first()).toBeVisible()
  // A label cut by its ellipsis is wider inside than its box ("R…" for Ready).
  const cut = await table
    .locator('.mantine-Badge-label')
    .evaluateAll((labels) => labels.filter((l) => l.scrollWidth > l.clientWidth).map((l) => l.textContent))
  expect(cut).toEqual([])
  const lines = await table.getByRole('cell', { name: '24 GiB', exact: true }).evaluate((cell) => {
    const range = document.createRange()
    range.selectNodeContents(cell)
    return new Set([...range.getClientRects()].map((line) => Math.round(line.top))).size
  })
  expect(lines).toBe(1)
})

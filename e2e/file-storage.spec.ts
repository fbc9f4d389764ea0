import { expect, test } from './fixtures'
import { choose, signInAsDemo, unique } from './helpers'

test('create file storage, attach it to a network, watch the attachment provision with its mount command, resize it', async ({
  page,
}) => {
  const name = unique('fs')
  await signInAsDemo(page, '/file-storage')
  await page.getByRole('link', { name: 'Create file storage' }).first().click()

  await page.getByLabel('Name').fill(name)
  await choose(page, 'Project', 'sandbox')
  await choose(page, 'Region', 'eu-west-1')
  await choose(page, 'Storage class', 'standard-nfs')
  await page.getByLabel('Size (GiB)').fill('50')
  await expect(page.getByLabel('NFS root squash')).toBeChecked()
  await expect(page.getByText(/root on a client acts as an unprivileged user/)).toBeVisible()

  const preview = page.getByRole('region', { name: 'Request preview' })
  await expect(preview).toContainText('POST')
  await expect(preview).toContainText('/local/region/api/v2/filestorage')
  await expect(preview).toContainText('"sizeGiB": 50')
  await expect(preview).toContainText('"rootsquash": true')

  await page.getByRole('button', { name: 'Create file storage' }).click()
  await expect(page.getByRole('heading', { name, exact: true, level: 1 })).toBeVisible()
  await expect(page.getByText('Not attached to any network yet.')).toBeVisible()
  await expect(page.getByRole('progressbar', { name: `${name} usage` })).toHaveAttribute(
    'aria-valuetext',
    /0 B of 50 GiB/,
  )

  // Attach: the platform replaces the whole spec, so the request carries the full attachment list.
  await page.getByRole('link', { name: 'Edit' }).click()
  await choose(page, 'Attached networks', /^sandbox/)
  await expect(page.getByRole('region', { name: 'Request preview' })).toContainText('"networkIds": [')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('heading', { name, exact: true, level: 1 })).toBeVisible()
  const attachments = page.getByRole('table', { name: 'Attachments' })
  await expect(attachments.getByRole('link', { name: 'sandbox' })).toBeVisible()
  // It settles within LOCAL_CLOUD_PROVISION_MS; the transient states are the settling tests' (integration) business.
  await expect(attachments.getByText('provisioned')).toBeVisible({ timeout: 15_000 })
  const command = attachments.getByText(
    new RegExp(`^sudo mkdir -p /mnt/${name} && sudo mount -t nfs 192\\.168\\.10\\.\\d+:/fs-[0-9a-f-]+ /mnt/${name}$`),
  )
  await expect(command).toBeVisible()
  // At 1024 px the command wraps: between its words, never inside one ("mou|nt"); only the long address may break.
  await page.setViewportSize({ width: 1024, height: 768 })
  const brokenWords = await command.evaluate((element) => {
    const text = element.firstChild!
    const broken: string[] = []
    for (const match of (text.textContent ?? '').matchAll(/[^\s]+/g)) {
      if (match[0].includes(':/')) continue
      const range = document.createRange()
      range.setStart(text, match.index)
      range.setEnd(text, match.index + match[0].length)
      if (new Set([...range.getClientRects()].map((line) => Math.round(line.top))).size > 1) broken.push(match[0])
    }
    return broken
  })
  expect(brokenWords).toEqual([])
  await page.setViewportSize({ width: 1440, height: 900 })
  await expect(attachments.getByRole('button', { name: 'Copy mount command for sandbox' })).toBeVisible()

  // Resize up; the attachment is kept because the form sends it again.
  await page.getByRole('link', { name: 'Edit' }).click()
  await page.getByLabel('Size (GiB)').fill('80')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('heading', { name, exact: true, level: 1 })).toBeVisible()
  await expect(page.getByRole('definition').filter({ hasText: /^80 GiB$/ })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Attachments' }).getByRole('link', { name: 'sandbox' })).toBeVisible()
})

test('the list filters by search and tag in the URL and shows usage', async ({ page }) => {
  await signInAsDemo(page, '/file-storage?project=all&region=all')
  const table = page.getByRole('table', { name: 'File storage' })
  await expect(table.getByRole('link', { name: 'feature-store' })).toBeVisible()
  await expect(table.getByRole('progressbar', { name: 'feature-store usage' })).toHaveAttribute('aria-valuenow', '97')

  await page.getByRole('combobox', { name: 'Tags' }).fill('env=production')
  await page.getByRole('combobox', { name: 'Tags' }).press('Enter')
  await expect(page).toHaveURL(/tag=env%3Dproduction/)
  await expect(table.getByRole('link', { name: 'model-weights-us' })).toBeVisible()
  await expect(table.getByRole('link', { name: 'feature-store' })).toHaveCount(0)
  await page.getByRole('combobox', { name: 'Search' }).fill('weights-us')
  await expect(page).toHaveURL(/q=weights-us/)
  await expect(table.locator('tbody tr')).toHaveCount(1)

  await page.reload()
  await expect(page.getByRole('combobox', { name: 'Search' })).toHaveValue('weights-us')
  await expect(table.getByRole('link', { name: 'model-weights-us' })).toBeVisible()
})

test('delete asks for the name, then removes the storage', async ({ page }) => {
  const name = unique('fs')
  await signInAsDemo(page, '/file-storage/new')
  await page.getByLabel('Name').fill(name)
  await choose(page, 'Project', 'sandbox')
  await choose(page, 'Region', 'eu-west-1')
  await choose(page, 'Storage class', 'standard-nfs')
  await page.getByRole('button', { name: 'Create file storage' }).click()
  await expect(page.getByRole('heading', { name, exact: true, level: 1 })).toBeVisible()

  await page.getByRole('button', { name: 'Delete' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete file storage' })
  await expect(dialog.getByRole('button', { name: 'Delete file storage' })).toBeDisabled()
  await dialog.getByLabel(`Type ${name} to confirm`).fill(name)
  await dialog.getByRole('button', { name: 'Delete file storage' }).click()
  await expect(page.getByRole('heading', { name: 'File storage', level: 1 })).toBeVisible()
})

import { expect, test } from './fixtures'
import { choose, expectAccessible, signInAsDemo, unique } from './helpers'

const cloudConfig = '#cloud-config\npackages:\n  - nginx\n'

test('create an instance with cloud-init user data from a file: size checked, sent base64, kept by the platform', async ({
  page,
}) => {
  const name = unique('ci')
  await signInAsDemo(page, '/instances/new')
  await choose(page, 'Project', 'sandbox')
  await choose(page, 'Region', 'eu-west-1')
  await choose(page, 'Network', /^sandbox/)
  await page
    .getByRole('table', { name: /^Flavor/ })
    .getByRole('radio', { name: 'c1.small' })
    .check()
  await choose(page, 'Image')
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name)

  const userData = page.getByRole('textbox', { name: 'User data (cloud-init)' })
  const upload = page.locator('input[type="file"]')
  // Over the platform's 64 KiB: read in, refused with its size, and nothing sent.
  await upload.setInputFiles({ name: 'big.yaml', mimeType: 'text/yaml', buffer: Buffer.alloc(64 * 1024 + 10, 'x') })
  await page.getByRole('button', { name: 'Create instance' }).click()
  await expect(page.getByText(/User data is at most 65,536 bytes \(64 KiB\); this is 65,546\./)).toBeVisible()
  await expect(page).toHaveURL(/\/instances\/new$/)

  await upload.setInputFiles({ name: 'web.yaml', mimeType: 'text/yaml', buffer: Buffer.from(cloudConfig) })
  await expect(userData).toHaveValue(cloudConfig)
  const preview = page.getByRole('region', { name: 'Request preview' })
  await expect(preview).toContainText(`"userData": "${Buffer.from(cloudConfig).toString('base64')}"`)
  await expectAccessible(page)

  await page.getByRole('button', { name: 'Create instance' }).click()
  await expect(page.getByRole('heading', { name, exact: true, level: 1 })).toBeVisible()
  // The edit page reads the platform's copy back as the text that was uploaded.
  await page.goto(`${new URL(page.url()).pathname}/edit`)
  await expect(page.getByRole('textbox', { name: 'User data (cloud-init)' })).toHaveValue(cloudConfig)
})

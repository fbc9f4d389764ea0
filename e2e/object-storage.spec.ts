import { expect, test } from './fixtures'
import { choose, signInAsDemo, unique } from './helpers'

// Object storage across its pages in a real browser: an endpoint created with a policy, an access key on its page
// whose secret is copied to the clipboard once, and a reload that shows the key's id and never its secret again.
test('an endpoint with a policy gets an access key whose secret is copied once and gone after a reload', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const name = unique('s3')
  await signInAsDemo(page, '/object-storage')
  await page.getByRole('link', { name: 'Create object storage endpoint' }).click()
  await page.getByRole('textbox', { name: /^Name/ }).fill(name)
  await choose(page, 'Project', 'sandbox')
  await choose(page, 'Region', 'eu-west-1')
  await choose(page, 'Endpoint class', /standard-public/)
  await page.getByRole('textbox', { name: /^Policy 1 name/ }).fill('writers')
  await page.getByRole('button', { name: 'Create object storage endpoint' }).click()
  await expect(page.getByRole('heading', { name, exact: true, level: 1 })).toBeVisible()

  await page.getByRole('button', { name: 'Create access key' }).click()
  const create = page.getByRole('dialog', { name: 'Create access key' })
  await create.getByRole('textbox', { name: /^Name/ }).fill('uploader')
  await create.getByRole('button', { name: 'Create access key' }).click()
  const shown = page.getByRole('dialog', { name: 'Access key uploader created' })
  const secret = (await shown.getByLabel('Secret access key').textContent())!.trim()
  expect(secret.length).toBeGreaterThan(20)
  await shown.getByRole('button', { name: 'Copy secret' }).click()
  await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret)
  await shown.getByRole('button', { name: 'Done' }).click()
  await expect(shown).toBeHidden()

  await page.reload()
  const keys = page.getByRole('region', { name: 'Access keys' })
  await expect(keys.getByRole('cell', { name: 'uploader', exact: true })).toBeVisible()
  await expect(keys.getByText(/^LCAK[A-Z0-9]{16}$/)).toBeVisible()
  await expect(page.getByText(secret)).toHaveCount(0)
})

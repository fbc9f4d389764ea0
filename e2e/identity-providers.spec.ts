import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { choose, signInAsDemo, unique } from './helpers'

/** Saves the organization's sign-in provider as `name`, confirming what the change does. */
async function signInThrough(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Organization settings' }).click()
  await page.getByRole('main').getByRole('link', { name: 'Edit' }).click()
  await choose(page, 'Provider', name)
  await page.getByRole('button', { name: 'Save changes' }).click()
  const dialog = page.getByRole('dialog', { name: 'Change how people sign in' })
  await expect(dialog.getByRole('list', { name: 'What the change does' })).toContainText(
    `Sign-in goes through provider ${name} (this organization’s own)`,
  )
  await dialog.getByRole('button', { name: 'Save sign-in changes' }).click()
  await expect(page.getByRole('heading', { name: 'acme-ai', level: 1 })).toBeVisible()
}

test('an admin adds an identity provider, signs the organization in through it, cannot delete it while it does, and never sees its secret again', async ({
  page,
  allowConsole,
}) => {
  // The refused delete is logged by the browser.
  allowConsole(/status of 403/)
  const name = unique('okta')
  const secret = `e2e-secret-${Date.now()}`
  await signInAsDemo(page, '/identity-providers')
  await page.getByRole('link', { name: 'Create identity provider' }).click()
  await page.getByRole('textbox', { name: /^Name/ }).fill(name)
  await page.getByRole('textbox', { name: /^Issuer URL/ }).fill('https://e2e.okta.example')
  await page.getByRole('textbox', { name: /^Client ID/ }).fill('e2e-client')
  await page.getByLabel(/^Client secret/).fill(secret)
  // The request the form sends carries the secret; its preview, JSON and curl alike, does not show it.
  const preview = page.getByRole('region', { name: 'Request preview' })
  await expect(preview).toContainText('"clientSecret": "<hidden>"')
  await expect(preview).not.toContainText(secret)
  await preview.getByRole('tab', { name: 'curl' }).click()
  await expect(preview).toContainText('<hidden>')
  await expect(preview).not.toContainText(secret)

  await page.getByRole('button', { name: 'Create identity provider' }).click()
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  await expect(page.getByRole('main')).toContainText('Written when saved; never shown back')
  await expect(page.locator('body')).not.toContainText(secret)
  await page.getByRole('main').getByRole('link', { name: 'Edit' }).click()
  await expect(page.getByLabel(/^Client secret/)).toHaveValue('')
  await expect(page.locator('body')).not.toContainText(secret)

  await signInThrough(page, name)

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Identity providers' }).click()
  await page.getByRole('table', { name: 'Identity providers' }).getByRole('link', { name }).click()
  await expect(page.getByText('The organization signs in through this provider')).toBeVisible()
  await page.getByRole('main').getByRole('button', { name: 'Delete' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete identity provider' })
  await expect(dialog.getByText('In use by 1 organization')).toBeVisible()
  await expect(dialog.getByRole('list', { name: 'What uses this identity provider' })).toHaveText(
    'Organization acme-ai signs in through this identity provider',
  )
  await dialog.getByRole('textbox', { name: `Type ${name} to confirm` }).fill(name)
  await dialog.getByRole('button', { name: 'Delete identity provider' }).click()
  await expect(dialog.getByRole('alert')).toContainText('is in use and cannot be deleted')
  await dialog.getByRole('button', { name: 'Cancel' }).click()

  // Every change is in the activity log, and the secret in none of it.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click()
  await expect(page.getByRole('main')).toContainText(`Create identity provider ${name}`)
  await expect(page.locator('body')).not.toContainText(secret)

  // The demo organization signs in through its Okta again, for the tests after this one.
  await signInThrough(page, 'acme-okta')
})

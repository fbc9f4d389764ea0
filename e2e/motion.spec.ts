import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { signInAsDemo } from './helpers'

/** Opens the dialog that asks before a user is suspended, from an active demo user's edit form; nothing is saved. */
async function openSuspendDialog(page: Page) {
  await signInAsDemo(page, '/users')
  const table = page.getByRole('table', { name: 'Users' })
  await table.getByRole('row').filter({ hasText: 'Active' }).getByRole('link').first().click()
  await page.getByRole('link', { name: 'Edit' }).click()
  await page.getByRole('radio', { name: 'Suspended' }).check()
  await page.getByRole('button', { name: 'Save changes' }).click()
  return page.getByRole('dialog', { name: 'Suspend user' })
}

// The tier runs as a user who asked the system for less motion (playwright.config.ts); Mantine's transitions then take
// no time (theme.ts: respectReducedMotion).
test('asked for less motion, a dialog appears without moving', async ({ page }) => {
  const dialog = await openSuspendDialog(page)
  await expect(dialog).toHaveCSS('transition-duration', '0s')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
})

test.describe('not asked for less motion', () => {
  test.use({ reducedMotion: 'no-preference' })

  test('a dialog moves as it appears', async ({ page }) => {
    const dialog = await openSuspendDialog(page)
    await expect(dialog).not.toHaveCSS('transition-duration', '0s')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
  })
})

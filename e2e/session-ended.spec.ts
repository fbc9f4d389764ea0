import { expect, test } from './fixtures'
import { signInAsDemo } from './helpers'

// The console server answers for a session it no longer holds without asking the platform: its dialog says so, and
// why, instead of naming the service the request was meant for.
test('signed out in one tab, the other says the console server ended the session, and why', async ({
  page,
  allowConsole,
}) => {
  // Allowed: the other tab's read after the sign-out is refused.
  allowConsole(/status of 401 /)
  await signInAsDemo(page, '/networks')
  // A second tab of the same browser: it shares the first's cookies.
  const other = await page.context().newPage()
  await other.goto('/networks')
  await expect(other.getByRole('heading', { name: 'Networks', level: 1 })).toBeVisible()

  await page.getByRole('button', { name: /^Account/ }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page.getByRole('button', { name: 'Continue as demo admin' })).toBeVisible()

  await other.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Security groups' }).click()
  const dialog = other.getByRole('dialog', { name: 'Your session has ended' })
  await expect(dialog).toContainText(
    'Ended by the console server: This browser signed out of the console, in another tab or window, which ended this session too.',
  )
  await expect(dialog).not.toContainText('refused your session')
  await other.close()
})

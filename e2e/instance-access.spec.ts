import { readFile } from 'node:fs/promises'
import { expect, test } from './fixtures'
import { expectAccessible, signInAsDemo, unique } from './helpers'

// What needs a browser of the SSH key, the console and snapshots: a real download, a real new tab, the log viewer's
// scrolling. The rules at each button (permissions, refusals, what is kept) are the integration tests'.
test('download the SSH key, open the console in a new tab, follow the boot log, snapshot the instance', async ({
  page,
  context,
  allowConsole,
}) => {
  // Allowed: the snapshot sent after the session ended is refused.
  allowConsole(/Failed to load resource: the server responded with a status of 401 /)
  await signInAsDemo(page, '/instances?project=all&region=all')
  await page.getByRole('link', { name: 'gateway-0' }).click()
  await expect(page.getByRole('heading', { name: 'gateway-0', level: 1 })).toBeVisible()

  await page.getByRole('button', { name: 'Get SSH key' }).click()
  const dialog = page.getByRole('dialog', { name: 'SSH key' })
  await dialog.getByRole('button', { name: 'Show SSH key' }).click()
  await expect(dialog.getByLabel('SSH command')).toHaveText(/^ssh -i gateway-0\.pem ubuntu@\d+\.\d+\.\d+\.\d+$/)
  await expectAccessible(page)
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download gateway-0.pem' }).click(),
  ])
  expect(download.suggestedFilename()).toBe('gateway-0.pem')
  expect(await readFile((await download.path())!, 'utf8')).toMatch(/^-----BEGIN OPENSSH PRIVATE KEY-----\n/)
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()

  const [consoleTab] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Open console' }).click(),
  ])
  await expect(consoleTab.getByRole('heading', { name: 'Console of gateway-0 (local cloud)' })).toBeVisible()
  await expect(consoleTab.getByText(/runs no machine behind this instance/)).toBeVisible()
  // Cut off from the console's tab: noopener.
  expect(await consoleTab.evaluate(() => window.opener)).toBeNull()
  await consoleTab.close()

  await page.getByRole('tab', { name: 'Console output' }).click()
  const log = page.getByRole('log', { name: 'Console output of gateway-0' })
  await expect(log).toContainText('gateway-0 login:')
  const position = () => log.evaluate((box) => ({ top: box.scrollTop, end: box.scrollHeight - box.clientHeight }))
  // It opens at the end, following it; scrolled up, a refresh leaves the user where they were.
  expect((await position()).top).toBe((await position()).end)
  await log.evaluate((box) => box.scrollTo(0, 40))
  await page.getByRole('button', { name: 'Refresh' }).click()
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled()
  expect((await position()).top).toBe(40)
  await expectAccessible(page)

  const name = unique('gateway-snap')
  await page.getByRole('button', { name: 'Snapshot' }).click()
  const snapshot = page.getByRole('dialog', { name: 'Snapshot' })
  await snapshot.getByRole('textbox', { name: /^Image name/ }).fill(name)
  // The session ends meanwhile: the sign-in comes over the page, and signing in again takes the snapshot that was
  // clicked, with the name typed, without another click.
  await context.clearCookies()
  await snapshot.getByRole('button', { name: 'Take snapshot' }).click()
  const signIn = page.getByRole('dialog', { name: 'Your session has ended' })
  await signIn.getByRole('button', { name: 'Continue as demo admin' }).click()
  await expect(signIn).toBeHidden()
  await expect(snapshot.getByText(/is ready: new instances in this region can boot from it/)).toBeVisible()
  await snapshot.getByRole('link', { name }).click()
  await expect(page.getByRole('heading', { name, exact: true, level: 1 })).toBeVisible()
  await expectAccessible(page)
})

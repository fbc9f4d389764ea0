import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { expectAccessible, NOT_YET_PROVISIONED, recordBadges, signInAsDemo, signInWithToken, unique } from './helpers'

/** Picks options of a Mantine MultiSelect by name; it stays open between picks. */
async function pickGroups(page: Page, ...names: string[]) {
  const input = page.getByRole('combobox', { name: 'Groups', exact: true })
  for (const name of names) {
    await input.click()
    await page.getByRole('option', { name, exact: true }).click()
  }
  await input.press('Escape')
}

test('add a user with groups by name, and find it in the list by a search kept in the URL', async ({ page }) => {
  const subject = `${unique('ada')}@acme.example`
  await signInAsDemo(page, '/users')
  await page.getByRole('link', { name: 'Add user' }).click()

  await page.getByLabel('E-mail address').fill(subject)
  await page.getByRole('radio', { name: 'Pending' }).check()
  await pickGroups(page, 'readers', 'ml-engineers')
  const preview = page.getByRole('region', { name: 'Request preview' })
  await expect(preview).toContainText('/local/identity/api/v1/organizations/')
  await expect(preview).toContainText(`"subject": "${subject}"`)
  await expect(preview).toContainText('"state": "pending"')

  await page.getByRole('button', { name: 'Add user' }).click()
  await expect(page.getByRole('heading', { name: subject, level: 1 })).toBeVisible()
  const details = page.getByRole('main')
  await expect(details.getByRole('link', { name: 'readers' })).toBeVisible()
  await expect(details.getByRole('link', { name: 'ml-engineers' })).toBeVisible()

  // The list shows the new user with its state and groups by name; the search is in the URL.
  await page.getByRole('link', { name: 'Users' }).first().click()
  await page.getByRole('combobox', { name: 'Search' }).fill(subject.split('@')[0]!)
  await expect(page).toHaveURL(/q=ada-/)
  const table = page.getByRole('table', { name: 'Users' })
  await expect(table.locator('tbody tr')).toHaveCount(1)
  await expect(table).toContainText('Pending')
  await expect(table).toContainText('readers')
})

test('suspending a user asks first, from the edit form and from the user page', async ({ page }) => {
  const subject = `${unique('bo')}@acme.example`
  await signInAsDemo(page, '/users/new')
  await page.getByLabel('E-mail address').fill(subject)
  await page.getByRole('button', { name: 'Add user' }).click()
  await expect(page.getByRole('heading', { name: subject, level: 1 })).toBeVisible()

  await page.getByRole('link', { name: 'Edit' }).click()
  await page.getByRole('radio', { name: 'Suspended' }).check()
  await page.getByRole('button', { name: 'Save changes' }).click()
  const dialog = page.getByRole('dialog', { name: 'Suspend user' })
  await expect(dialog).toContainText('will no longer be able to sign in')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  // Nothing was sent: the form is still here with the choice kept.
  await expect(page.getByRole('radio', { name: 'Suspended' })).toBeChecked()
  await page.getByRole('button', { name: 'Save changes' }).click()
  await page.getByRole('dialog', { name: 'Suspend user' }).getByRole('button', { name: 'Suspend user' }).click()
  // The user's page, not the edit form, whose heading ("Edit …") and radio ("Suspended") would match as well.
  await expect(page.getByRole('heading', { name: subject, exact: true, level: 1 })).toBeVisible()
  // The state's badge beside the title (the page's State line says it again, with what it means).
  await expect(page.getByRole('main').getByText('Suspended', { exact: true }).first()).toBeVisible()

  await page.getByRole('button', { name: 'Reactivate' }).click()
  await expect(page.getByRole('main').getByText('Active', { exact: true }).first()).toBeVisible()
  await page.getByRole('button', { name: 'Suspend' }).click()
  await page.getByRole('dialog', { name: 'Suspend user' }).getByRole('button', { name: 'Suspend user' }).click()
  await expect(page.getByRole('dialog', { name: 'Suspend user' })).toBeHidden()
  await expect(page.getByRole('main').getByText('Suspended', { exact: true }).first()).toBeVisible()
})

test('a service account token is shown once, leaving without copying asks, it works as a bearer token, and rotating replaces it', async ({
  page,
  context,
  browser,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const name = unique('ci')
  await signInAsDemo(page, '/service-accounts')
  await page.getByRole('link', { name: 'Create service account' }).click()
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Description').fill('e2e pipeline')
  await pickGroups(page, 'platform-engineers')
  await page.getByRole('button', { name: 'Create service account' }).click()

  await expect(page.getByText('Copy this token now: it cannot be shown again')).toBeVisible()
  const token = (await page.getByLabel('Access token').textContent())!.trim()
  expect(token.length).toBeGreaterThan(20)

  // Leaving before copying asks; staying keeps the token on screen.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click()
  const ask = page.getByRole('dialog', { name: 'Leave without copying the token?' })
  await expect(ask).toBeVisible()
  await ask.getByRole('button', { name: 'Stay and copy' }).click()
  await expect(ask).toBeHidden()
  await expect(page).toHaveURL(/\/service-accounts\/new$/)

  await page.getByRole('button', { name: 'Copy token' }).click()
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token)
  await page.getByRole('button', { name: 'Go to the service account' }).click()
  await expect(page.getByRole('heading', { name, exact: true, level: 1 })).toBeVisible()
  // The token is gone for good: the account's page does not show it.
  await expect(page.getByText(token)).toHaveCount(0)
  await expect(page.getByText('Expires in 89 days')).toBeVisible()

  const other = await browser.newContext()
  const otherPage = await other.newPage()
  await signInWithToken(otherPage, token)
  await expect(otherPage.getByRole('heading', { name: 'Networks', level: 1 })).toBeVisible()
  await other.close()

  await page.getByRole('button', { name: 'Rotate token' }).click()
  const rotate = page.getByRole('dialog', { name: 'Rotate token' })
  await expect(rotate).toContainText('stops working at once')
  await rotate.getByRole('button', { name: 'Rotate token' }).click()
  await expect(page.getByText('Copy this token now: it cannot be shown again')).toBeVisible()
  const rotated = (await page.getByLabel('Access token').textContent())!.trim()
  expect(rotated).not.toBe(token)

  // Done before copying asks too.
  await page.getByRole('button', { name: 'Done' }).click()
  await page
    .getByRole('dialog', { name: 'Leave without copying the token?' })
    .getByRole('button', { name: 'Stay and copy' })
    .click()
  await page.getByRole('button', { name: 'Copy token' }).click()
  await page.getByRole('button', { name: 'Done' }).click()
  await expect(page.getByLabel('Access token')).toHaveCount(0)

  const third = await browser.newContext()
  const thirdPage = await third.newPage()
  await thirdPage.goto('/networks')
  await thirdPage.getByLabel('Bearer token').fill(token)
  await thirdPage.getByRole('button', { name: 'Sign in with token' }).click()
  await expect(thirdPage.getByText('did not accept this token')).toBeVisible()
  await signInWithToken(thirdPage, rotated)
  await third.close()
})

/** Adds a tag row at the end of the form's tags and fills it. */
async function addTag(page: Page, row: number, name: string, value: string) {
  await page.getByRole('button', { name: 'Add tag' }).click()
  await page.getByLabel(`Tag ${row} name`).fill(name)
  await page.getByLabel(`Tag ${row} value`).fill(value)
}

test('tag a user, find the user by tag, and remove the tags again', async ({ page }) => {
  const subject = `${unique('tagged')}@acme.example`
  await signInAsDemo(page, '/users/new')
  await page.getByLabel('E-mail address').fill(subject)
  await addTag(page, 1, 'team', 'ml')
  // Tags travel in the metadata, which the platform heads with a name.
  await page.getByLabel('Name (optional)').fill(subject.split('@')[0]!)
  const preview = page.getByRole('region', { name: 'Request preview' })
  await expect(preview).toContainText('"tags": [')
  await expect(preview).toContainText('"value": "ml"')
  await page.getByRole('button', { name: 'Add user' }).click()

  await expect(page.getByRole('heading', { name: subject, level: 1 })).toBeVisible()
  const main = page.getByRole('main')
  await expect(main.getByText('team=ml', { exact: true })).toBeVisible()

  // A tag the platform refuses lands at its row: an integration test (users, and every row editor).
  await page.getByRole('link', { name: 'Edit' }).click()
  await expect(page.getByLabel('Tag 1 name')).toHaveValue('team')
  await addTag(page, 2, 'owner', 'ada')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('heading', { name: subject, level: 1 })).toBeVisible()
  await expect(main.getByText('team=ml', { exact: true })).toBeVisible()
  await expect(main.getByText('owner=ada', { exact: true })).toBeVisible()

  // Suspending from the user's page keeps the tags.
  await page.getByRole('button', { name: 'Suspend' }).click()
  await page.getByRole('dialog', { name: 'Suspend user' }).getByRole('button', { name: 'Suspend user' }).click()
  await expect(main.getByText('Suspended', { exact: true }).first()).toBeVisible()
  await expect(main.getByText('owner=ada', { exact: true })).toBeVisible()

  // The list's search finds users by tag.
  await page.getByRole('link', { name: 'Users' }).first().click()
  await page.getByRole('combobox', { name: 'Search' }).fill('owner=ada')
  const table = page.getByRole('table', { name: 'Users' })
  await expect(table.locator('tbody tr')).toHaveCount(1)
  await expect(table).toContainText(subject)
  await table.getByRole('link', { name: subject }).click()

  await page.getByRole('link', { name: 'Edit' }).click()
  await page.getByRole('button', { name: 'Remove tag 2' }).click()
  await page.getByRole('button', { name: 'Remove tag 1' }).click()
  await expect(page.getByLabel('Tag 1 name')).toHaveCount(0)
  await expect(preview).not.toContainText('"tags"')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('heading', { name: subject, level: 1 })).toBeVisible()
  await expect(main.getByText('team=ml', { exact: true })).toHaveCount(0)
  await expect(main.getByText('owner=ada', { exact: true })).toHaveCount(0)
})

test('tag a service account when creating it, its token page is accessible, and remove the tag again', async ({
  page,
}) => {
  const name = unique('tagged-sa')
  await signInAsDemo(page, '/service-accounts/new')
  await page.getByLabel('Name').fill(name)
  await addTag(page, 1, 'team', 'ml')
  await expect(page.getByRole('region', { name: 'Request preview' })).toContainText('"value": "ml"')
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Create service account' }).click()
  // The new token's page, with its warning, is accessible.
  await expect(page.getByLabel('Access token')).toBeVisible()
  await expectAccessible(page)
  // Saying the token is stored (when the browser refuses to copy) lets the page go without asking.
  await page.getByRole('checkbox', { name: 'I have stored this token' }).check()
  await page.getByRole('button', { name: 'Go to the service account' }).click()

  await expect(page.getByRole('heading', { name, exact: true, level: 1 })).toBeVisible()
  const main = page.getByRole('main')
  await expect(main.getByText('team=ml', { exact: true })).toBeVisible()

  await page.getByRole('link', { name: 'Edit' }).click()
  await expect(page.getByLabel('Tag 1 value')).toHaveValue('ml')
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Remove tag 1' }).click()
  await expect(page.getByRole('region', { name: 'Request preview' })).not.toContainText('"tags"')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('heading', { name, exact: true, level: 1 })).toBeVisible()
  await expect(main.getByText('team=ml', { exact: true })).toHaveCount(0)
})

test('a new project shows as provisioning until ready and is in the scope switcher at once', async ({ page }) => {
  const name = unique('proj')
  await signInAsDemo(page, '/projects/new')
  await page.getByLabel('Name').fill(name)
  await pickGroups(page, 'ml-engineers')
  await expect(page.getByRole('region', { name: 'Request preview' })).toContainText(`"name": "${name}"`)
  const badges = await recordBadges(page)
  await page.getByRole('button', { name: 'Create project' }).click()

  await expect(page.getByRole('heading', { name, exact: true, level: 1 })).toBeVisible()
  await expect(page.getByRole('main').getByText('provisioned').first()).toBeVisible({ timeout: 15_000 })
  expect(await badges()).toContainEqual(expect.stringMatching(NOT_YET_PROVISIONED))
  await expect(page.getByRole('main').getByRole('link', { name: 'ml-engineers' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Networks', exact: true }).last()).toHaveAttribute(
    'href',
    /\/networks\?project=/,
  )

  // No reload: the switcher reads the same projects list the create refreshed.
  await page.getByRole('banner').getByRole('combobox', { name: 'Project', exact: true }).click()
  await expect(page.getByRole('option', { name, exact: true })).toBeVisible()
  await page.getByRole('option', { name, exact: true }).click()
  await expect(page.getByRole('button', { name: 'Working in this project' })).toBeVisible()
})

test('deleting a project that still holds resources shows the refusal', async ({ page, allowConsole }) => {
  // Allowed: the delete the platform refuses.
  allowConsole(/Failed to load resource: the server responded with a status of 40[39] /)
  await signInAsDemo(page, '/projects')
  await page.getByRole('table', { name: 'Projects' }).getByRole('link', { name: 'ml-research' }).click()
  await page.getByRole('button', { name: 'Delete' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete project' })
  // Said before the user confirms, once the lookup is in (typing before it, the confirm button could move).
  await expect(dialog.getByRole('alert')).toContainText('In use by 2 networks')
  await dialog.getByLabel('Type ml-research to confirm').fill('ml-research')
  await dialog.getByRole('button', { name: 'Delete project' }).click()
  const refusal = dialog.getByRole('alert')
  await expect(refusal).toContainText('still holds resources')
  await expect(refusal.getByRole('link', { name: 'training-fabric' })).toHaveAttribute('href', /^\/networks\/[^/]+$/)
})

test("a group's page shows its members and roles", async ({ page }) => {
  await signInAsDemo(page, '/groups')
  const table = page.getByRole('table', { name: 'Groups' })
  await expect(table).toContainText('administrator')
  await table.getByRole('link', { name: 'ml-engineers' }).click()
  await expect(page.getByRole('heading', { name: 'ml-engineers', level: 1 })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Roles' })).toContainText('Creates and manages infrastructure')
  await expect(page.getByRole('table', { name: 'Users' })).toContainText('priya.shah@acme.example')
  await expect(page.getByRole('table', { name: 'Service accounts' })).toContainText('nightly-eval')
  // Its Add member dialog, read by axe with a list open; closing it keeps focus on the page's button.
  await page.getByRole('button', { name: 'Add member' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add members to ml-engineers' })
  // It opens with its lists closed, so none covers the fields and buttons below it.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible()
  await expect(page.getByRole('option')).toHaveCount(0)
  await dialog.getByRole('combobox', { name: 'Users' }).click()
  await expect(page.getByRole('option', { name: 'mei.lin@acme.example' })).toBeVisible()
  await expect(page.getByRole('option', { name: 'priya.shah@acme.example' })).toHaveCount(0)
  await expectAccessible(page)
  await page.keyboard.press('Escape')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', { name: 'Add member' })).toBeFocused()
  await page.getByRole('table', { name: 'Users' }).getByRole('link', { name: 'priya.shah@acme.example' }).click()
  await expect(page.getByRole('heading', { name: 'priya.shah@acme.example', level: 1 })).toBeVisible()
})

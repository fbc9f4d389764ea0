import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { expectAccessible, expectActivity, signInAsDemo, unique } from './helpers'

/** Picks options of one of the form's multi-selects by name; it stays open between picks. */
async function pick(page: Page, label: string, ...names: string[]) {
  const input = page.getByRole('combobox', { name: label, exact: true })
  for (const name of names) {
    await input.click()
    await page.getByRole('option', { name, exact: true }).click()
  }
  await input.press('Escape')
}

test('a group made, given people, changed and deleted, seen on its page, its project’s page and in the activity log', async ({
  page,
}) => {
  const name = unique('team')
  await signInAsDemo(page, '/groups')
  const main = page.getByRole('main')

  // Create it with a role and a project.
  await page.getByRole('link', { name: 'Create group' }).first().click()
  await page.getByRole('textbox', { name: 'Name' }).fill(name)
  await pick(page, 'Roles', 'reader')
  await pick(page, 'Projects', 'sandbox')
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Create group' }).click()
  await expect(page.getByRole('heading', { name, exact: true, level: 1 })).toBeVisible()
  await expect(main.getByRole('table', { name: 'Roles' })).toContainText('reader')
  await expect(main.getByRole('link', { name: 'sandbox' })).toBeVisible()
  const groupUrl = page.url()
  await expectAccessible(page)

  // The project's page names it.
  await main.getByRole('link', { name: 'sandbox' }).click()
  await expect(page.getByRole('heading', { name: 'sandbox', level: 1 })).toBeVisible()
  await expect(main.getByRole('link', { name })).toBeVisible()

  // Two people join it.
  await main.getByRole('link', { name }).click()
  await main.getByRole('link', { name: 'Edit' }).click()
  await pick(page, 'Users', 'mei.lin@acme.example', 'noah.kim@acme.example')
  await page.getByRole('button', { name: 'Save changes' }).click()
  const users = main.getByRole('table', { name: 'Users' })
  await expect(users.getByRole('link', { name: 'mei.lin@acme.example' })).toBeVisible()
  await expect(users.getByRole('link', { name: 'noah.kim@acme.example' })).toBeVisible()

  // Its role changes: reader out, user in; taking reader away says who loses it first.
  await main.getByRole('link', { name: 'Edit' }).click()
  const roles = page.getByRole('combobox', { name: 'Roles', exact: true })
  await roles.click()
  await roles.press('Backspace')
  await pick(page, 'Roles', 'user')
  await page.getByRole('button', { name: 'Save changes' }).click()
  const dialog = page.getByRole('dialog', { name: 'Who loses access' })
  await expect(dialog.getByRole('list', { name: 'Who loses what' })).toContainText(
    '2 members lose reader: mei.lin@acme.example, noah.kim@acme.example.',
  )
  await expect(dialog).toContainText('The projects that list this group now: sandbox.')
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Save and remove access' }).click()
  const roleTable = main.getByRole('table', { name: 'Roles' })
  await expect(roleTable).toContainText('user')
  await expect(roleTable).not.toContainText('reader')

  await expectActivity(page, 'Create group', name)
  await expectActivity(page, 'Change group', name)
  await expectActivity(page, 'Change project', 'sandbox')

  // Deleted, it leaves the list and the project.
  await page.goto(groupUrl)
  await main.getByRole('button', { name: 'Delete' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete group' })
  // Both have user in sandbox through groups of their own that sandbox lists: nobody loses a role.
  const losses = confirm.getByRole('list', { name: 'Who loses what' })
  await expect(losses).toContainText('No member loses a role.')
  await expect(losses).toContainText(
    '1 member keeps user through platform-engineers, release-managers: mei.lin@acme.example.',
  )
  await expect(losses).toContainText('1 member keeps user through ml-engineers: noah.kim@acme.example.')
  await expect(confirm).toContainText('1 project stops listing it: sandbox.')
  await confirm.getByRole('textbox', { name: `Type ${name} to confirm` }).fill(name)
  await confirm.getByRole('button', { name: 'Delete group' }).click()
  await expect(page.getByRole('heading', { name: 'Groups', level: 1 })).toBeVisible()
  // The identity service deletes a group before it answers (200): it is deleted, not being deleted.
  await expect(page.getByRole('alert').filter({ hasText: name })).toContainText(`Group ${name} deleted.`)
  await expect(main.getByRole('link', { name })).toHaveCount(0)

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click()
  await main.getByRole('link', { name: 'sandbox' }).click()
  await expect(page.getByRole('heading', { name: 'sandbox', level: 1 })).toBeVisible()
  await expect(main.getByRole('link', { name: 'ml-engineers' })).toBeVisible()
  await expect(main.getByRole('link', { name })).toHaveCount(0)

  // A delete's answer has no body to read a name from: the console reads the group before the delete, for its name.
  await expectActivity(page, 'Delete group', name)
})

// A member's access is the union of their groups: release-managers' member keeps user, in production-inference too,
// through platform-engineers, and loses only auditor, which no other group of hers grants.
test('the delete dialog of a group whose member is in another says what she really loses', async ({ page }) => {
  await signInAsDemo(page, '/groups')
  const main = page.getByRole('main')
  await main.getByRole('link', { name: 'release-managers', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'release-managers', level: 1 })).toBeVisible()
  await main.getByRole('button', { name: 'Delete' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete group' })
  const losses = confirm.getByRole('list', { name: 'Who loses what' })
  await expect(losses).toContainText('1 member loses auditor: mei.lin@acme.example.')
  // Another test may have put her in a group of its own that grants user too, named beside platform-engineers then.
  await expect(losses).toContainText(
    /1 member keeps user through (.+, )?platform-engineers(, .+)?: mei\.lin@acme\.example\./,
  )
  await expect(losses).toContainText('1 project stops listing it: production-inference.')
  await expect(losses).not.toContainText('lose their access')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()
})

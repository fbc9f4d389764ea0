import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { choose, expectAccessible, NOT_YET_PROVISIONED, recordBadges, signInAsDemo, unique } from './helpers'

const rule = (page: Page, n: number) => page.getByRole('group', { name: `Rule ${n}`, exact: true })

test('create a group from presets and a port range, read its rules, narrow a rule, delete it', async ({ page }) => {
  const name = unique('e2e-sg')
  await signInAsDemo(page, '/security-groups')
  await page.getByRole('link', { name: 'Create security group' }).first().click()

  await page.getByLabel('Name').fill(name)
  await choose(page, 'Network', /training-fabric/)
  await page.getByRole('button', { name: 'SSH', exact: true }).click()
  await page.getByRole('button', { name: 'All egress' }).click()
  await page.getByRole('button', { name: 'Add rule' }).click()
  await rule(page, 3).getByLabel('Ports').fill('8000-8080')
  await rule(page, 3).getByLabel('CIDR', { exact: true }).fill('10.0.0.0/8')

  await expect(rule(page, 1)).toContainText('Allow inbound TCP 22 from anywhere')
  await expect(rule(page, 1).getByRole('note')).toContainText('Open to the whole internet (0.0.0.0/0) on TCP port 22')
  await expect(rule(page, 2)).toContainText('Allow outbound any protocol to anywhere')
  await expect(rule(page, 2).getByRole('note')).toHaveCount(0)
  await expect(rule(page, 3)).toContainText('Allow inbound TCP 8000–8080 from 10.0.0.0/8')

  // The preview shows the range as port + portMax and the block in both spellings.
  const preview = page.getByRole('region', { name: 'Request preview' })
  await expect(preview).toContainText('/local/region/api/v2/securitygroups')
  await expect(preview).toContainText('"portMax": 8080')
  await expect(preview).toContainText('"prefix": "10.0.0.0/8"')

  const badges = await recordBadges(page)
  await page.getByRole('button', { name: 'Create security group' }).click()
  await expect(page.getByRole('heading', { name, exact: true, level: 1 })).toBeVisible()
  await expect(page.getByText('provisioned').first()).toBeVisible({ timeout: 15_000 })
  expect(await badges()).toContainEqual(expect.stringMatching(NOT_YET_PROVISIONED))
  const rules = page.getByRole('table', { name: 'Rules' })
  await expect(rules).toContainText('Allow inbound TCP 22 from anywhere')
  await expect(rules).toContainText('Allow outbound any protocol to anywhere')
  await expect(rules).toContainText('Allow inbound TCP 8000–8080 from 10.0.0.0/8')
  await expect(page.getByText('1 open to the whole internet')).toBeVisible()
  await expect(page.getByRole('link', { name: 'training-fabric' })).toBeVisible()

  await page.getByRole('link', { name: 'Edit' }).click()
  await rule(page, 1).getByText('CIDR block', { exact: true }).click()
  await rule(page, 1).getByLabel('CIDR', { exact: true }).fill('198.51.100.0/24')
  await expect(rule(page, 1)).toContainText('Allow inbound TCP 22 from 198.51.100.0/24')
  await expect(rule(page, 1).getByRole('note')).toHaveCount(0)
  await rule(page, 3).getByLabel('Ports').fill('9000-9100')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('heading', { name, exact: true, level: 1 })).toBeVisible()
  await expect(rules).toContainText('Allow inbound TCP 22 from 198.51.100.0/24')
  await expect(rules).toContainText('Allow inbound TCP 9000–9100 from 10.0.0.0/8')
  await expect(page.getByText('open to the whole internet')).toHaveCount(0)

  await page.getByRole('button', { name: 'Delete' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete security group' })
  await dialog.getByLabel(`Type ${name} to confirm`).fill(name)
  await dialog.getByRole('button', { name: 'Delete security group' }).click()
  await expect(page.getByRole('heading', { name: 'Security groups', level: 1 })).toBeVisible()
})

test('deleting a group an instance uses is refused, and the dialog names the instance', async ({
  page,
  allowConsole,
}) => {
  // Allowed: the delete the platform refuses.
  allowConsole(/Failed to load resource: the server responded with a status of 40[39] /)
  await signInAsDemo(page, '/security-groups?q=jupyter')
  await page.getByRole('table', { name: 'Security groups' }).getByRole('link', { name: 'jupyter' }).click()
  await expect(page.getByRole('heading', { name: 'jupyter', level: 1 })).toBeVisible()
  // The page names the instance using the group once its lookup is in. Opened before that, the dialog grows its
  // warning as the user types, and a click aimed at the confirm button could land where the button had been.
  await expect(page.getByRole('main').getByRole('link', { name: 'notebook-priya' })).toBeVisible()

  await page.getByRole('button', { name: 'Delete' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete security group' })
  // Said before the user confirms, and the platform's refusal after.
  await expect(dialog.getByRole('alert')).toContainText('In use by 1 instance')
  await dialog.getByLabel('Type jupyter to confirm').fill('jupyter')
  await dialog.getByRole('button', { name: 'Delete security group' }).click()
  const refusal = dialog.getByRole('alert')
  await expect(refusal).toContainText('in use and cannot be deleted')
  const link = refusal.getByRole('link', { name: 'notebook-priya' })
  await expect(link).toHaveAttribute('href', /^\/instances\/[^/]+$/)
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('heading', { name: 'jupyter', level: 1 })).toBeVisible()
})

test("a network's security groups link filters the list by that network, kept in the URL", async ({ page }) => {
  await signInAsDemo(page, '/networks?q=training-fabric')
  await page.getByRole('table', { name: 'Networks' }).getByRole('link', { name: 'training-fabric' }).click()
  await page.getByRole('main').getByRole('link', { name: 'Security groups' }).click()
  await expect(page).toHaveURL(/\/security-groups\?network=/)
  const table = page.getByRole('table', { name: 'Security groups' })
  for (const name of ['ssh-bastion', 'nccl-cluster', 'jupyter'])
    await expect(table.getByRole('link', { name, exact: true })).toBeVisible()
  await expect(table.getByRole('link', { name: 'allow-ssh' })).toHaveCount(0)
  await expect(table.getByRole('link', { name: 'training-fabric' }).first()).toBeVisible()

  await page.reload()
  await expect(table.getByRole('link', { name: 'nccl-cluster' })).toBeVisible()
  await expect(table.getByRole('link', { name: 'allow-ssh' })).toHaveCount(0)

  await page.getByRole('combobox', { name: 'Networks' }).click()
  await page.getByRole('option', { name: 'sandbox' }).click()
  await expect(table.getByRole('link', { name: 'allow-ssh' })).toBeVisible()
  expect(new URL(page.url()).searchParams.getAll('network')).toHaveLength(2)
})

// The list, a group's page and its edit form are checked with every page (axe-walk.spec.ts).
test('the new security group form, its sentences and warnings shown, has no serious accessibility violations', async ({
  page,
}) => {
  await signInAsDemo(page, '/security-groups/new')
  await expect(page.getByRole('heading', { name: 'Create security group', level: 1 })).toBeVisible()
  // The editor with its sentences, an open-to-the-internet warning and a duplicate. (Field error states are left
  // out: the shared field error colour is the theme's concern, not this page's.)
  await page.getByRole('button', { name: 'SSH', exact: true }).click()
  await page.getByRole('button', { name: 'All egress' }).click()
  await page.getByRole('button', { name: 'SSH', exact: true }).click()
  await expect(rule(page, 3)).toContainText('Duplicate of rule 1')
  await expectAccessible(page)
})

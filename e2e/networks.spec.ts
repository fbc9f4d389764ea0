import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import {
  choose,
  expectAccessible,
  openInApp,
  NOT_YET_PROVISIONED,
  recordBadges,
  SECOND_ORG_TOKEN,
  signInAsDemo,
  signInWithToken,
  unique,
} from './helpers'

/** The new-network form's required fields: the name, the first project and region offered, and the prefix. */
async function fillRequired(page: Page, name: string, prefix: string) {
  await page.getByLabel('Name').fill(name)
  await choose(page, 'Project')
  await choose(page, 'Region')
  await page.getByLabel('Prefix').fill(prefix)
}

test('create a network with routes, watch it provision, update its DNS, find it by tag', async ({ page }) => {
  const name = unique('e2e')
  await signInAsDemo(page)
  await page.getByRole('link', { name: 'Create network' }).first().click()

  await fillRequired(page, name, '10.77.0.0/16')
  await page.getByRole('button', { name: 'Add DNS server' }).click()
  await page.getByLabel('DNS server 1', { exact: true }).fill('1.1.1.1')
  await page.getByRole('button', { name: 'Add route' }).click()
  await page.getByLabel('Route destination 1', { exact: true }).fill('192.168.50.0/24')
  await page.getByLabel('Route next hop 1', { exact: true }).fill('10.77.0.1')
  await page.getByRole('button', { name: 'Add tag' }).click()
  await page.getByLabel('Tag 1 name').fill('e2e')
  await page.getByLabel('Tag 1 value').fill(name)

  // The preview shows the upstream request, not the console's proxy path.
  const preview = page.getByRole('region', { name: 'Request preview' })
  await expect(preview).toContainText('/local/region/api/v2/networks')
  await expect(preview).toContainText('"nexthop": "10.77.0.1"')

  const badges = await recordBadges(page)
  await page.getByRole('button', { name: 'Create network' }).click()
  await expect(page.getByRole('heading', { name, exact: true, level: 1 })).toBeVisible()
  // The page's first notification: where notifications show loads for it (src/app/first-notification.ts).
  await expect(page.getByRole('alert').filter({ hasText: `Network ${name} created` })).toBeVisible()
  await expect(page.getByText('provisioned').first()).toBeVisible({ timeout: 15_000 })
  expect(await badges()).toContainEqual(expect.stringMatching(NOT_YET_PROVISIONED))
  await expect(page.getByRole('table', { name: 'Routes' })).toContainText('192.168.50.0/24')

  await page.getByRole('link', { name: 'Edit' }).click()
  await page.getByLabel('DNS server 1', { exact: true }).fill('9.9.9.9')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('heading', { name, exact: true, level: 1 })).toBeVisible()
  await expect(page.getByText('9.9.9.9')).toBeVisible()

  await page.getByRole('link', { name: 'Networks' }).first().click()
  await page.getByRole('combobox', { name: 'Tags' }).fill(`e2e=${name}`)
  await page.getByRole('combobox', { name: 'Tags' }).press('Enter')
  await expect(page).toHaveURL(/tag=e2e%3D/)
  const table = page.getByRole('table', { name: 'Networks' })
  await expect(table.getByRole('link', { name })).toBeVisible()
  await expect(table.locator('tbody tr')).toHaveCount(1)
})

test("the second organization's token cannot see the demo organization's networks, and is told before sending that one more would pass its quota", async ({
  page,
  browser,
  allowConsole,
}) => {
  // Allowed: the create sent past the quota is refused.
  allowConsole(/Failed to load resource: the server responded with a status of 409 /)
  const name = unique('e2e')
  await signInAsDemo(page, '/networks/new')
  await fillRequired(page, name, '10.78.0.0/16')
  await page.getByRole('button', { name: 'Create network' }).click()
  await expect(page.getByRole('heading', { name, exact: true, level: 1 })).toBeVisible()
  // The page's first notification: where notifications show loads for it (src/app/first-notification.ts).
  await expect(page.getByRole('alert').filter({ hasText: `Network ${name} created` })).toBeVisible()
  const detailUrl = page.url()

  const other = await browser.newContext()
  const otherPage = await other.newPage()
  await signInWithToken(otherPage, SECOND_ORG_TOKEN)
  await expect(otherPage.getByRole('heading', { name: 'Networks', level: 1 })).toBeVisible()
  await expect(otherPage.getByRole('link', { name })).toHaveCount(0)
  await otherPage.goto(detailUrl)
  await expect(otherPage.getByRole('heading', { name: 'Page not found' })).toBeVisible()

  // The second organization's networks quota, used up through its API (no other test creates networks there).
  const api = otherPage.request
  const headers = { 'X-Requested-With': 'cloud-console' }
  const read = async (path: string) => (await api.get(path)).json()
  const [organization] = await read('/api/identity/api/v1/organizations')
  const org = `/api/v1/organizations/${organization.metadata.id}`
  const [project] = await read(`/api/identity${org}/projects`)
  const [region] = await read(`/api/region${org}/regions`)
  const { quotas } = await read(`/api/identity${org}/quotas`)
  const { quantity, used } = quotas.find((quota: { kind: string }) => quota.kind === 'networks')
  const made: string[] = []
  for (let i = used; i < quantity; i++) {
    const created = await api.post('/api/region/api/v2/networks', {
      headers,
      data: {
        metadata: { name: `${name}-fill-${i}` },
        spec: {
          organizationId: organization.metadata.id,
          projectId: project.metadata.id,
          regionId: region.metadata.id,
          prefix: `10.61.${i}.0/24`,
          dnsNameservers: [],
        },
      },
    })
    expect(created.status()).toBe(201)
    made.push((await created.json()).metadata.id)
  }
  await openInApp(otherPage, '/networks/new')
  await fillRequired(otherPage, `${name}-over`, '10.62.0.0/24')
  await expect(
    otherPage.getByText(`This network would exceed the organization's quota: 0 of ${quantity} networks left.`, {
      exact: false,
    }),
  ).toBeVisible()
  await otherPage.getByRole('button', { name: 'Create network' }).click()
  await expect(
    otherPage.getByRole('alert').filter({ hasText: `exceeds the allowed limit of ${quantity}.` }),
  ).toBeFocused()
  await expect(otherPage.getByLabel('Name')).toHaveValue(`${name}-over`)
  for (const id of made) await api.delete(`/api/region/api/v2/networks/${id}`, { headers })
  await other.close()
})

test('an expired session mid-edit keeps the form; signing in again lets the save through', async ({
  page,
  context,
  allowConsole,
}) => {
  // Allowed: the save after the session ended is refused.
  allowConsole(/Failed to load resource: the server responded with a status of 401 /)
  const name = unique('e2e')
  await signInAsDemo(page, '/networks/new')
  await fillRequired(page, name, '10.79.0.0/16')
  await page.getByRole('button', { name: 'Add DNS server' }).click()
  await page.getByLabel('DNS server 1', { exact: true }).fill('8.8.4.4')

  await context.clearCookies()
  await page.getByRole('button', { name: 'Create network' }).click()
  const dialog = page.getByRole('dialog', { name: 'Your session has ended' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Continue as demo admin' }).click()
  await expect(dialog).toBeHidden()

  await expect(page.getByLabel('Name')).toHaveValue(name)
  await expect(page.getByLabel('DNS server 1', { exact: true })).toHaveValue('8.8.4.4')
  await page.getByRole('button', { name: 'Create network' }).click()
  await expect(page.getByRole('heading', { name, exact: true, level: 1 })).toBeVisible()
  // The page's first notification: where notifications show loads for it (src/app/first-notification.ts).
  await expect(page.getByRole('alert').filter({ hasText: `Network ${name} created` })).toBeVisible()
})

test('sign out ends the session and leaves nothing of its scope in the browser', async ({ page, allowConsole }) => {
  // Allowed: requests still in flight when the session ends are refused.
  allowConsole(/Failed to load resource: the server responded with a status of 401 /)
  await signInAsDemo(page)
  const scopeCookie = async () => (await page.context().cookies()).find((cookie) => cookie.name === 'cc_scope')
  await expect.poll(async () => (await scopeCookie())?.value).toContain('organizationId')
  await page.getByRole('button', { name: /^Account/ }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page.getByRole('button', { name: 'Continue as demo admin' })).toBeVisible()
  // The organization, project and region the last person worked in are not there for the next one to see.
  expect(await scopeCookie()).toBeUndefined()
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('scope')))).toEqual([])
  await page.goto('/networks')
  await expect(page.getByRole('button', { name: 'Continue as demo admin' })).toBeVisible()
})

test('the sign-in page, the new network form with its errors and a missing page have no serious accessibility violations', async ({
  page,
  allowConsole,
}) => {
  // Allowed: the page for a network that does not exist.
  allowConsole(/Failed to load resource: the server responded with a status of 404 /)
  await page.goto('/networks')
  await expect(page.getByRole('button', { name: 'Continue as demo admin' })).toBeVisible()
  await expectAccessible(page)
  // The list, a network's page and its edit form are checked with every page (axe-walk.spec.ts).
  await page.getByRole('button', { name: 'Continue as demo admin' }).click()
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  await openInApp(page, '/networks/new')
  // Submitted empty: the form is checked with its field errors shown, in both colour schemes.
  await page.getByRole('button', { name: 'Create network' }).click()
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveAccessibleDescription(/Enter a name\./)
  await expectAccessible(page)
  await openInApp(page, '/no-such-page')
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await expectAccessible(page)
})

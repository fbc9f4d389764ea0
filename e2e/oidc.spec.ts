import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { ALL_RULES, axeViolations } from './axe'
import { TEST_HOOK_CALLER, unique } from './helpers'

// Runs against the second console server (playwright.config.ts), whose local cloud issues 5-second access tokens
// and serves /local/identity/testing/oidc: the refresh count, and revoking a person's grants.
const oidcBase = `http://localhost:${process.env.E2E_OIDC_PORT ?? Number(process.env.E2E_PORT ?? 8181) + 1}`
test.use({ baseURL: oidcBase })

const PEOPLE = [
  ['Alex Morgan', 'Acme AI'],
  ['Sam Okafor', 'Acme AI'],
  ['Hank Scorpio', 'Globex Research'],
] as const

async function choosePerson(page: Page, name: string) {
  await expect(page.getByRole('heading', { name: 'Sign in to the local cloud' })).toBeVisible()
  await page.getByRole('button', { name: new RegExp(name) }).click()
}

async function refreshes(page: Page): Promise<number> {
  const answer = await page.request.get('/local/identity/testing/oidc', { headers: TEST_HOOK_CALLER })
  return ((await answer.json()) as { refreshes: number }).refreshes
}

/**
 * The provider page's width, background and text font on a phone in a colour scheme, and its serious axe violations.
 * The font is the console's Inter, loaded, not the system's.
 */
async function providerPageOnPhone(page: Page, colorScheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme })
  const serious = (await axeViolations(page, ALL_RULES)).filter((v) => ['serious', 'critical'].includes(v.impact ?? ''))
  return {
    width: await page.evaluate(() => document.documentElement.scrollWidth),
    background: await page.evaluate(() => getComputedStyle(document.body).backgroundColor),
    font: await page.evaluate(async () => {
      await document.fonts.ready
      return [...document.fonts]
        .filter((face) => face.family.replaceAll('"', '') === 'Inter Variable')
        .map((f) => f.status)
    }),
    violations: serious.map((v) => v.id),
  }
}

test('signs in through the provider page as each demo person', async ({ browser }) => {
  for (const [name] of PEOPLE) {
    const context = await browser.newContext({ baseURL: oidcBase })
    const page = await context.newPage()
    await page.goto('/networks')
    await page.getByRole('button', { name: 'Sign in with Local cloud' }).click()
    if (name === PEOPLE[0][0]) {
      // On a phone the page fits the width, and it follows the colour scheme: light, then dark, clean in both.
      await expect(page.getByRole('heading', { name: 'Sign in to the local cloud' })).toBeVisible()
      await page.setViewportSize({ width: 390, height: 844 })
      expect(await providerPageOnPhone(page, 'light')).toEqual({
        width: 390,
        background: 'rgb(246, 246, 250)',
        font: ['loaded'],
        violations: [],
      })
      expect(await providerPageOnPhone(page, 'dark')).toEqual({
        width: 390,
        background: 'rgb(18, 19, 30)',
        font: ['loaded'],
        violations: [],
      })
      // Back to the desktop, where the console's navigation is in view.
      await page.setViewportSize({ width: 1440, height: 900 })
    }
    await choosePerson(page, name)
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
    const session = await page.request.get('/console/session')
    expect(((await session.json()) as { kind: string }).kind).toBe('oidc')
    // The account menu says who signed in, as the provider named them.
    await page.getByRole('button', { name: `Account: ${name}` }).click()
    await expect(page.getByRole('menu')).toContainText(/@/)
    await context.close()
  }
})

test('refreshes past expiry once, signs in again in place after a revocation, and signs out', async ({
  page,
  allowConsole,
}) => {
  // The revoked session's next request answers 401: that is what brings up the in-place sign-in.
  allowConsole(/Failed to load resource: the server responded with a status of 401 /)
  await page.goto('/projects/new')
  await page.getByRole('button', { name: 'Sign in with Local cloud' }).click()
  await choosePerson(page, 'Alex Morgan')
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  await page.goto('/projects/new')
  await expect(page.getByRole('textbox', { name: /^Name/ })).toBeVisible()

  // Wait for the access token's own expiry, as the session reports it.
  const expiry = await page.request.get('/console/session')
  const expiresAt = Date.parse(((await expiry.json()) as { accessExpiresAt: string }).accessExpiresAt)
  await expect.poll(() => Date.now() > expiresAt, { intervals: [250] }).toBe(true)
  const before = await refreshes(page)

  const first = unique('oidc')
  await page.getByRole('textbox', { name: /^Name/ }).fill(first)
  await page.getByRole('button', { name: 'Create project' }).click()
  // The project page opens once the create succeeded (its provisioning goes on in the background).
  await expect(page).toHaveURL(/\/projects\/(?!new)[^/]+$/)
  await expect(page.getByRole('dialog', { name: 'Your session has ended' })).toHaveCount(0)
  expect(await refreshes(page)).toBe(before + 1)

  // The provider ends the grant: the next request is refused, and the dialog signs in again in a popup.
  const second = unique('oidc')
  await page.goto('/projects/new')
  await page.getByRole('textbox', { name: /^Name/ }).fill(second)
  await page.request.post('/local/identity/testing/oidc', {
    form: { email: 'alex.morgan@acme.example' },
    headers: TEST_HOOK_CALLER,
  })
  await page.getByRole('button', { name: 'Create project' }).click()
  const dialog = page.getByRole('dialog', { name: 'Your session has ended' })
  await expect(dialog).toBeVisible()
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    dialog.getByRole('button', { name: 'Sign in with Local cloud' }).click(),
  ])
  await choosePerson(popup, 'Alex Morgan')
  await expect(dialog).toHaveCount(0)
  await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveValue(second)
  await page.getByRole('button', { name: 'Create project' }).click()
  await expect(page).toHaveURL(/\/projects\/(?!new)[^/]+$/)

  await page.getByRole('button', { name: /^Account:/ }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page.getByRole('button', { name: 'Sign in with Local cloud' })).toBeVisible()
  // Signed out, the server's answer to "who am I" is null.
  expect(await (await page.request.get('/console/session')).json()).toBeNull()
})

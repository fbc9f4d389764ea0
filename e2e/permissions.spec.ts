import { expect, test } from './fixtures'
import { expectAccessible, openInApp, signInWithToken } from './helpers'

// Sam Okafor, a reader in the demo organization (LOCAL_CLOUD_MEMBER_TOKEN in playwright.config.ts).
const MEMBER_TOKEN = 'e2e-member-token'
const REASON = /Your roles in this organization do not allow you to/

test('the read-only member sees what he may not do, and why', async ({ page }) => {
  await signInWithToken(page, MEMBER_TOKEN, '/networks')
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Networks' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Projects' })).toBeVisible()
  // The organization's people are not his to see: not offered, as the platform's console does.
  await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0)
  await expect(nav.getByRole('link', { name: 'Service accounts' })).toHaveCount(0)
  await expect(nav.getByRole('link', { name: 'Groups', exact: true })).toHaveCount(0)

  const create = page.getByRole('main').getByRole('button', { name: 'Create network' }).first()
  await expect(create).toHaveAttribute('aria-disabled', 'true')
  await expect(create).toHaveAccessibleDescription(
    'Your roles in this organization do not allow you to create networks.',
  )
  await create.hover()
  await expect(page.getByRole('tooltip')).toHaveText(REASON)
  await create.click({ force: true })
  await expect(page).toHaveURL(/\/networks$/)
  await expectAccessible(page)

  await page.getByRole('link', { name: 'training-fabric' }).click()
  await expect(page.getByRole('heading', { name: 'training-fabric', level: 1 })).toBeVisible()
  for (const [name, verb] of [
    ['Edit', 'change'],
    ['Delete', 'delete'],
  ] as const) {
    const button = page.getByRole('main').getByRole('button', { name, exact: true })
    await expect(button).toHaveAttribute('aria-disabled', 'true')
    await expect(button).toHaveAccessibleDescription(
      `Your roles in this organization do not allow you to ${verb} networks.`,
    )
  }
  await expectAccessible(page)

  // An instance's key, console and snapshot give control of it: his reader role does not allow them.
  await openInApp(page, '/instances?project=all&region=all')
  await page.getByRole('link', { name: 'notebook-priya' }).click()
  await expect(page.getByRole('heading', { name: 'notebook-priya', level: 1 })).toBeVisible()
  for (const name of ['Get SSH key', 'Open console', 'Snapshot']) {
    const button = page.getByRole('main').getByRole('button', { name, exact: true })
    await expect(button).toHaveAttribute('aria-disabled', 'true')
    await expect(button).toHaveAccessibleDescription(
      'Your roles in this organization do not allow you to change instances.',
    )
  }
  // The boot log is a read.
  await page.getByRole('tab', { name: 'Console output' }).click()
  await expect(page.getByRole('log', { name: 'Console output of notebook-priya' })).toContainText('Linux version')
})

test('the local cloud refuses the member’s write when it is forced', async ({ page, request }) => {
  await signInWithToken(page, MEMBER_TOKEN, '/networks')
  const networks = await page.request.get('/api/region/api/v2/networks')
  expect(networks.status()).toBe(200)
  const [network] = (await networks.json()) as { metadata: { id: string } }[]
  // Straight to the platform with his token, and through the console with his session: both refused alike.
  const direct = await request.delete(`/local/region/api/v2/networks/${network!.metadata.id}`, {
    headers: { Authorization: `Bearer ${MEMBER_TOKEN}` },
  })
  expect(direct.status()).toBe(403)
  expect(await direct.json()).toMatchObject({ error: 'forbidden' })
  const proxied = await page.request.delete(`/api/region/api/v2/networks/${network!.metadata.id}`, {
    headers: { 'x-requested-with': 'cloud-console', origin: new URL(page.url()).origin },
  })
  expect(proxied.status()).toBe(403)
  expect((await page.request.get(`/api/region/api/v2/networks/${network!.metadata.id}`)).status()).toBe(200)
})

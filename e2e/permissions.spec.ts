import { expect, test } from './fixtures'
import { expectAccessible, openInApp, signInWithToken } from './helpers'

// Sam Okafor, a reader in the demo organization (LOCAL_CLOUD_MEMBER_TOKEN in playwright.config.ts).
const MEMBER_TOKEN = 'e2e-member-token'
const REASON = /Your roles in this organization do not allow you to/

test('the read-only member sees what he may not do, and why', async ({ page, request, allowConsole }) => {
  // The deep link outside his roles below: the browser logs the refused read.
  allowConsole(/status of 403 \(Forbidden\).*\/api\/region\/api\/v2\/networks\//)
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
  // The pointer is still on the button after its click (which may focus it), and so is the reason.
  await expect(page.getByRole('tooltip')).toHaveText(REASON)
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

  // Its edit page, opened by its URL, stays readable and says why it cannot be saved.
  const trainingFabric = new URL(page.url()).pathname
  await openInApp(page, `${trainingFabric}/edit`)
  await expect(page.getByRole('heading', { name: 'Edit training-fabric', level: 1 })).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'You can read this form but not submit it' })).toContainText(
    'do not allow you to change networks',
  )
  await expect(page.getByRole('button', { name: 'Save changes' })).toHaveAttribute('aria-disabled', 'true')
  await expectAccessible(page)

  // A link to a network outside his projects: his roles do not cover it, said plainly, with the way back.
  const all = await request.get('/local/region/api/v2/networks', {
    headers: { Authorization: 'Bearer e2e-admin-token' },
  })
  const outside = ((await all.json()) as { metadata: { id: string; name: string } }[]).find(
    (n) => n.metadata.name === 'inference-prod',
  )!
  await openInApp(page, `/networks/${outside.metadata.id}`)
  await expect(page.getByRole('heading', { name: 'You cannot see this network', level: 1 })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0)
  await expectAccessible(page)
  await page.getByRole('link', { name: 'Back to networks' }).click()
  await expect(
    page.getByRole('table', { name: 'Networks' }).getByRole('link', { name: 'training-fabric' }),
  ).toBeVisible()
  await expect(page.getByRole('table', { name: 'Networks' }).getByRole('link', { name: 'inference-prod' })).toHaveCount(
    0,
  )

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

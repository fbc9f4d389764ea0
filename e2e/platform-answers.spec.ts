import { expect, test } from './fixtures'
import { expectAccessible, expectActivity, openInApp, signInAsDemo, unique } from './helpers'
import { ACME_ORG_ID } from '../server/local-cloud/catalog/ids'

// The console against the local cloud answering as the platform's documents do: a write answered 200 with no body,
// and lists answered null.

const organization = `/api/identity/api/v1/organizations/${ACME_ORG_ID}`
const headers = { 'X-Requested-With': 'cloud-console' }

test('an organization’s description is saved once on a 200 with no body after a domain change asked about and cancelled, and a group answered with null people opens and saves', async ({
  page,
}) => {
  const description = unique('Saved once')
  await signInAsDemo(page, '/organization')

  await test.step('a domain change is asked about and cancelled; the new description is saved once: its 200 with no body closes the form, and the page and the activity log show it', async () => {
    const puts: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'PUT' && new URL(request.url()).pathname === organization) puts.push(request.url())
    })
    const main = page.getByRole('main')
    await expect(page.getByRole('heading', { name: 'acme-ai', level: 1 })).toBeVisible()
    await expectAccessible(page)
    await main.getByRole('link', { name: 'Edit' }).click()

    // A domain change is explained and asked for first; cancelled, nothing is sent.
    const domain = page.getByRole('textbox', { name: 'E-mail domain' })
    await domain.fill('acme.test')
    await page.getByRole('button', { name: 'Save changes' }).click()
    const dialog = page.getByRole('dialog', { name: 'Change how people sign in' })
    await expect(dialog).toContainText('The e-mail domain changes from acme.example to acme.test')
    await expectAccessible(page)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await domain.fill('acme.example')

    await page.getByRole('textbox', { name: 'Description' }).fill(description)
    await page.getByRole('button', { name: 'Save changes' }).click()

    await expect(page.getByText('Organization acme-ai saved.')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'acme-ai', exact: true, level: 1 })).toBeVisible()
    await expect(main.getByText(description)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0)
    await expect(page.getByText('The platform refused the request')).toHaveCount(0)
    expect(puts).toHaveLength(1)
    await expectActivity(page, 'Change organization', 'acme-ai')
  })

  await test.step('a group whose users and subjects the platform answers null opens, and its edit is saved', async () => {
    const roles = (await (await page.request.get(`${organization}/roles`)).json()) as {
      metadata: { id: string; name: string }
    }[]
    const reader = roles.find((role) => role.metadata.name === 'reader')!.metadata.id
    const name = unique('no-people')
    const made = await page.request.post(`${organization}/groups`, {
      data: { metadata: { name }, spec: { roleIDs: [reader], serviceAccountIDs: [] } },
      headers,
    })
    expect(made.status()).toBe(201)
    const group = (await made.json()) as { metadata: { id: string }; spec: { userIDs: unknown; subjects: unknown } }
    // The answer the pages read, as the identity document allows it.
    expect([group.spec.userIDs, group.spec.subjects]).toEqual([null, null])

    await openInApp(page, `/groups/${group.metadata.id}`)
    const main = page.getByRole('main')
    await expect(page.getByRole('heading', { name, exact: true, level: 1 })).toBeVisible()
    await expect(main.getByText('No users.')).toBeVisible()
    await expect(main.getByRole('table', { name: 'Roles' })).toContainText('reader')

    await main.getByRole('link', { name: 'Edit' }).click()
    await expect(page.getByRole('heading', { name: `Edit ${name}`, level: 1 })).toBeVisible()
    await page.getByRole('textbox', { name: 'Description' }).fill('Nobody in it yet')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByText(`Group ${name} saved.`)).toBeVisible()
    await expect(page.getByRole('heading', { name, exact: true, level: 1 })).toBeVisible()
    await expect(main.getByText('Nobody in it yet')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toHaveCount(0)

    expect((await page.request.delete(`${organization}/groups/${group.metadata.id}`, { headers })).status()).toBe(200)
  })
})

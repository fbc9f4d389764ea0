import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import {
  choose,
  expectAccessible,
  openWithCallsHung,
  SECOND_ORG_TOKEN,
  signInAsDemo,
  signInWithToken,
  unique,
} from './helpers'
import { ACME_ORG_ID, EU_WEST_1, GLOBEX_ORG_ID } from '../server/local-cloud/catalog/ids'

// One change, read at two widths: the row, its filter, its link and axe at 1440 px, then the same again at 1024 px,
// reached through the console's own navigation rather than another sign-in and page load.
test('the activity page lists a change made through the console, links to it, and passes axe at 1440 and 1024 px', async ({
  page,
}) => {
  await signInAsDemo(page, '/')
  const name = unique('activity')
  const made = await page.request.post(`/api/identity/api/v1/organizations/${ACME_ORG_ID}/projects`, {
    data: { metadata: { name }, spec: { groupIDs: [] } },
    headers: { 'X-Requested-With': 'cloud-console' },
  })
  expect(made.status()).toBe(202)

  for (const width of [1440, 1024]) {
    await test.step(`at ${width} px`, async () => {
      await page.setViewportSize({ width, height: 900 })
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click()
      await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible()
      await expect(page.getByText('Changes made with other clients')).toBeVisible()
      // The admin's role reads every kind: the page leaves none out.
      await expect(page.getByText(/are not listed: your role/)).toHaveCount(0)
      const row = page.getByRole('row').filter({ hasText: name })
      await expect(row).toContainText('Create project')
      await expect(row).toContainText('Succeeded')
      await expect(row.getByLabel('The equivalent request')).toContainText('POST http')
      await expectAccessible(page)

      // Filtered to failures, the change is gone; cleared, it is back.
      await choose(page, 'Outcome', 'Failed')
      await expect(row).toHaveCount(0)
      // The picked option again, in the list still open, takes it off.
      await page.getByRole('option', { name: 'Failed' }).click()
      await expect(row).toHaveCount(1)
      await page.keyboard.press('Escape')

      await row.getByRole('link', { name }).click()
      await expect(page.getByRole('heading', { name, exact: true, level: 1 })).toBeVisible()
    })
  }
})

const ORG = ACME_ORG_ID
const HEADERS = { 'X-Requested-With': 'cloud-console' }

interface Answer {
  status: number
  body: { metadata?: { id: string; projectId?: string; name?: string } } & Record<string, unknown>
}

/**
 * A write through the console's proxy with the page's session, as the SPA sends it, tried again while the platform
 * answers that the resource is still settling (a network provisioning, an instance starting).
 */
async function write(request: APIRequestContext, method: string, path: string, data?: unknown): Promise<Answer> {
  let answer: Answer = { status: 0, body: {} }
  await expect
    .poll(
      async () => {
        const res = await request.fetch(path, { method, headers: HEADERS, ...(data === undefined ? {} : { data }) })
        const text = await res.text()
        answer = { status: res.status(), body: text ? (JSON.parse(text) as Answer['body']) : {} }
        return answer.status
      },
      { timeout: 30_000 },
    )
    .toBeLessThan(300)
  return answer
}

async function read<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path)
  expect(res.status()).toBe(200)
  return (await res.json()) as T
}

/** The Activity page's row saying `what`, with who, when, its outcome and trace id. */
async function expectListed(page: Page, what: RegExp) {
  const row = page.getByRole('row').filter({ hasText: what }).filter({ hasText: 'Succeeded' }).first()
  await expect(row).toBeVisible()
  await expect(row).toContainText('Demo admin (local cloud)')
  await expect(row.getByRole('cell').first()).toContainText(/ago|now|second|minute/)
  await expect(row.getByLabel('Trace id')).toHaveText(/^[\da-f]{32}$/)
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

test('the Activity page lists every create, edit and delete of the admin, with who, what, when, result and trace id', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signInAsDemo(page, '/')
  const { request } = page
  const networks = await read<{ metadata: { id: string; projectId: string; name: string } }[]>(
    request,
    '/api/region/api/v2/networks',
  )
  const sandbox = networks.find((n) => n.metadata.name === 'sandbox')!
  const catalog = `/api/region/api/v1/organizations/${ORG}/regions/${EU_WEST_1}`
  const firstId = async (path: string) => (await read<{ metadata: { id: string } }[]>(request, path))[0]!.metadata.id
  const flavorId = await firstId(`${catalog}/flavors`)
  const imageId = await firstId(`${catalog}/images`)
  const storageClassId = await firstId(`/api/region/api/v2/filestorageclasses?regionID=${EU_WEST_1}`)
  const where = { organizationId: ORG, projectId: sandbox.metadata.projectId, regionId: EU_WEST_1 }
  const name = unique('audit')

  const network = await write(request, 'POST', '/api/region/api/v2/networks', {
    metadata: { name: `${name}-net` },
    spec: { ...where, prefix: '10.125.0.0/24', dnsNameservers: ['1.1.1.1'] },
  })
  const networkId = network.body.metadata!.id
  await write(request, 'PUT', `/api/region/api/v2/networks/${networkId}`, {
    metadata: { name: `${name}-net`, description: 'edited' },
    spec: { dnsNameservers: ['8.8.8.8'], routes: [] },
  })

  const group = await write(request, 'POST', '/api/region/api/v2/securitygroups', {
    metadata: { name: `${name}-sg` },
    spec: { networkId, rules: [] },
  })
  const groupId = group.body.metadata!.id
  await write(request, 'PUT', `/api/region/api/v2/securitygroups/${groupId}`, {
    metadata: { name: `${name}-sg`, description: 'edited' },
    spec: { rules: [] },
  })

  const storageSpec = {
    ...where,
    storageClassId,
    sizeGiB: 10,
    storageType: { nfs: { rootsquash: true } },
    attachments: { networkIds: [networkId] },
  }
  const storage = await write(request, 'POST', '/api/region/api/v2/filestorage', {
    metadata: { name: `${name}-fs` },
    spec: storageSpec,
  })
  const storageId = storage.body.metadata!.id
  await write(request, 'PUT', `/api/region/api/v2/filestorage/${storageId}`, {
    metadata: { name: `${name}-fs`, description: 'edited' },
    spec: { ...storageSpec, sizeGiB: 20 },
  })

  const instanceSpec = {
    organizationId: ORG,
    projectId: sandbox.metadata.projectId,
    networkId: sandbox.metadata.id,
    flavorId,
    imageId,
    networking: { securityGroups: [], publicIP: false },
  }
  const instance = await write(request, 'POST', '/api/compute/api/v2/instances', {
    metadata: { name: `${name}-vm` },
    spec: instanceSpec,
  })
  const instanceId = instance.body.metadata!.id
  await write(request, 'PUT', `/api/compute/api/v2/instances/${instanceId}`, {
    metadata: { name: `${name}-vm`, description: 'edited' },
    spec: instanceSpec,
  })
  await write(request, 'POST', `/api/compute/api/v2/instances/${instanceId}/stop`)
  await write(request, 'POST', `/api/compute/api/v2/instances/${instanceId}/snapshot`, {
    metadata: { name: `${name}-snap` },
  })

  const identity = `/api/identity/api/v1/organizations/${ORG}`
  const project = await write(request, 'POST', `${identity}/projects`, {
    metadata: { name: `${name}-project` },
    spec: { groupIDs: [] },
  })
  const projectId = project.body.metadata!.id
  await write(request, 'PUT', `${identity}/projects/${projectId}`, {
    metadata: { name: `${name}-project`, description: 'edited' },
    spec: { groupIDs: [] },
  })
  const user = await write(request, 'POST', `${identity}/users`, {
    metadata: { name: `${name}-user` },
    spec: { subject: `${name}@acme.example`, state: 'active', groupIDs: [] },
  })
  const userId = user.body.metadata!.id
  await write(request, 'PUT', `${identity}/users/${userId}`, {
    metadata: { name: `${name}-user` },
    spec: { subject: `${name}@acme.example`, state: 'suspended', groupIDs: [] },
  })

  await write(request, 'DELETE', `/api/compute/api/v2/instances/${instanceId}`)
  await write(request, 'DELETE', `/api/region/api/v2/filestorage/${storageId}`)
  await write(request, 'DELETE', `/api/region/api/v2/securitygroups/${groupId}`)
  await write(request, 'DELETE', `/api/region/api/v2/networks/${networkId}`)
  const imageName = `${name}-image`
  const image = await write(request, 'POST', `${catalog}/images`, {
    metadata: { name: imageName },
    spec: {
      uri: `https://example.com/buckets/myimages/${imageName}.raw`,
      architecture: 'x86_64',
      virtualization: 'virtualized',
      os: { kernel: 'linux', family: 'debian', distro: 'ubuntu', variant: 'server', version: '24.04' },
    },
  })
  const importedId = image.body.metadata!.id

  await write(request, 'DELETE', `${identity}/projects/${projectId}`)
  await write(request, 'DELETE', `${identity}/users/${userId}`)
  await write(request, 'DELETE', `${catalog}/images/${importedId}`)

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click()
  await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible()
  for (const [noun, made] of [
    ['network', network],
    ['security group', group],
    ['file storage', storage],
    ['instance', instance],
    ['project', project],
  ] as const) {
    const { id, name: madeName } = made.body.metadata!
    await expectListed(page, new RegExp(`Create ${noun} ${escaped(madeName ?? id)}`))
    await expectListed(page, new RegExp(`Change ${noun} .*PUT \\S*/${id}(?!/)`))
    await expectListed(page, new RegExp(`Delete ${noun} .*DELETE \\S*/${id}(?!/)`))
  }
  // A user by its subject (the platform answers its name as "undefined"), added as its form says; deleted, by the
  // subject the list gave before the delete, and its id.
  const subject = escaped(`${name}@acme.example`)
  await expectListed(page, new RegExp(`Add user ${subject}`))
  await expectListed(page, new RegExp(`Change user ${subject}.*PUT \\S*/${userId}(?!/)`))
  await expectListed(page, new RegExp(`Delete user ${subject} \\(${userId}\\)`))
  // An import by the image it made, not the region its path names.
  await expectListed(page, new RegExp(`Import image ${escaped(imageName)} \\(${importedId}\\)`))
  await expectListed(page, new RegExp(`Delete image ${escaped(imageName)} \\(${importedId}\\)`))
  await expect(page.getByText(new RegExp(`Create image ${EU_WEST_1}|user undefined`))).toHaveCount(0)
  await expectListed(page, new RegExp(`Stop instance .*/${instanceId}/stop`))
  await expectListed(page, new RegExp(`Snapshot instance .*/${instanceId}/snapshot`))
})

test("a network made, edited and deleted with the console's own forms is on the Activity page, each step", async ({
  page,
}) => {
  const name = unique('audit-form')
  await signInAsDemo(page, '/networks/new')
  await page.getByLabel('Name').fill(name)
  await choose(page, 'Project')
  await choose(page, 'Region')
  await page.getByLabel('Prefix').fill('10.127.0.0/24')
  await page.getByRole('button', { name: 'Create network' }).click()
  await expect(page.getByRole('heading', { name, exact: true, level: 1 })).toBeVisible()
  await expect(page.getByText('provisioned').first()).toBeVisible({ timeout: 15_000 })

  await page.getByRole('link', { name: 'Edit' }).click()
  await page.getByRole('button', { name: 'Add DNS server' }).click()
  await page.getByLabel('DNS server 1', { exact: true }).fill('9.9.9.9')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('9.9.9.9')).toBeVisible()

  await page.getByRole('button', { name: 'Delete' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete network' })
  await dialog.getByLabel(`Type ${name} to confirm`).fill(name)
  await dialog.getByRole('button', { name: 'Delete network' }).click()
  await expect(page.getByRole('heading', { name: 'Networks', level: 1 })).toBeVisible()

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click()
  await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible()
  for (const verb of ['Create', 'Change', 'Delete'])
    await expectListed(page, new RegExp(`${verb} network ${escaped(name)}`))
})

// The page listed the newest 200 changes and said so, with no way to read further back. In the second organization,
// whose log no other test reads: 210 refused creates (a name the platform refuses) leave nothing behind but entries.
test('the activity page reads back past its newest 200 changes, 200 at a time, none twice', async ({ page }) => {
  await signInWithToken(page, SECOND_ORG_TOKEN, '/activity')
  const refuse = async () => {
    const res = await page.request.post(`/api/identity/api/v1/organizations/${GLOBEX_ORG_ID}/projects`, {
      headers: HEADERS,
      data: { metadata: { name: 'Not a name!' }, spec: { groupIDs: [] } },
    })
    expect(res.status()).toBe(400)
  }
  for (let batch = 0; batch < 21; batch++) await Promise.all(Array.from({ length: 10 }, refuse))

  await page.goto('/activity?outcome=failed')
  const count = page.getByText(/^[\d,]+ changes/)
  await expect(count).toContainText(', the newest 200 shown')
  const total = Number((await count.textContent())!.match(/^[\d,]+/)![0].replace(/,/g, ''))
  expect(total).toBeGreaterThanOrEqual(210)
  const rows = page.getByRole('table', { name: /^Changes made through this console/ }).locator('tbody tr')
  await expect(rows).toHaveCount(200)

  await page.getByRole('button', { name: 'Show older changes' }).click()
  const shown = Math.min(total, 400)
  await expect(rows).toHaveCount(shown)
  if (shown === total) {
    await expect(count).toHaveText(`${total} changes`)
    await expect(page.getByRole('button', { name: 'Show older changes' })).toHaveCount(0)
  }
  const traces = await page.getByRole('table').getByLabel('Trace id').allTextContents()
  expect(new Set(traces).size).toBe(shown)
})

// A write the console sent but never saw answered (the console stopped in between, or the answer never came) was
// missing from the log, or read as failed. It is kept before it is sent, and the page says its outcome is not known.
test('the activity page says a write whose answer the console has not seen may have been carried out', async ({
  page,
}) => {
  const projects = `/identity/api/v1/organizations/${ORG}/projects`
  const create = { method: 'POST', path: `/local${projects}` }
  await openWithCallsHung(page, page.request, '/activity', [create])
  const name = unique('unanswered')
  // The platform holds the create, sent from a second tab; closing that tab gives up on it, as a browser does.
  const tab = await page.context().newPage()
  await tab.goto('/activity')
  await tab.evaluate(
    ({ path, body }) =>
      void fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'cloud-console' },
        body: JSON.stringify(body),
      }).catch(() => undefined),
    { path: `/api${projects}`, body: { metadata: { name }, spec: { groupIDs: [] } } },
  )

  const row = page.getByRole('row').filter({ hasText: `Create project ${name}` })
  await expect(async () => {
    await page.reload()
    await expect(row).toBeVisible()
  }).toPass({ timeout: 30_000 })
  await expect(row).toContainText('Outcome unknown')
  await expect(row).toContainText('the console has no record of its answer')
  await expect(row.getByRole('link')).toHaveCount(0)

  await tab.close()
  await expect(async () => {
    await page.reload()
    await expect(row).toContainText('499')
  }).toPass({ timeout: 30_000 })
  await expect(row).toContainText('Outcome unknown')
  await expect(row).toContainText('The console did not get the platform’s answer: it may have been carried out.')
  await choose(page, 'Outcome', 'Outcome unknown')
  await expect(row).toHaveCount(1)
  await expectAccessible(page)
})

import { expect, test } from './fixtures'
import { choose, signInAsDemo, unique } from './helpers'

// A refusal said 1,000 px above the button on Create instance: focus and scroll must go to it, clear of the fixed
// header, and the input stays. Refused by the real local cloud, never by a stubbed route.
interface NetworkAnswer {
  metadata: { id: string; name: string; organizationId: string; projectId: string; provisioningStatus?: string }
  status: { regionId: string }
}

const CSRF = { 'X-Requested-With': 'cloud-console' }

test('a refused Create instance moves focus and scroll to the refused field, below the fixed header', async ({
  page,
  allowConsole,
}) => {
  // The browser logs the refused request itself.
  allowConsole(/status of 400/)
  await signInAsDemo(page, '/instances/new')
  await page.setViewportSize({ width: 1440, height: 900 })

  // A refusal from the platform itself, far from the button: the chosen network is deleted (by a colleague, say)
  // between choosing it and submitting. A network of this test's own, beside the sandbox one.
  const listed = await page.request.get('/api/region/api/v2/networks')
  const sandbox = ((await listed.json()) as NetworkAnswer[]).find((n) => n.metadata.name.startsWith('sandbox'))
  expect(sandbox).toBeDefined()
  const name = unique('doomed')
  const created = await page.request.post('/api/region/api/v2/networks', {
    headers: CSRF,
    data: {
      metadata: { name },
      spec: {
        organizationId: sandbox!.metadata.organizationId,
        projectId: sandbox!.metadata.projectId,
        regionId: sandbox!.status.regionId,
        prefix: `10.${200 + Math.floor(Math.random() * 50)}.${Math.floor(Math.random() * 250)}.0/24`,
        dnsNameservers: [],
      },
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const network = (await created.json()) as NetworkAnswer

  await choose(page, 'Project', 'sandbox')
  await choose(page, 'Region', 'eu-west-1')
  await choose(page, 'Network', name)
  await page
    .getByRole('table', { name: /^Flavor/ })
    .getByRole('radio', { name: 'c1.small' })
    .check()
  await choose(page, 'Image')
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('refused-vm')

  const deleted = await page.request.delete(`/api/region/api/v2/networks/${network.metadata.id}`, { headers: CSRF })
  expect(deleted.ok(), await deleted.text()).toBe(true)
  const submit = page.getByRole('button', { name: 'Create instance' })
  await submit.scrollIntoViewIfNeeded()
  await submit.click()

  // The platform's sentence names the network, so it lands at the Network field, 1,000 px above the button.
  const field = page.getByRole('main').getByRole('combobox', { name: 'Network', exact: true })
  await expect(field).toHaveAccessibleDescription(/network does not exist in the project/i)
  await expect(field).toBeFocused()
  await expect(field).toBeInViewport()
  // Scrolling is smooth: wait until it settles, then the field's top is below the header's bottom.
  await expect
    .poll(async () => {
      const header = await page.locator('header').first().boundingBox()
      const box = await field.boundingBox()
      return Boolean(header && box && box.y >= header.y + header.height)
    })
    .toBe(true)
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('refused-vm')
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).not.toHaveAttribute('aria-invalid', 'true')
})

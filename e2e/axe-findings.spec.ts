import { expect, test } from './fixtures'
import { expectAccessible, signInAsDemo, unique } from './helpers'
import { ACME_ORG_ID } from '../server/local-cloud/catalog/ids'

for (const width of [1440, 390])
  test(`Activity listing a change, and the palette open on its results, are axe-clean in both schemes at ${width} px`, async ({
    page,
  }) => {
    await signInAsDemo(page, '/')
    await page.setViewportSize({ width, height: width > 400 ? 900 : 844 })
    const name = unique('axe')
    const made = await page.request.post(`/api/identity/api/v1/organizations/${ACME_ORG_ID}/projects`, {
      data: { metadata: { name }, spec: { groupIDs: [] } },
      headers: { 'X-Requested-With': 'cloud-console' },
    })
    expect(made.status()).toBe(202)
    await page.goto('/activity')
    await expect(page.getByRole('row').filter({ hasText: name }).getByRole('link', { name })).toBeVisible()
    await expectAccessible(page)

    await page.keyboard.press('ControlOrMeta+K')
    const search = page.getByRole('textbox', { name: 'Search the console' })
    await expect(search).toBeFocused()
    await search.fill('e')
    await expect(page.getByRole('dialog').getByRole('button').nth(8)).toBeVisible()
    await expectAccessible(page)
  })

import { expect, test } from './fixtures'
import { expectAccessible, narrowToPhone, openInApp, signInAsDemo, unique } from './helpers'
import { ACME_ORG_ID } from '../server/local-cloud/catalog/ids'

// Activity listing a change at 1440 px is activity.spec.ts's own axe check; the phone's Activity and the palette open
// on many results at both widths are read here, on one page load.
test('Activity listing a change at 390 px, and the palette open on its results at 390 and 1440 px, are axe-clean in both schemes', async ({
  page,
}) => {
  // Three axe passes in two schemes each, some 24 s alone on the machine: room for a loaded gate.
  test.setTimeout(90_000)
  await signInAsDemo(page, '/')
  await narrowToPhone(page)
  const name = unique('axe')
  const made = await page.request.post(`/api/identity/api/v1/organizations/${ACME_ORG_ID}/projects`, {
    data: { metadata: { name }, spec: { groupIDs: [] } },
    headers: { 'X-Requested-With': 'cloud-console' },
  })
  expect(made.status()).toBe(202)
  await openInApp(page, '/activity')
  await expect(page.getByRole('row').filter({ hasText: name }).getByRole('link', { name })).toBeVisible()
  await expectAccessible(page)

  const search = page.getByRole('textbox', { name: 'Search the console' })
  for (const width of [390, 1440]) {
    await test.step(`the palette at ${width} px`, async () => {
      if (width > 400) {
        await page.setViewportSize({ width, height: 900 })
        await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
      }
      await page.keyboard.press('ControlOrMeta+K')
      await expect(search).toBeFocused()
      await search.fill('e')
      await expect(page.getByRole('dialog').getByRole('button').nth(8)).toBeVisible()
      await expectAccessible(page)
      await page.keyboard.press('Escape')
      await expect(search).toBeHidden()
    })
  }
})

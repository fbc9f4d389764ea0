import { expect, test } from './fixtures'
import { choose, expectAccessible, signInAsDemo, unique } from './helpers'

for (const width of [1440, 1024]) {
  test(`the activity page lists a change made through the console, links to it, and passes axe at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    await signInAsDemo(page, '/')
    const name = unique('activity')
    const made = await page.request.post('/api/identity/api/v1/organizations/acme-ai/projects', {
      data: { metadata: { name }, spec: { groupIDs: [] } },
      headers: { 'X-Requested-With': 'cloud-console' },
    })
    expect(made.status()).toBe(202)

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click()
    await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible()
    await expect(page.getByText('Changes made with other clients')).toBeVisible()
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
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  })
}

import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { TEST_HOOK_CALLER } from './helpers'

/**
 * The console server refuses this browser's next `count` reads as if it were at its limit (503 with Retry-After: its
 * test hook, server/app.ts), and no one else's.
 */
async function refuseReads(page: Page, count: number) {
  const answer = await page.request.post('/console/testing/refuse-reads', {
    data: { count },
    headers: TEST_HOOK_CALLER,
  })
  expect(answer.status(), await answer.text()).toBe(204)
}

test('a busy console says it is asking again, then shows the list, and keeps what was typed', async ({
  page,
  allowConsole,
}) => {
  allowConsole(/status of 503 \(Service Unavailable\)/)
  const signedIn = await page.request.post('/console/session', {
    data: { demo: true },
    headers: { 'X-Requested-With': 'cloud-console' },
  })
  expect(signedIn.ok()).toBe(true)
  const busy = page.getByRole('status').filter({ hasText: 'The console is busy' })

  // The first screen's reads are refused: the page says so, and shows the list once asked again.
  await refuseReads(page, 3)
  await page.goto('/networks')
  await expect(busy).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('table', { name: 'Networks' })).toBeVisible({ timeout: 30_000 })
  await expect(busy).toBeHidden()

  // A search typed, then a tag filter whose read is refused: the search is still as typed while the page asks again.
  const search = page.getByRole('combobox', { name: 'Search' })
  await search.fill('a')
  await refuseReads(page, 2)
  await page.getByRole('combobox', { name: 'Tags' }).fill('env=production')
  await page.getByRole('combobox', { name: 'Tags' }).press('Enter')
  await expect(busy).toBeVisible()
  await expect(search).toHaveValue('a')
  await expect(page).toHaveURL(/tag=/)
  await expect(busy).toBeHidden({ timeout: 15_000 })
  await expect(search).toHaveValue('a')
  await expect(page.getByRole('table', { name: 'Networks' })).toBeVisible()
})

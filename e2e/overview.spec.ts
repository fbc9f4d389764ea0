import { expect, test } from './fixtures'
import { expectAccessible, signInAsDemo, signInWithToken } from './helpers'

test('the overview opens at /, counts link to their lists, and it is accessible', async ({ page }) => {
  await signInAsDemo(page, '/')
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()
  await expect(
    page.getByRole('region', { name: 'Needs attention' }).getByRole('link', { name: 'gpu-smoke-test' }),
  ).toBeVisible()
  await expect(page.getByRole('table', { name: 'Instances by flavor' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Quota use' }).getByRole('progressbar').first()).toBeVisible()
  await expect(page.getByRole('list', { name: 'Text' }).getByRole('listitem')).toHaveCount(5)
  await expectAccessible(page)

  // At 1440 px the eight count tiles are narrow: the instances' states read whole ("14 running · 4 s…" was cut).
  const states = page.getByRole('link', { name: /^Instances \d+/ }).getByText(/^\d+\srunning · \d+\sstopped$/)
  await expect(states).toBeVisible()
  expect(
    await states.evaluate((element) => ({
      cutAcross: element.scrollWidth > element.clientWidth,
      cutBelow: element.scrollHeight > element.clientHeight,
    })),
  ).toEqual({ cutAcross: false, cutBelow: false })

  // At 1024 px a quota's figures read on one line ("106,596 of 262,144" once broke after "of").
  await page.setViewportSize({ width: 1024, height: 768 })
  const figures = page.getByRole('region', { name: 'Quota use' }).getByText(/^[\d,]+ of [\d,]+$/)
  await expect(figures.first()).toBeVisible()
  const lines = await figures.evaluateAll((elements) =>
    elements.map((element) => {
      const range = document.createRange()
      range.selectNodeContents(element)
      return new Set([...range.getClientRects()].map((line) => Math.round(line.top))).size
    }),
  )
  expect(lines.filter((count) => count > 1)).toEqual([])

  await page.getByRole('link', { name: /^Instances \d+/ }).click()
  await expect(page).toHaveURL(/\/instances\?project=all&region=all$/)
  await expect(page.getByRole('table', { name: 'Instances' })).toBeVisible()
})

test('a member whose roles do not include people reads that on the overview, not a failure to load', async ({
  page,
  allowConsole,
}) => {
  // The overview asks for every count at once, as the page loads, before the member's roles have arrived: the
  // platform refuses the people lists with 403, which the browser logs.
  allowConsole(/status of 403 \(Forbidden\).*\/(users|serviceaccounts|groups)\)/)
  // Sam Okafor, a reader in the demo organization (LOCAL_CLOUD_MEMBER_TOKEN in playwright.config.ts).
  await signInWithToken(page, 'e2e-member-token', '/')
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()
  for (const label of ['Users', 'Service accounts', 'Groups']) {
    const tile = page.getByRole('link', { name: new RegExp(`^${label}`) })
    await expect(tile, label).toContainText('Your roles do not include these')
  }
  await expect(page.getByText('Could not load')).toHaveCount(0)
})

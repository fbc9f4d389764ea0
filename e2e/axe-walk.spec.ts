import { expect, type Page } from '@playwright/test'
import { test } from './fixtures'
import { expectAccessible, openInApp, signInAsDemo } from './helpers'

/**
 * Every page of the navigation with its list populated, a detail page and an edit form of each resource that has
 * them, and the forms without a list of their own: axe finds nothing serious or critical, in light and in dark. The
 * walk goes through the router (openInApp), so axe's engine is parsed once per width.
 */
const everywhere = '?project=all&region=all'
const pages: { path: string; detail?: boolean; edit?: boolean }[] = [
  { path: '/' },
  { path: '/activity' },
  { path: `/networks${everywhere}`, detail: true, edit: true },
  { path: `/security-groups${everywhere}`, detail: true, edit: true },
  { path: `/file-storage${everywhere}`, detail: true, edit: true },
  { path: `/instances${everywhere}`, detail: true, edit: true },
  { path: '/flavors' },
  { path: '/images', detail: true },
  { path: '/users', detail: true, edit: true },
  { path: '/service-accounts', detail: true, edit: true },
  { path: '/projects', detail: true, edit: true },
  { path: '/groups', detail: true, edit: true },
  { path: '/organization', edit: true },
  { path: '/models' },
  { path: '/playground' },
  { path: '/images/new' },
  { path: '/networks/new' },
  { path: '/instances/new' },
  { path: '/file-storage/new' },
  { path: '/users/new' },
  { path: '/projects/new' },
]

const main = (page: Page) => page.getByRole('main')

/** Waits for the page's heading (a list's rows are waited for below). */
async function settled(page: Page) {
  await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible()
}

for (const width of [1440, 390])
  test(`every page is axe-clean in light and dark at ${width} px`, async ({ page }) => {
    test.setTimeout(300_000)
    await signInAsDemo(page, '/')
    await page.setViewportSize({ width, height: width > 400 ? 900 : 844 })
    for (const { path, detail, edit } of pages) {
      await test.step(path, async () => {
        await openInApp(page, path)
        await settled(page)
        const rows = main(page).getByRole('row')
        if (detail) await expect(rows.nth(1)).toBeVisible()
        await expectAccessible(page)
        if (detail) {
          const list = page.url()
          await rows.nth(1).getByRole('link').first().click()
          await expect(page).not.toHaveURL(list)
          await settled(page)
          await expectAccessible(page)
        }
        if (edit) {
          const editLink = main(page).getByRole('link', { name: 'Edit', exact: true })
          await editLink.click()
          await expect(main(page).getByRole('button', { name: /^Save/ })).toBeVisible()
          await expectAccessible(page)
        }
      })
    }
  })

import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { expectAccessible, openInApp, signInAsDemo } from './helpers'
import { navLabel, resources, type Resource } from '../src/lib/resources'

/**
 * Every page of the navigation with its list populated, each kind's detail page and edit form where it has them (from
 * the kinds' declarations, so a new kind is walked without a line here), and the forms and pages without a list of
 * their own: axe finds nothing serious or critical, in light and in dark. The walk goes through the router
 * (openInApp), so axe's engine is parsed once per walk.
 *
 * At a phone's width every page is walked again, but one kind's detail page and edit form stand for all: they are one
 * column there, the same components in the same order, where the lists fold their filters each in its own way. And
 * in light only: a width changes the layout, not a colour, and the dark scheme's colours were read at 1440 px on the
 * same components (the phone's menu button and folded filters are buttons of the same variants).
 */
const everywhere = '?project=all&region=all'
/** A list page, and the table whose first item's page the walk opens. */
type Walked = { path: string; table?: string; detail?: boolean; edit?: boolean }
const declared = Object.values(resources as Record<string, Resource>)
const walked = (nav: Resource['nav']): Walked[] =>
  declared
    .filter((kind) => kind.nav === nav)
    .map((kind) => ({
      path: `/${kind.path}${kind.api && kind.api.lives !== 'organization' ? everywhere : ''}`,
      table: navLabel(kind),
      detail: Boolean(kind.page),
      edit: Boolean(kind.edit),
    }))
const others: Walked[] = [
  { path: '/' },
  { path: '/activity' },
  { path: '/models' },
  { path: '/playground' },
  ...['images', 'networks', 'instances', 'file-storage', 'users', 'projects'].map((kind) => ({ path: `/${kind}/new` })),
]
const PHONE_STANDS_FOR_ALL = `/networks${everywhere}`
const everyKind = [...walked('Infrastructure'), ...walked('Identity')]
// The wide walk in two, so that no one test of it is still running alone at the tier's end.
const walks: { width: number; part: string; pages: Walked[] }[] = [
  { width: 1440, part: 'infrastructure', pages: walked('Infrastructure') },
  { width: 1440, part: 'identity and the rest', pages: [...walked('Identity'), ...others] },
  {
    width: 390,
    part: 'every page',
    pages: [...everyKind.map((kind) => (kind.path === PHONE_STANDS_FOR_ALL ? kind : { path: kind.path })), ...others],
  },
]

const main = (page: Page) => page.getByRole('main')

/** Waits for the page's heading (a list's rows are waited for below). */
async function settled(page: Page) {
  await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible()
}

for (const { width, part, pages } of walks)
  test(`${part}: axe-clean in ${width < 400 ? 'light' : 'light and dark'} at ${width} px`, async ({ page }) => {
    test.setTimeout(300_000)
    await signInAsDemo(page, '/')
    const phone = width < 400
    await page.setViewportSize({ width, height: phone ? 844 : 900 })
    for (const { path, table, detail, edit } of pages) {
      await test.step(path, async () => {
        await openInApp(page, path)
        await settled(page)
        const rows = (table ? main(page).getByRole('table', { name: table }) : main(page)).getByRole('row')
        if (detail) await expect(rows.nth(1)).toBeVisible()
        await expectAccessible(page, { lightOnly: phone })
        if (detail) {
          const list = page.url()
          await rows.nth(1).getByRole('link').first().click()
          await expect(page).not.toHaveURL(list)
          await settled(page)
          await expectAccessible(page, { lightOnly: phone })
        }
        if (edit) {
          const editLink = main(page).getByRole('link', { name: 'Edit', exact: true })
          await editLink.click()
          await expect(main(page).getByRole('button', { name: /^Save/ })).toBeVisible()
          await expectAccessible(page, { lightOnly: phone })
        }
      })
    }
  })

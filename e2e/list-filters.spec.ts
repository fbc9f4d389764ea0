import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { signInAsDemo } from './helpers'

/**
 * Holds the list filters' chunk (src/components/list/lazy-filter-inputs.tsx) from `hold()` until `release()`: the page
 * shows its stand-ins meanwhile. Routing turns the browser's cache off, so the chunk is asked for at each load. One
 * route for the whole test, set before the first load and never taken off: a request the page made while the route
 * was being taken off could stay paused for good (a module the filters import, asked for as the held chunk was let
 * go, never arrived, and the filters never came).
 */
async function filterInputsGate(page: Page) {
  let released = Promise.resolve()
  let release = () => {}
  await page.route(/\/assets\/FilterInputs-[\w-]+\.js$/, async (route) => {
    await released
    await route.continue()
  })
  return {
    hold: () => void (released = new Promise<void>((resolve) => (release = resolve))),
    release: () => release(),
  }
}

/**
 * Where each box of the filter bar (the search field's row) is, and the table's top edge. On a phone the filters are
 * in the panel the Filters button opens, below the search.
 */
function filterBarLayout(page: Page) {
  // A combobox on the resource lists, where it completes typed filters; a text box on the catalogs.
  const search = page.getByRole('combobox', { name: 'Search' }).or(page.getByRole('textbox', { name: 'Search' }))
  return search.evaluate((search) => {
    const row = search.closest('[data-filter-bar]')!
    const folded = row.querySelector(':scope > button[aria-controls]')?.getAttribute('aria-controls')
    const bar = folded ? document.getElementById(folded)! : row
    // The filters' fields, and the search's, which stands in a box of its own (where its completions open).
    const fields = ':scope > .mantine-InputWrapper-root, :scope > * > .mantine-InputWrapper-root'
    const boxes = [...bar.querySelectorAll(fields)].map((box) => {
      const { x, y, width, height } = box.getBoundingClientRect()
      return { x, y, width, height }
    })
    return { boxes, tableTop: document.querySelector('main table')!.getBoundingClientRect().top }
  })
}

test('the list filters stand in their place before their chunk arrives, and a click on one then opens it', async ({
  page,
}) => {
  // A click on a stand-in is not lost: the filter opens once it has arrived.
  const filterInputs = await filterInputsGate(page)
  await signInAsDemo(page, '/networks')
  filterInputs.hold()
  await page.reload()
  await page.getByPlaceholder('All regions').click()
  filterInputs.release()
  await expect(page.getByRole('option').first()).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Regions' })).toBeFocused()

  // Picked values show as pills, which can take a filter to two lines: a region and a tag, picked in the filters.
  await page.getByRole('option').first().click()
  await page.getByRole('combobox', { name: 'Tags' }).fill('env=production')
  await page.getByRole('combobox', { name: 'Tags' }).press('Enter')
  await expect(page).toHaveURL(/tag=/)
  const filtered = page.url()

  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 })
    filterInputs.hold()
    await page.goto(filtered)
    await expect(page.getByRole('table', { name: 'Networks' })).toBeVisible()
    // Stand-ins are hidden from assistive technology: no filter can be found by its role yet.
    await expect(page.getByRole('combobox', { name: 'Tags' })).toHaveCount(0)
    // On a phone the filters (a region and a tag here) fold behind one button.
    if (width < 576) await page.getByRole('button', { name: 'Filters, 2 set' }).click()
    const standIns = await filterBarLayout(page)
    // The search and three filters in one row; on a phone the three filters in the panel.
    expect(standIns.boxes).toHaveLength(width < 576 ? 3 : 4)
    filterInputs.release()
    await expect(page.getByRole('combobox', { name: 'Tags' })).toBeVisible()
    expect(await filterBarLayout(page), `at ${width} px`).toEqual(standIns)
  }
})

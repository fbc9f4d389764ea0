import type { Locator } from '@playwright/test'
import { expect, test } from './fixtures'
import { narrowToPhone, openInApp, signInAsDemo } from './helpers'

// The infrastructure pages looked at beside Oxide's console at 1440, 1024 and 390 px: what looked unfinished there.

/** The top edge of each box, rounded: boxes on one line share it. */
const tops = (boxes: Locator) =>
  boxes.evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().top)))

test('at 1440 px a list’s filters stand in one row, a page’s actions beside its heading, a table’s headings on one line', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  // Search, project, region, tag and the page's own network filter: the network filter had a line of its own.
  await signInAsDemo(page, '/security-groups?project=all&region=all')
  await expect(page.getByRole('table', { name: 'Security groups' })).toBeVisible()
  const filters = page.locator('[data-filter-bar] > .mantine-InputWrapper-root')
  await expect(filters).toHaveCount(5)
  expect(new Set(await tops(filters)).size).toBe(1)

  // A page's actions stand on the right of its heading, a long description wrapping beside them: the images' region
  // and Import stood under their description, where the flavors' region stands on the right.
  await openInApp(page, '/images?region=eu-west-1')
  const importLink = await page.getByRole('link', { name: 'Import image' }).boundingBox()
  const description = await page.getByText('What an instance boots from in a region').boundingBox()
  expect(importLink!.y).toBeLessThan(description!.y + description!.height)

  await openInApp(page, '/flavors?view=table')
  const headings = page.getByRole('table', { name: 'Flavors', exact: true }).locator('thead th')
  await expect(headings.first()).toBeVisible()
  // The heading's text, its sort arrow beside it: one line each, as tall as the others ("GPU memory" took two).
  const lines = await headings.evaluateAll((cells) =>
    cells
      .filter((cell) => !cell.querySelector('.mantine-VisuallyHidden-root'))
      .map(
        (cell) => `${cell.textContent}: ${Math.round((cell.firstElementChild ?? cell).getBoundingClientRect().height)}`,
      ),
  )
  const heights = new Set(lines.filter((line) => !line.startsWith('CPU family')).map((line) => line.split(': ')[1]))
  expect(heights.size, lines.join(', ')).toBe(1)
})

test('at 1024 px image names read on one line, and a detail page’s Edit and Delete stay together', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 })
  await signInAsDemo(page, '/images?region=eu-west-1')
  const names = page.getByRole('table', { name: 'Images' }).getByRole('link')
  await expect(names.first()).toBeVisible()
  // A name broken at its hyphens is an inline box of several lines ("ubuntu-24.04-cuda-12.8-driver-570" took three).
  const broken = await names.evaluateAll((links) =>
    links.filter((link) => link.getClientRects().length > 1).map((link) => link.textContent),
  )
  expect(broken).toEqual([])

  // An instance's eight actions fill more than a line: Edit and Delete go to the next one together, not Delete alone.
  await openInApp(page, '/instances?project=all&region=all')
  await page.getByRole('table', { name: 'Instances' }).getByRole('link', { name: 'embeddings-mi300x' }).click()
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { name: 'embeddings-mi300x', level: 1 })).toBeVisible()
  const [edit, remove] = await tops(
    main.getByRole('link', { name: 'Edit', exact: true }).or(main.getByRole('button', { name: 'Delete', exact: true })),
  )
  expect(remove).toBe(edit)
})

test('on a 390 px phone a security group’s rule, cut in its column, shows whole on hover and on focus', async ({
  page,
}) => {
  await signInAsDemo(page, '/security-groups?project=all&region=all')
  await page.getByRole('table', { name: 'Security groups' }).getByRole('link', { name: 'allow-ssh' }).click()
  await expect(page.getByRole('heading', { name: 'allow-ssh', level: 1 })).toBeVisible()
  await narrowToPhone(page)
  const rule = page.getByRole('table', { name: 'Rules', exact: true }).getByText('Allow inbound TCP 22 from anywhere')
  await expect(rule).toBeVisible()
  expect(await rule.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true)
  const whole =
    'Allow inbound TCP 22 from anywhere. Open to the whole internet (0.0.0.0/0) on TCP port 22. Narrow the range to the addresses that need it.'
  await rule.hover()
  await expect(page.getByRole('tooltip')).toHaveText(whole)
  await page.mouse.move(0, 0)
  await expect(page.getByRole('tooltip')).toHaveCount(0)
  // Reached from the keyboard, past the table's scrolling box (a tooltip opens on keyboard focus).
  await page.getByRole('textbox', { name: 'Search rules' }).focus()
  for (let tab = 0; tab < 4 && !(await rule.evaluate((element) => element === document.activeElement)); tab++)
    await page.keyboard.press('Tab')
  await expect(rule).toBeFocused()
  await expect(page.getByRole('tooltip')).toHaveText(whole)
})

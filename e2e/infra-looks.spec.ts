import type { Locator } from '@playwright/test'
import { axeViolations } from './axe'
import { expect, test } from './fixtures'
import {
  answerNext,
  expectAccessible,
  narrowToPhone,
  openInApp,
  setColorScheme,
  signInAsDemo,
  signInAsOwnCaller,
} from './helpers'
import { EU_WEST_1 } from '../server/local-cloud/catalog/ids'

// The infrastructure pages looked at beside Oxide's console at 1440, 1024 and 390 px: what looked unfinished there.

/** The top edge of each box, rounded: boxes on one line share it. */
const tops = (boxes: Locator) =>
  boxes.evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().top)))

test('at 1024 px image names read on one line and Edit and Delete stay together; at 1440 px filters stand in one row, actions beside the heading, table headings on one line', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 })
  await signInAsDemo(page, `/images?region=${EU_WEST_1}`)

  await test.step('at 1024 px image names read on one line, and a detail page’s Edit and Delete stay together', async () => {
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
      main
        .getByRole('link', { name: 'Edit', exact: true })
        .or(main.getByRole('button', { name: 'Delete', exact: true })),
    )
    expect(remove).toBe(edit)
  })

  await test.step('at 1440 px a list’s filters stand in one row, a page’s actions beside its heading, a table’s headings on one line', async () => {
    await page.setViewportSize({ width: 1440, height: 900 })
    // Search, project, region, tag and the page's own network filter: the network filter had a line of its own.
    await openInApp(page, '/security-groups?project=all&region=all')
    await expect(page.getByRole('table', { name: 'Security groups' })).toBeVisible()
    // The search stands in a box of its own, where its completions open.
    const filters = page.locator(
      '[data-filter-bar] > .mantine-InputWrapper-root, [data-filter-bar] > * > .mantine-InputWrapper-root',
    )
    await expect(filters).toHaveCount(5)
    // Asked until the page answers: widened, the filters stand in one row once the page has seen the new width.
    await expect.poll(async () => new Set(await tops(filters)).size).toBe(1)

    // Every page in the navigation has its kind's icon, each its own drawing, and the page's title shows the drawing
    // its link shows: the navigation and the titles were words alone.
    const navigation = page.getByRole('navigation', { name: 'Main' })
    const drawings = (icons: Locator) => icons.evaluateAll((svgs) => svgs.map((svg) => svg.innerHTML))
    const links = navigation.getByRole('link')
    await expect(navigation.locator('a svg')).toHaveCount(await links.count())
    const icons = await drawings(navigation.locator('a svg'))
    expect(new Set(icons).size).toBe(icons.length)
    const current = await drawings(navigation.locator('a[aria-current="page"] svg'))
    await expect(
      page.getByRole('heading', { level: 1, name: 'Security groups' }).locator('xpath=..').locator('svg'),
    ).toHaveCount(1)
    expect(await drawings(page.getByRole('heading', { level: 1 }).locator('xpath=..').locator('svg'))).toEqual(current)

    // A page's actions stand on the right of its heading, a long description wrapping beside them: the images' region
    // and Import stood under their description, where the flavors' region stands on the right.
    await openInApp(page, `/images?region=${EU_WEST_1}`)
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
          (cell) =>
            `${cell.textContent}: ${Math.round((cell.firstElementChild ?? cell).getBoundingClientRect().height)}`,
        ),
    )
    const heights = new Set(lines.filter((line) => !line.startsWith('CPU family')).map((line) => line.split(': ')[1]))
    expect(heights.size, lines.join(', ')).toBe(1)
  })
})

// Pages on a phone, reached through the router after one page load. Signed in with a caller of the test's own, whose
// console session the instance's step answers (answerNext).
test('on a 390 px phone the flavors’ filters fold, the images list fits, a security group’s cut rule shows whole, and an instance’s actions fit a row', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000)
  // Signed in first: on a phone the navigation the sign-in waits for is in the drawer.
  await signInAsOwnCaller(page, '/flavors?view=cards')
  await narrowToPhone(page)

  await test.step('on a 390 px phone the flavors’ filters fold behind one button and the first card shows whole', async () => {
    const main = page.getByRole('main')
    const cards = main.getByRole('region', { name: 'Flavors' }).getByRole('article')
    await expect(cards.first()).toBeVisible()
    // Five controls one per line put the first card's top at the screen's foot. Asked until the page answers: narrowed
    // to a phone, the filters fold once the page has seen the new width, and a box read before that is the wide one's.
    await expect
      .poll(async () => {
        const card = await cards.first().boundingBox()
        return card ? card.y + card.height : Infinity
      })
      .toBeLessThanOrEqual(844)
    await expect(main.getByLabel('GPU count')).toHaveCount(0)

    const filters = main.getByRole('button', { name: 'Filters' })
    await filters.click()
    await expect(filters).toHaveAttribute('aria-expanded', 'true')
    await main.getByRole('radiogroup', { name: 'Flavor type' }).getByText('GPU', { exact: true }).click()
    await expect(main.getByRole('button', { name: 'Filters, 1 set' })).toBeVisible()
    await expect(main.getByText(/^\d+ of 19 flavors$/)).toBeVisible()
  })

  await test.step('on a 390 px phone the images list fits the screen, each image a row of two lines', async () => {
    await openInApp(page, `/images?region=${EU_WEST_1}`)
    const table = page.getByRole('table', { name: 'Images' })
    await expect(table.getByRole('link', { name: 'ubuntu-24.04-cuda-12.8-driver-570' })).toBeVisible()
    // Five columns 720 px wide scrolled sideways in their box. Asked until the table answers: a list laid out for a
    // phone renders afresh, and a box asked of the table it replaces is none.
    await expect
      .poll(async () => {
        const box = await table.boundingBox()
        return box ? box.x + box.width : Infinity
      })
      .toBeLessThanOrEqual(390)
    // Every row as tall as the others (the drivers took two lines on some), every name whole.
    const rows = await table.locator('tbody tr').evaluateAll((trs) =>
      trs.map((tr) => {
        const link = tr.querySelector('a')!
        return { height: Math.round(tr.getBoundingClientRect().height), cut: link.scrollWidth > link.clientWidth }
      }),
    )
    expect(rows.length).toBeGreaterThan(2)
    expect(new Set(rows.map((row) => row.height)).size).toBe(1)
    expect(rows.filter((row) => row.cut)).toEqual([])
    const cuda = table.getByRole('row').filter({ hasText: 'ubuntu-24.04-cuda-12.8-driver-570' })
    await expect(cuda).toContainText('Ready')
    await expect(cuda).toContainText('Ubuntu 24.04 · 20 GiB · NVIDIA 570.133.20')
  })

  await test.step('on a 390 px phone a security group’s rule, cut in its column, shows whole on hover and on focus', async () => {
    await openInApp(page, '/security-groups?project=all&region=all')
    await page.getByRole('table', { name: 'Security groups' }).getByRole('link', { name: 'allow-ssh' }).click()
    await expect(page.getByRole('heading', { name: 'allow-ssh', level: 1 })).toBeVisible()
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

  await test.step('on a 390 px phone an instance’s actions fit a row: its power action, More (a menu of the rest), Edit and Delete', async () => {
    await openInApp(page, '/instances?project=all&region=all')
    await page.getByRole('table', { name: 'Instances' }).getByRole('link', { name: 'gateway-0' }).click()
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { name: 'gateway-0', level: 1 })).toBeVisible()
    // The header's actions: every button above the details, and Edit. As eight buttons they took four rows.
    const details = (await main.getByText('ID', { exact: true }).boundingBox())!
    const actions = main.getByRole('button').or(main.getByRole('link', { name: 'Edit', exact: true }))
    await expect(main.getByRole('button', { name: 'Stop', exact: true })).toBeVisible()
    const rows = new Set(
      await actions.evaluateAll(
        (elements, below) =>
          elements
            .map((element) => element.getBoundingClientRect())
            .filter((box) => box.width > 0 && box.bottom < below)
            .map((box) => Math.round(box.top)),
        details.y,
      ),
    )
    // They fit one row; two would still leave the page's facts in the first screen.
    expect(rows.size).toBeLessThanOrEqual(2)
    // The instance runs: Stop is the button, Start waits in the menu with why it cannot run.
    await expect(main.getByRole('button', { name: 'Start', exact: true })).toHaveCount(0)

    // From the keyboard: the menu opens on Enter, its refused item is reached too, and an item opens its dialog.
    await main.getByRole('button', { name: 'More actions' }).focus()
    await page.keyboard.press('Enter')
    const menu = page.getByRole('menu')
    const start = menu.getByRole('menuitem', { name: 'Start', exact: true })
    await expect(start).toHaveAttribute('aria-disabled', 'true')
    await expect(start).toHaveAccessibleDescription('The instance is already running.')
    await expect(menu.getByRole('menuitem')).toHaveText([/^Start/, 'Reboot', 'Open console', 'Get SSH key', 'Snapshot'])
    // Opened from the keyboard, the menu starts on its first item, refused or not.
    await expect(start).toBeFocused()
    await expectAccessible(page)
    // The open menu sits in a landmark, as all content should (axe's `region`, a moderate rule the check above leaves
    // out), in both schemes: drawn in a portal at the end of the body, it was outside every landmark.
    for (const scheme of ['light', 'dark'] as const) {
      await setColorScheme(page, scheme)
      expect(
        (await axeViolations(page, { type: 'rule', values: ['region'] })).flatMap((v) => v.nodes.map((n) => n.html)),
      ).toEqual([])
    }
    // A refused item does nothing, and the menu stays on its reason.
    await page.keyboard.press('Enter')
    await expect(start).toBeVisible()
    for (let step = 0; step < 3; step++) await page.keyboard.press('ArrowDown')
    await expect(menu.getByRole('menuitem', { name: 'Get SSH key' })).toBeFocused()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'SSH key' })
    await expect(dialog).toBeVisible()
    await expect(menu).toHaveCount(0)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toBeHidden()

    // The console opens from the menu in a tab of its own, as from its button.
    await main.getByRole('button', { name: 'More actions' }).click()
    const [consoleTab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('menuitem', { name: 'Open console' }).click(),
    ])
    await expect(consoleTab.getByRole('heading', { name: 'Console of gateway-0 (local cloud)' })).toBeVisible()
    await consoleTab.close()

    // A console the console will not open is said under the actions, where the menu that asked for it was.
    await answerNext(page, {
      method: 'GET',
      path: `/local/compute/api/v2/instances/${page.url().split('/').pop()}/consolesession`,
      status: 200,
      body: { url: 'javascript:alert(document.cookie)' },
    })
    await main.getByRole('button', { name: 'More actions' }).click()
    await page.getByRole('menuitem', { name: 'Open console' }).click()
    const refusal = page.getByRole('alert').filter({ hasText: 'The console was not opened' })
    await expect(refusal).toContainText('only https:// and http:// addresses are opened')
    const more = (await main.getByRole('button', { name: 'More actions' }).boundingBox())!
    expect((await refusal.boundingBox())!.y).toBeGreaterThan(more.y + more.height)
    await page.getByRole('button', { name: 'Dismiss' }).click()
    await expect(refusal).toHaveCount(0)
  })
})

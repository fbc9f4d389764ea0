import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { narrowToPhone, openInApp, signInAsDemo } from './helpers'

/**
 * Each list at 1024 × 768, the narrowest desktop window: the values a user reads a row by (its name, state, addresses,
 * status, tag and group chips, the row's action) show whole. A value is cut when its element is narrower than its
 * content (scrollWidth > clientWidth): what an ellipsis, or a chip shrunk to its first letters, looks like to a script.
 * Dimmed descriptions under a name may end in an ellipsis; ids are copied whole by their button and may too.
 */
const LISTS: { path: string; table: string; columns: string[] }[] = [
  { path: '/networks', table: 'Networks', columns: ['Name', 'Prefix', 'Region', 'Project', 'Status'] },
  { path: '/security-groups', table: 'Security groups', columns: ['Name', 'Network', 'Rules', 'Region', 'Status'] },
  { path: '/file-storage', table: 'File storage', columns: ['Name', 'Size', 'Usage', 'Networks', 'Status'] },
  { path: '/instances', table: 'Instances', columns: ['Name', 'State', 'Private IP', 'Public IP', 'Flavor'] },
  { path: '/flavors', table: 'Flavors', columns: ['Flavor', 'vCPUs', 'Memory', 'GPUs', 'GPU memory', 'Actions'] },
  { path: '/users', table: 'Users', columns: ['User', 'State', 'Groups', 'Last active'] },
  { path: '/service-accounts', table: 'Service accounts', columns: ['Name', 'Status', 'Token expiry'] },
  { path: '/projects', table: 'Projects', columns: ['Name', 'Status', 'Groups'] },
  { path: '/groups', table: 'Groups', columns: ['Name', 'Status', 'Roles', 'Users', 'Service accounts'] },
]

/** The texts cut in the named columns of a table (and in their headers), as "column: text". */
function cutValues(page: Page, table: string, columns: string[]) {
  return page.getByRole('table', { name: table, exact: true }).evaluate((element, wanted) => {
    const headers = [...element.querySelectorAll('thead th')]
    const indexes = headers.flatMap((th, i) =>
      wanted.includes(th.textContent.replace(/[▲▼↕]/g, '').trim()) ? [i] : [],
    )
    const cut: string[] = []
    // scrollWidth is rounded: text a fraction of a pixel wider than its box reads as fitting, yet shows an ellipsis
    // ("Create instan…" in a 130 px column). Where an ellipsis applies, the text's own width is compared instead.
    const ellipsised = (el: Element) => {
      const style = getComputedStyle(el)
      // A column hidden at this width is not cut.
      if (style.textOverflow !== 'ellipsis' || el.getClientRects().length === 0) return false
      // The ellipsis cuts the element's own line: its text and inline children, not blocks inside it (which have
      // their own ellipsis, as a dimmed description under a name does).
      const line = [...el.childNodes].filter(
        (node) => node.nodeType === Node.TEXT_NODE || getComputedStyle(node as Element).display.startsWith('inline'),
      )
      if (!line.some((node) => node.textContent?.trim())) return false
      const range = document.createRange()
      range.setStartBefore(line[0]!)
      range.setEndAfter(line[line.length - 1]!)
      // Measured unrounded, like the text: clientWidth rounds down too.
      const edges = ['paddingLeft', 'paddingRight', 'borderLeftWidth', 'borderRightWidth'] as const
      const box = el.getBoundingClientRect().width - edges.reduce((sum, edge) => sum + parseFloat(style[edge]), 0)
      return range.getBoundingClientRect().width > box + 0.01
    }
    // The dimmed text colour, however an element gets it (a style attribute or a class).
    const probe = document.body.appendChild(document.createElement('span'))
    probe.style.color = 'var(--mantine-color-dimmed)'
    const dimmed = getComputedStyle(probe).color
    probe.remove()
    const check = (node: Element, column: string) => {
      for (const el of [node, ...node.querySelectorAll('*')]) {
        // A line in dimmed text (a description) is allowed its ellipsis; everything else must fit.
        if (getComputedStyle(el).color === dimmed) continue
        // A header for screen readers only (a column of links or checkboxes) is a 1 px box on purpose.
        if (el.closest('.mantine-VisuallyHidden-root')) continue
        if (el.scrollWidth > el.clientWidth + 1 || ellipsised(el)) cut.push(`${column}: ${el.textContent}`)
      }
    }
    for (const i of indexes) {
      const column = headers[i]!.textContent.replace(/[▲▼↕]/g, '').trim()
      check(headers[i]!, `header ${column}`)
      for (const row of element.querySelectorAll('tbody tr[aria-rowindex]')) {
        // Rows other specs create meanwhile carry generated names (unique(): a 13-character suffix), longer than any a
        // person picks: the demo data's rows are the ones measured.
        if (/-\d[0-9a-z]{12}\b/.test(row.textContent)) continue
        const cell = row.children[i]
        if (cell) check(cell, column)
      }
    }
    return [...new Set(cut)]
  }, columns)
}

test.use({ viewport: { width: 1024, height: 768 } })

// The desktop widths, reached through the router after one page load.
test('at 1024 px lists, rules and catalog cards show their values whole and a short window’s navigation scrolls; at 1440 px CPU families show whole', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await signInAsDemo(page, LISTS[0]!.path)

  await test.step('at 1024 px every list shows its essential values whole', async () => {
    for (const list of LISTS) {
      await openInApp(page, list.path)
      const table = page.getByRole('table', { name: list.table, exact: true })
      await expect(table.locator('tbody tr[aria-rowindex]').first()).toBeVisible()
      // Polled: tag and group chips count what fits once they are laid out, a frame after the rows.
      await expect.poll(() => cutValues(page, list.table, list.columns), { message: list.path }).toEqual([])
    }
  })

  await test.step('at 1024 px a security group’s rules show their address range and exposure whole', async () => {
    for (const group of ['ssh-bastion', 'allow-ssh']) {
      await openInApp(page, '/security-groups?project=all&region=all')
      await page.getByRole('table', { name: 'Security groups' }).getByRole('link', { name: group, exact: true }).click()
      const rules = page.getByRole('table', { name: 'Rules', exact: true })
      await expect(rules.locator('tbody tr[aria-rowindex]').first()).toBeVisible()
      await expect
        .poll(() => cutValues(page, 'Rules', ['#', 'Ports', 'Address range', 'Exposure']), { message: group })
        .toEqual([])
    }
  })

  await test.step('a catalog card shows two lines of its description, with nothing of a third under the ellipsis', async () => {
    await openInApp(page, '/models')
    const cards = page.getByRole('article')
    await expect(cards.first()).toBeVisible()
    const tallest = await page.evaluate(() =>
      Math.max(
        ...[...document.querySelectorAll('article [data-line-clamp]')].map(
          (text) => text.clientHeight / parseFloat(getComputedStyle(text).lineHeight),
        ),
      ),
    )
    expect(tallest).toBeLessThanOrEqual(2.05)
  })

  await test.step('at 1440 px the flavor catalog shows each CPU family whole', async () => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await openInApp(page, '/flavors?view=table')
    const table = page.getByRole('table', { name: 'Flavors', exact: true })
    await expect(table.locator('tbody tr[aria-rowindex]').first()).toBeVisible()
    await expect(table.getByText('Intel Xeon Platinum 8568Y+').first()).toBeVisible()
    await expect.poll(() => cutValues(page, 'Flavors', ['Flavor', 'CPU family'])).toEqual([])
  })

  await test.step('in a window too short for the navigation, the wheel scrolls it to its last link', async () => {
    await page.setViewportSize({ width: 1024, height: 420 })
    await openInApp(page, '/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    const last = nav.getByRole('link').last()
    await expect(last).not.toBeInViewport()
    await nav.hover()
    await page.mouse.wheel(0, 2000)
    await expect(last).toBeInViewport({ ratio: 1 })
  })
})

// Pages on a phone, reached through the router after one page load.
test('on a 390 px phone every page fits the width: lists and tables scroll inside themselves, and pickers, a heading, a group’s members and a node pool’s description fit', async ({
  page,
}) => {
  test.setTimeout(90_000)
  // Signed in first: on a phone the navigation the sign-in waits for is in the drawer.
  await signInAsDemo(page, LISTS[0]!.path)
  await narrowToPhone(page)

  await test.step('every page fits the width: lists scroll inside themselves and keep their names', async () => {
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth)
    for (const list of LISTS) {
      await openInApp(page, list.path)
      const table = page.getByRole('table', { name: list.table, exact: true })
      const row = table.locator('tbody tr[aria-rowindex]').first()
      await expect(row).toBeVisible()
      // Every cell shown keeps some room; the names' column, the one without a fixed width, had none. Measured until
      // the page has settled: measured at once, a row seen visible once had no layout yet, every cell 0 wide.
      const narrowest = () =>
        row.evaluate((tr) =>
          Math.min(
            ...[...tr.querySelectorAll('td')]
              .filter((cell) => getComputedStyle(cell).display !== 'none')
              .map((cell) => Math.round(cell.getBoundingClientRect().width)),
          ),
        )
      await expect.poll(narrowest, { message: `${list.path}: the narrowest cell` }).toBeGreaterThanOrEqual(40)
      // The page is as wide as the phone; the table scrolls in its own box, and its first column stays in view.
      expect(await fits(), list.path).toBeLessThanOrEqual(390)
      const kept = await table.evaluate((element) => {
        const box = element.parentElement!
        const first = element.querySelector('tbody tr[aria-rowindex] td')!
        box.scrollLeft = box.scrollWidth
        return {
          scrolled: box.scrollLeft > 0,
          firstLeft: Math.round(first.getBoundingClientRect().left - box.getBoundingClientRect().left),
        }
      })
      expect(kept, list.path).toEqual({ scrolled: true, firstLeft: 0 })
    }
    // The header's controls are all on screen.
    for (const control of [
      page.getByRole('button', { name: /^Account:/ }),
      page.getByRole('button', { name: /^Colour scheme:/ }),
    ])
      await expect(control).toBeInViewport({ ratio: 1 })
    for (const path of ['/', '/networks/new', '/instances/new', '/models', '/playground']) {
      await openInApp(page, path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      expect(await fits(), path).toBeLessThanOrEqual(390)
    }
  })

  await test.step('a table wider than the screen scrolls in its own box, to its last column', async () => {
    await openInApp(page, '/file-storage?project=all&region=all')
    await page.getByRole('table', { name: 'File storage' }).getByRole('link', { name: 'checkpoints' }).click()
    // The images list was one too; on a phone it is now a row of two lines per image that fits the width
    // (e2e/infra-looks.spec.ts).
    const table = page.getByRole('table', { name: 'Attachments', exact: true })
    await expect(table.locator('tbody tr').first()).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    const scrolled = await table.evaluate((element) => {
      // The nearest box around the table that scrolls sideways: the table's own, not the page.
      let box = element.parentElement!
      while (!['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) box = box.parentElement!
      box.scrollLeft = box.scrollWidth
      const last = element.querySelector('thead th:last-child')!.getBoundingClientRect()
      return {
        tableWidth: Math.round(element.getBoundingClientRect().width),
        scrolled: box.scrollLeft > 0,
        lastShown: Math.round(last.right) <= Math.round(box.getBoundingClientRect().right),
      }
    })
    expect(scrolled.tableWidth).toBeGreaterThanOrEqual(640)
    expect({ scrolled: scrolled.scrolled, lastShown: scrolled.lastShown }).toEqual({ scrolled: true, lastShown: true })
  })

  await test.step('a form’s project and region pickers show their placeholders whole', async () => {
    await openInApp(page, '/networks/new')
    for (const label of ['Project', 'Region']) {
      const input = page.getByRole('main').getByRole('combobox', { name: label, exact: true })
      await expect(input).toBeVisible()
      // The placeholder's text, in the input's own font, against the room the input gives it.
      const room = await input.evaluate((element) => {
        const field = element as HTMLInputElement
        const style = getComputedStyle(field)
        const context = document.createElement('canvas').getContext('2d')!
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
        const inner = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
        return Math.round(inner - context.measureText(field.placeholder).width)
      })
      expect(room, label).toBeGreaterThanOrEqual(0)
    }
  })

  await test.step('a user’s address in the page heading wraps after its @, not inside a word', async () => {
    await openInApp(page, '/users')
    await page.getByRole('table', { name: 'Users' }).getByRole('link', { name: 'alex.morgan@acme.example' }).click()
    const heading = page.getByRole('heading', { level: 1, name: 'alex.morgan@acme.example' })
    expect(await linesOf(heading)).toEqual(['alex.morgan@', 'acme.example'])
    // The edit page's heading too (it broke as "alex.morgan@acme.examp" / "le").
    await page.getByRole('main').getByRole('link', { name: 'Edit', exact: true }).click()
    const editing = page.getByRole('heading', { level: 1, name: 'Edit alex.morgan@acme.example' })
    expect((await linesOf(editing)).map((line) => line.trim())).toEqual(['Edit alex.morgan@', 'acme.example'])
  })

  await test.step('a group’s members show their states whole beside their addresses', async () => {
    await openInApp(page, '/groups')
    await page.getByRole('table', { name: 'Groups' }).getByRole('link', { name: 'ml-engineers' }).click()
    const members = page.getByRole('table', { name: 'Users', exact: true })
    await expect(members.getByText('Suspended')).toBeVisible()
    // A badge squeezed by an address beside it is cut to its first letters ("Su…").
    const cut = await members
      .locator('tbody td:nth-child(2) *')
      .evaluateAll((elements) =>
        elements.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent),
      )
    expect(cut).toEqual([])
  })

  await test.step('a node pool’s description moves its region to the next line whole, not broken at its hyphen', async () => {
    await openInApp(page, '/clusters?project=all&region=all')
    await page.getByRole('table', { name: 'Clusters' }).getByRole('link', { name: 'serving-k8s' }).click()
    await page.getByRole('button', { name: 'Add node pool' }).click()
    const description = page.getByRole('dialog', { name: 'Add node pool' }).getByText(/^Each worker is one server/)
    // It broke as "…of this flavor, in eu-" / "west-1.".
    expect((await linesOf(description)).join('\n')).toContain('eu-west-1')
    await page.keyboard.press('Escape')
  })
})

/** A heading's or a description's text as the lines it is drawn on: each character's box, grouped by its top. */
function linesOf(heading: Locator): Promise<string[]> {
  return heading.evaluate((h1) => {
    const byTop = new Map<number, string>()
    const walker = document.createTreeWalker(h1, NodeFilter.SHOW_TEXT)
    const range = document.createRange()
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      for (let i = 0; i < node.textContent!.length; i++) {
        range.setStart(node, i)
        range.setEnd(node, i + 1)
        const top = Math.round(range.getBoundingClientRect().top)
        byTop.set(top, (byTop.get(top) ?? '') + node.textContent![i])
      }
    return [...byTop.values()]
  })
}

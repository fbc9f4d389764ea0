import { expect, test } from './fixtures'
import { axeViolations } from './axe'
import { openInApp, signInAsDemo } from './helpers'

test('a keyboard user skips to the page, lands on each new page heading, sees where focus is, and picks a select’s option with Enter without submitting', async ({
  page,
}) => {
  await signInAsDemo(page, '/networks')

  await test.step('a keyboard user skips to the page, lands on each new page heading, and sees where focus is', async () => {
    await expect(page.getByRole('heading', { name: 'Networks', level: 1 })).toBeVisible()

    // The first Tab reaches the skip link, which goes past the header and the navigation to the page.
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to content' })
    await expect(skip).toBeFocused()
    await expect(skip).toBeInViewport()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { name: 'Networks', level: 1 })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: 'Create network' })).toBeFocused()

    // A text field shows the same ring as a button, not a border colour alone.
    const search = page.getByRole('main').getByRole('combobox', { name: 'Search' })
    await search.focus()
    const ring = await search.evaluate((input) => {
      const style = getComputedStyle(input)
      return `${style.outlineStyle} ${style.outlineWidth}`
    })
    expect(ring).toBe('solid 2px')

    // After a page change focus is on the new page's heading, not left on <body>, and the page is announced.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Security groups' }).click()
    await expect(page.getByRole('heading', { name: 'Security groups', level: 1 })).toBeFocused()
    await expect(page.getByRole('status').filter({ hasText: 'Security groups' })).toBeAttached()

    // The open palette is a dialog, not a second banner beside the page's header.
    await page.keyboard.press('ControlOrMeta+K')
    await expect(page.getByRole('textbox', { name: 'Search the console' })).toBeFocused()
    await expect(page.getByRole('banner')).toHaveCount(1)
    await page.keyboard.press('Escape')

    // Every column of the flavors table has a header a screen reader can name.
    await openInApp(page, '/flavors')
    await expect(page.getByRole('table', { name: 'Flavors' }).getByRole('row').nth(1)).toBeVisible()
    const empty = await axeViolations(page, { type: 'rule', values: ['empty-table-header'] })
    expect(empty.map((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([])
  })

  await test.step('in a searchable select, Enter picks the option typed for and never submits the form', async () => {
    await openInApp(page, '/security-groups/new')
    const network = page.getByRole('combobox', { name: 'Network' })
    await network.click()
    // The open list reads as expanded, and the select names it: Mantine gives the list a second id just after it
    // mounts.
    await expect(network).toHaveAttribute('aria-expanded', 'true')
    await expect
      .poll(async () => page.locator(`[id="${await network.getAttribute('aria-controls')}"]`).getAttribute('role'))
      .toBe('listbox')
    await page.keyboard.press('Escape')

    await network.fill('data-la')
    await page.keyboard.press('Enter')
    await expect(network).toHaveValue(/^data-lake/)
    await expect(page).toHaveURL(/\/security-groups\/new$/)
    // Nothing was submitted: the empty name is not refused yet.
    await expect(page.getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-invalid', 'true')
  })
})

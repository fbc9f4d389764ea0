import { expect, test } from './fixtures'
import { leaveFormFor, narrowToPhone, openInApp, signInAsDemo } from './helpers'

// One network form, two checks: the description first, on the form as it opens, then the rows below it, whose last
// part resizes the window.
test('a description grows as typed up to ten lines then scrolls; a row error shown on blur does not eat the click below it; filled rows keep their column headings', async ({
  page,
}) => {
  await signInAsDemo(page, '/networks/new')

  // The description grows with its text, by the browser's own sizing, up to ten lines, then scrolls.
  await test.step('a description shows all its lines as they are typed, up to ten, then scrolls', async () => {
    const description = page.getByRole('textbox', { name: 'Description' })
    const height = async () => (await description.boundingBox())!.height
    const empty = await height()
    await description.fill('one\ntwo\nthree\nfour')
    const four = await height()
    expect(four).toBeGreaterThan(empty * 1.5)
    await description.fill(Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join('\n'))
    const capped = await height()
    expect(capped).toBeGreaterThan(four * 1.8)
    expect(capped).toBeLessThan(four * 3.5)
    expect(await description.evaluate((area) => area.scrollHeight > area.clientHeight)).toBe(true)
  })

  // Leaving a row with a bad value shows its reason under it, 19 px taller: the button below must still take the
  // click that caused the blur (a pointer down and up on the same place), rather than the row error moving it away.
  await test.step('a row error shown on blur does not eat the click below it; filled rows keep their column headings', async () => {
    await page.getByRole('button', { name: 'Add DNS server' }).click()
    await page.getByRole('textbox', { name: 'DNS server 1' }).fill('1.1.1')
    await page.getByRole('button', { name: 'Add route' }).click()
    await expect(page.getByRole('textbox', { name: 'Route destination 1' })).toBeVisible()
    await expect(page.getByText(/1\.1\.1/).and(page.locator('.mantine-InputWrapper-error'))).toBeVisible()

    // The same across the tag rows: a half-typed tag, then Remove on the row below.
    await page.getByRole('button', { name: 'Add tag' }).click()
    await page.getByRole('button', { name: 'Add tag' }).click()
    await page.getByRole('textbox', { name: 'Tag 1 name' }).fill('bad name!')
    await page.getByRole('button', { name: 'Remove tag 2' }).click()
    await expect(page.getByRole('textbox', { name: 'Tag 2 name' })).toHaveCount(0)

    // Typing replaces a row input's placeholder: the column headings stay, each over its own column, at both widths.
    await page.getByRole('textbox', { name: 'Route destination 1' }).fill('192.168.0.0/16')
    await page.getByRole('textbox', { name: 'Route next hop 1' }).fill('10.0.0.1')
    await page.getByRole('textbox', { name: 'Tag 1 value' }).fill('prod')
    const columns = [
      ['Routes', 'Destination', 'Route destination 1'],
      ['Routes', 'Next hop', 'Route next hop 1'],
      ['Tags', 'Name', 'Tag 1 name'],
      ['Tags', 'Value', 'Tag 1 value'],
    ] as const
    for (const [width, height] of [
      [1440, 900],
      [1024, 768],
    ] as const) {
      await page.setViewportSize({ width, height })
      for (const [group, heading, input] of columns) {
        const editor = page.getByRole('group', { name: group })
        const head = (await editor.getByText(heading, { exact: true }).boundingBox())!
        const box = (await editor.getByRole('textbox', { name: input }).boundingBox())!
        expect(Math.abs(head.x - box.x), `${heading} at ${width} px`).toBeLessThan(2)
        expect(head.y + head.height, `${heading} at ${width} px`).toBeLessThanOrEqual(box.y)
      }
    }
  })
})

// A name the rule refuses, then a press on the next choice: leaving Name shows its reason, which pushed the choice
// down from under the pointer as it was pressed (19 px at 1440, 34 px at 390), and the press opened nothing. The
// three forms are reached through the router at each width, on one page load.
test('at 1440 and 390 px: a press on the next choice after a refused name opens it', async ({ page }) => {
  await signInAsDemo(page, '/projects')
  for (const width of [1440, 390]) {
    if (width < 576) await narrowToPhone(page)
    else await page.setViewportSize({ width, height: 900 })
    for (const [path, next, heading] of [
      ['/networks/new', 'Project', 'Create network'],
      ['/file-storage/new', 'Project', 'Create file storage'],
      ['/security-groups/new', 'Network', 'Create security group'],
    ] as const) {
      await test.step(`at ${width} px, ${path}: ${next}`, async () => {
        // Each step but the first leaves the form before, its bad name typed.
        if (width === 1440 && path === '/networks/new') await openInApp(page, path)
        else await leaveFormFor(page, path)
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
        const main = page.getByRole('main')
        // A form no name has been refused on yet.
        await expect(main.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('')
        await main.getByRole('textbox', { name: 'Name', exact: true }).fill('Bad Name!')
        await main.getByRole('combobox', { name: next, exact: true }).click()
        await expect(page.getByRole('listbox')).toBeVisible()
        await expect(page.getByRole('option').first()).toBeVisible()
        // The reason shows once the press is over, under the field it is about.
        await expect(main.getByRole('textbox', { name: 'Name', exact: true })).toHaveAttribute('aria-invalid', 'true')
        await expect(main.locator('.mantine-InputWrapper-error').first()).toBeVisible()
        await page.keyboard.press('Escape')
      })
    }
  }
})

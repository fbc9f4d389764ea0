import { expect, test } from './fixtures'
import { narrowToPhone, signInAsDemo } from './helpers'

/** The characters after which the preview's URL wrapped onto a new line, read off the laid-out text. */
async function charactersBeforeLineBreaks(page: import('@playwright/test').Page): Promise<string[]> {
  return page.locator('[data-request-url]').evaluate((element) => {
    const before: string[] = []
    let lastTop: number | undefined
    let previous = ''
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? ''
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange()
        range.setStart(node, i)
        range.setEnd(node, i + 1)
        const top = range.getBoundingClientRect().top
        if (lastTop !== undefined && top > lastTop + 2) before.push(previous)
        lastTop = top
        previous = text[i]!
      }
    }
    return before
  })
}

// At 1280 px the preview sits in the form's narrow side column, where the URL is longer than a line (at 1024 px it
// goes below the form, full width; at 1440 px, in the bundled monospace, it just fits): it wraps at its separators,
// never inside a word.
test("the request preview's URL wraps only after a separator", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await signInAsDemo(page, '/instances/new')
  const url = page.locator('[data-request-url]')
  await expect(url).toContainText('/api/v2/instances')
  const breaks = await charactersBeforeLineBreaks(page)
  expect(breaks.length).toBeGreaterThan(0)
  for (const character of breaks) expect('/?&').toContain(character)
})

// On a phone the preview stands below the whole form: its method and URL show, its body and curl, a screen or more
// of code, wait behind a button. Opened, the body carries what the form holds.
// Then a press of that button while a field above it holds a mistake: the press blurs the field, its error would
// appear and push the preview down under the pointer. The press lands; the field keeps its focus, and its error shows
// once it is left. The second starts from the preview folded again, as the first leaves it.
test('on a phone the request preview folds its body and curl until asked, and a field error appearing as it is unfolded does not swallow the press', async ({
  page,
}) => {
  await signInAsDemo(page, '/networks/new')
  await narrowToPhone(page)
  const preview = page.getByRole('region', { name: 'Request preview' })

  await test.step('on a phone the request preview folds its body and curl until asked', async () => {
    await page.getByRole('textbox', { name: 'Name' }).fill('folded-net')
    await expect(preview.locator('[data-request-url]')).toContainText('/networks')
    await expect(preview.getByRole('tab', { name: 'JSON body' })).toHaveCount(0)
    const show = preview.getByRole('button', { name: 'Show the body and curl' })
    await expect(show).toHaveAttribute('aria-expanded', 'false')
    await show.click()
    await expect(preview.getByRole('tab', { name: 'JSON body' })).toBeVisible()
    await expect(preview).toContainText('"name": "folded-net"')
    await preview.getByRole('button', { name: 'Hide the body and curl' }).click()
    await expect(preview.getByRole('tab', { name: 'JSON body' })).toHaveCount(0)
  })

  await test.step("a field's error appearing as the preview's button is pressed does not swallow the press", async () => {
    await page.getByRole('textbox', { name: 'Prefix' }).fill('10.0.0.0/33')
    await preview.getByRole('button', { name: 'Show the body and curl' }).click()
    await expect(preview.getByRole('tab', { name: 'JSON body' })).toBeVisible()
    await expect(preview).toContainText('"prefix": "10.0.0.0/33"')
    await page.getByRole('textbox', { name: 'Prefix' }).press('Tab')
    await expect(page.getByText('The prefix length must be a number from 0 to 32, not "33".')).toBeVisible()
  })
})

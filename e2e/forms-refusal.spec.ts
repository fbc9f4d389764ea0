import { expect, test } from './fixtures'
import { choose, signInAsDemo } from './helpers'

// A refusal no field can take is said at the top of the form, 1,000 px above the button on Create instance: focus
// and scroll must go there, with the message clear of the fixed header.
test('a refused Create instance moves focus and scroll to the message, below the fixed header', async ({
  page,
  allowConsole,
}) => {
  // The browser logs the refused request itself.
  allowConsole(/status of 409/)
  await signInAsDemo(page, '/instances/new')
  await page.setViewportSize({ width: 1440, height: 900 })
  await choose(page, 'Project', 'sandbox')
  await choose(page, 'Region', 'eu-west-1')
  await choose(page, 'Network', /^sandbox/)
  await page
    .getByRole('table', { name: /^Flavor/ })
    .getByRole('radio', { name: 'c1.small' })
    .check()
  await choose(page, 'Image')
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('refused-vm')

  // A 409 no field can take (not the name, not the network's addresses): it is said at the top of the form.
  await page.route('**/api/v2/instances', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({
            error: 'conflict',
            error_description: 'the project is being changed by another request; try again',
          }),
        })
      : route.fallback(),
  )
  const submit = page.getByRole('button', { name: 'Create instance' })
  await submit.scrollIntoViewIfNeeded()
  await submit.click()

  const alert = page.getByRole('alert').filter({ hasText: /the project is being changed by another request/i })
  await expect(alert).toBeFocused()
  await expect(alert).toBeInViewport()
  // Scrolling is smooth: wait until it settles, then the alert's top is below the header's bottom.
  await expect
    .poll(async () => {
      const header = await page.locator('header').first().boundingBox()
      const box = await alert.boundingBox()
      return Boolean(header && box && box.y >= header.y + header.height)
    })
    .toBe(true)
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('refused-vm')
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).not.toHaveAttribute('aria-invalid', 'true')
})

import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { leaveFormFor, narrowToPhone, openInApp, signInAsDemo } from './helpers'

/**
 * After a submit the form refuses, the keyboard and the eye are at the same place: the first invalid field has
 * focus, is marked invalid, and the words saying what is wrong are on screen.
 */
async function expectFirstInvalidFocused(page: Page) {
  const form = page.getByRole('main').locator('form')
  const first = form.locator('[aria-invalid="true"]').first()
  await expect(first).toBeVisible()
  // The field itself, or (for a group such as the flavor table) a control inside it.
  await expect
    .poll(() => first.evaluate((field) => field === document.activeElement || field.contains(document.activeElement)))
    .toBe(true)
  await expect(page.locator(':focus')).toBeInViewport()
  const described = (await first.getAttribute('aria-describedby')) ?? ''
  const messages = described.split(' ').filter((id) => id.endsWith('-error') || id === 'flavor-error')
  expect(messages.length, 'the invalid field names its message').toBeGreaterThan(0)
  for (const id of messages) await expect(page.locator(`[id="${id}"]`)).toBeInViewport()
}

const submit = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('button', { name: /^(Create|Add|Import|Save)/ })
    .last()

/**
 * Goes to `path` through the router, as the console's links do, and waits for its page to have replaced the one before
 * (whose form, and submit button, stay on screen while the next page's code and data load).
 */
async function openNext(page: Page, path: string, from: 'unsaved form' | 'page' = 'page') {
  const heading = page.getByRole('heading', { level: 1 })
  const before = (await heading.textContent()) ?? ''
  await (from === 'unsaved form' ? leaveFormFor : openInApp)(page, path)
  await expect(heading).not.toHaveText(before)
}

// Each create form in turn: one page load for all of them.
test('an empty submit on each create form, and a rule row left empty, focus and show the first invalid field', async ({
  page,
}) => {
  await signInAsDemo(page, '/networks?project=all&region=all')
  for (const path of [
    '/security-groups/new',
    '/file-storage/new',
    '/users/new',
    '/service-accounts/new',
    '/projects/new',
    '/groups/new',
    '/images/new',
    '/instances/new',
  ]) {
    await test.step(path, async () => {
      await openNext(page, path)
      await expect(submit(page)).toBeEnabled()
      await submit(page).click()
      await expectFirstInvalidFocused(page)
    })
  }
  await test.step('a rule row left empty on the security group form is where focus goes', async () => {
    await openNext(page, '/security-groups/new')
    await page.getByRole('textbox', { name: 'Name' }).fill('rows-left-empty')
    await page.getByRole('button', { name: /^Add rule/ }).click()
    await submit(page).click()
    await expectFirstInvalidFocused(page)
  })
})

test('an edit form with its name cleared focuses Name: a network, a security group, a project, the organization', async ({
  page,
}) => {
  await signInAsDemo(page, '/projects')
  for (const [i, [list, row]] of (
    [
      ['/networks?project=all&region=all', /^training-fabric/],
      ['/security-groups?project=all&region=all', /jupyter/],
      ['/projects', /^ml-research/],
      ['/organization', undefined],
    ] as const
  ).entries()) {
    await test.step(list, async () => {
      // Away from the last step's form, its name left cleared.
      await openNext(page, list, i === 0 ? 'page' : 'unsaved form')
      if (row) await page.getByRole('main').getByRole('link', { name: row }).first().click()
      await page.getByRole('main').getByRole('link', { name: 'Edit' }).click()
      const name = page.getByRole('main').getByRole('textbox', { name: 'Name', exact: true }).first()
      await expect(name).not.toHaveValue('')
      await name.fill('')
      await submit(page).click()
      await expectFirstInvalidFocused(page)
      await expect(name).toBeFocused()
    })
  }
})

// Two refusals on a phone, one page load: a create, then a rename reached back through the network list.
// A searchable select opened its list as the submit focused it: the list covered the field's own error and the fields
// below it, with theirs, until it was closed.
test('on a phone, a submit whose first invalid field is a searchable select focuses it with its list closed over no error, and a rename to a taken name brings Name and its error back on screen', async ({
  page,
}) => {
  await signInAsDemo(page, '/networks?project=all&region=all')
  await narrowToPhone(page)

  await test.step('a submit whose first invalid field is a searchable select focuses it, its list closed over no error', async () => {
    await page.getByRole('main').getByRole('link', { name: 'Create network' }).click()
    await page.getByRole('textbox', { name: 'Name' }).fill('edge-net')
    await submit(page).click()
    const project = page.getByRole('main').getByRole('combobox', { name: 'Project' })
    await expectFirstInvalidFocused(page)
    await expect(project).toBeFocused()
    await expect(project).toHaveAttribute('aria-expanded', 'false')
    await expect(page.getByRole('listbox')).toBeHidden()
    for (const message of ['Choose a project.', 'Choose a region.']) {
      const error = page.getByRole('main').getByText(message, { exact: true })
      await expect(error).toBeInViewport()
      // On top where it stands: nothing drawn over it.
      expect(
        await error.evaluate((element) => {
          const box = element.getBoundingClientRect()
          const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
          return top !== null && element.contains(top)
        }),
      ).toBe(true)
    }
    // Opening it is the keyboard's choice.
    await page.keyboard.press('ArrowDown')
    await expect(page.getByRole('option', { name: 'ml-research' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('listbox')).toBeHidden()
  })

  await test.step('a rename to a name the project already has brings Name and what is wrong with it back on screen', async () => {
    await openNext(page, '/networks?project=all&region=all', 'unsaved form')
    await page
      .getByRole('main')
      .getByRole('link', { name: /^experiments-us/ })
      .first()
      .click()
    await page.getByRole('main').getByRole('link', { name: 'Edit' }).click()
    const name = page.getByRole('main').getByRole('textbox', { name: 'Name', exact: true })
    await expect(name).toHaveValue('experiments-us')
    await name.fill('training-fabric')
    await submit(page).click()
    await expect(page.getByText('A network with this name already exists in this project.')).toBeInViewport()
    await expect(name).toBeFocused()
    await expect(name).toBeInViewport()
  })
})

// At both widths on one page load: the form at 1440 px, then a fresh one (reached through the router) on a phone.
test('at 1440 and 390 px, a submit refused for the field just typed in brings that field and its label back on screen, below the header', async ({
  page,
}) => {
  await signInAsDemo(page, '/networks/new')
  for (const width of [1440, 390]) {
    await test.step(`at ${width} px`, async () => {
      if (width === 390) {
        await narrowToPhone(page)
        await openNext(page, '/networks', 'unsaved form')
        await openNext(page, '/networks/new')
      }
      const name = page.getByRole('main').getByRole('textbox', { name: /^Name/ })
      // A form no submit has marked yet.
      await expect(name).toHaveValue('')
      await expect(name).not.toHaveAttribute('aria-invalid', 'true')
      await name.fill('bad name!')
      // The click scrolls the page down to the button; the field keeps focus while it is pressed.
      await submit(page).click()
      await expect(name).toHaveAttribute('aria-invalid', 'true')
      await expect(name).toBeFocused()
      await expect(name).toBeInViewport()
      await expect(page.getByText('Use letters, digits', { exact: false })).toBeInViewport()
      const header = await page.getByRole('banner').boundingBox()
      const label = await page.getByRole('main').locator('label', { hasText: /^Name/ }).boundingBox()
      expect(label!.y, 'the label is clear of the fixed header').toBeGreaterThanOrEqual(header!.y + header!.height)
    })
  }
})

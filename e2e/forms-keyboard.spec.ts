import { expect, test } from './fixtures'
import { choose, signInAsDemo, unique } from './helpers'

test('a plain select opens on ArrowDown with an option highlighted, and Enter picks it', async ({ page }) => {
  await signInAsDemo(page, '/networks/new')
  const region = page.getByRole('main').getByRole('combobox', { name: 'Region' })
  await region.focus()
  await page.keyboard.press('ArrowDown')
  await expect(region).toHaveAttribute('aria-expanded', 'true')
  const highlighted = await region.getAttribute('aria-activedescendant')
  expect(highlighted).toBeTruthy()
  const option = page.locator(`[id="${highlighted}"]`)
  await expect(option).toHaveRole('option')
  const label = (await option.textContent()) ?? ''
  await page.keyboard.press('Enter')
  await expect(region).toHaveAttribute('aria-expanded', 'false')
  await expect(region).toHaveValue(label)
  await expect(region).not.toHaveAttribute('aria-activedescendant')
})

test('a failed submit focuses the first invalid field, marks it and shows its message (the flavor table)', async ({
  page,
}) => {
  await signInAsDemo(page, '/instances/new')
  await choose(page, 'Project', 'ml-research')
  await choose(page, 'Region', 'eu-west-1')
  await choose(page, 'Network', /^training-fabric/)
  await page.getByRole('textbox', { name: 'Name' }).fill(unique('no-flavor'))
  await page.getByRole('button', { name: 'Create instance' }).click()

  const flavors = page.getByRole('radiogroup', { name: 'Flavor', exact: true })
  await expect(flavors).toHaveAttribute('aria-invalid', 'true')
  await expect(flavors).toHaveAccessibleDescription('Choose a flavor.')
  await expect(flavors.getByRole('radio').first()).toBeFocused()
  await expect(page.getByText('Choose a flavor.')).toBeInViewport()
})

test('the network form does the same with an empty name', async ({ page }) => {
  await signInAsDemo(page, '/networks/new')
  await page.getByRole('button', { name: 'Create network' }).click()
  const name = page.getByRole('textbox', { name: 'Name' })
  await expect(name).toBeFocused()
  await expect(name).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText(/^Enter a name/)).toBeInViewport()
})

import { expect, test, type Page } from '@playwright/test'
import { choose, expectAccessible, signInAsDemo } from './helpers'

const unique = () => `vm-${Date.now().toString(36)}`

/** The option labels a Mantine Select offers, read by opening it. */
async function optionsOf(page: Page, label: string): Promise<string[]> {
  await page.getByRole('main').getByRole('combobox', { name: label, exact: true }).click()
  const options = page.getByRole('listbox').getByRole('option')
  await expect(options.first()).toBeVisible()
  const texts = await options.allTextContents()
  await page.keyboard.press('Escape')
  return texts
}

test('create a GPU instance through the guided form, watch it reach Running, stop and start it, delete it', async ({ page }) => {
  const name = unique()
  await signInAsDemo(page, '/instances')
  await page.getByRole('link', { name: 'Create instance' }).first().click()

  await choose(page, 'Project', 'ml-research')
  await choose(page, 'Region', 'eu-west-1')
  await choose(page, 'Network', /^training-fabric/)

  // GPU flavors only, then one H100.
  await page.getByText('GPU', { exact: true }).click()
  const flavors = page.getByRole('table', { name: /^Flavor/ })
  await expect(flavors.getByRole('radio', { name: 'c1.small' })).toHaveCount(0)
  await flavors.getByRole('radio', { name: 'g1.h100.1x' }).check()
  await expect(page.getByText('Chosen: g1.h100.1x')).toBeVisible()

  // Images that fit: NVIDIA drivers first, AMD drivers hidden.
  const images = await optionsOf(page, 'Image')
  expect(images[0]).toMatch(/cuda/)
  expect(images.some((label) => /rocm/.test(label))).toBe(false)
  await choose(page, 'Image', /cuda-12\.8/)

  await choose(page, 'Security groups', 'ssh-bastion')
  await page.keyboard.press('Escape')
  await page.getByLabel('Public IPv4 address').check()
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name)

  const summary = page.getByRole('region', { name: 'Summary' })
  await expect(summary).toContainText('g1.h100.1x: 26 vCPUs, 240 GiB memory')
  await expect(summary).toContainText('Security groups: ssh-bastion')
  const preview = page.getByRole('region', { name: 'Request preview' })
  await expect(preview).toContainText('/local/region/api/v2/instances')
  await expect(preview).toContainText('"publicIP": true')
  await expect(preview).toContainText('"securityGroups": [')

  await page.getByRole('button', { name: 'Create instance' }).click()
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  const start = page.getByRole('button', { name: 'Start', exact: true })
  const stop = page.getByRole('button', { name: 'Stop', exact: true })
  await expect(page.getByText('Pending').first()).toBeVisible()
  await expect(stop).toHaveAttribute('aria-disabled', 'true')
  await expect(page.getByText('Running').first()).toBeVisible({ timeout: 15_000 })
  await expect(page.getByRole('button', { name: /^Copy private IP 10\.20\./ })).toBeVisible()
  await expect(page.getByRole('button', { name: /^Copy public IP 203\.0\.113\./ })).toBeVisible()
  await expect(page.getByRole('link', { name: 'ssh-bastion' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'g1.h100.1x' })).toBeVisible()

  // Start is gated while running, with the reason shown on hover and given to screen readers.
  await expect(start).toHaveAttribute('aria-disabled', 'true')
  await expect(start).toHaveAccessibleDescription('The instance is already running.')
  await start.hover()
  await expect(page.getByRole('tooltip')).toHaveText('The instance is already running.')

  await stop.click()
  await expect(page.getByText('Stopping').first()).toBeVisible()
  await expect(page.getByText('Stopped').first()).toBeVisible({ timeout: 15_000 })
  await expect(stop).toHaveAttribute('aria-disabled', 'true')
  await expect(page.getByRole('button', { name: 'Reboot', exact: true })).toHaveAccessibleDescription('A stopped instance cannot be rebooted; start it instead.')
  await expect(start).not.toHaveAttribute('aria-disabled', 'true')
  await start.click()
  await expect(page.getByText('Running').first()).toBeVisible({ timeout: 15_000 })
  await expect(stop).not.toHaveAttribute('aria-disabled', 'true')

  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete instance' })
  await dialog.getByLabel(`Type ${name} to confirm`).fill(name)
  await dialog.getByRole('button', { name: 'Delete instance' }).click()
  await expect(page.getByRole('heading', { name: 'Instances', level: 1 })).toBeVisible()
})

test('a flavor link preselects the flavor and region; a flavor change drops an image that no longer fits', async ({ page }) => {
  await signInAsDemo(page, '/instances/new')
  await choose(page, 'Region', 'eu-west-1')
  await page.getByRole('radio', { name: 'g1.mi300x.1x' }).check()
  const flavorId = /"flavorId": "([^"]+)"/.exec((await page.getByRole('region', { name: 'Request preview' }).textContent()) ?? '')?.[1]
  expect(flavorId).toBeTruthy()

  await page.goto(`/instances/new?flavor=${flavorId}&region=eu-west-1`)
  await expect(page.getByRole('radio', { name: 'g1.mi300x.1x' })).toBeChecked()
  await expect(page.getByRole('main').getByRole('combobox', { name: 'Region', exact: true })).toHaveValue('eu-west-1')
  await choose(page, 'Image', /rocm-6\.4/)
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText('Image: ubuntu-24.04-rocm-6.4')
  // An NVIDIA flavor cannot run AMD drivers: the image is cleared rather than sent.
  await page.getByRole('radio', { name: 'g1.h100.1x' }).check()
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText('image not chosen')
})

test('a refusal from the platform shows above the form and every choice stays', async ({ page }) => {
  await signInAsDemo(page, '/instances/new')
  await choose(page, 'Project', 'sandbox')
  await choose(page, 'Region', 'eu-west-1')
  await choose(page, 'Network', /^sandbox/)
  await page.getByRole('radio', { name: 'c1.small' }).check()
  await choose(page, 'Image', /ubuntu-24\.04-server/)
  // A name already used in the project: the platform refuses it.
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('cpu-playground')
  await page.getByRole('button', { name: 'Create instance' }).click()
  const alert = page.getByRole('alert').filter({ hasText: 'The platform refused the request' })
  await expect(alert).toContainText('named cpu-playground already exists in this project')
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('cpu-playground')
  await expect(page.getByRole('radio', { name: 'c1.small' })).toBeChecked()
})

test('the list follows a network link, and its filters live in the URL', async ({ page }) => {
  await signInAsDemo(page, '/networks?project=all&region=all')
  await page.getByRole('table', { name: 'Networks' }).getByRole('link', { name: 'training-fabric' }).click()
  await page.getByRole('main').getByRole('link', { name: 'Instances', exact: true }).click()
  await expect(page).toHaveURL(/\/instances\?network=/)
  const table = page.getByRole('table', { name: 'Instances' })
  await expect(table.getByRole('link', { name: 'notebook-priya' })).toBeVisible()
  await expect(table.getByRole('link', { name: 'airflow' })).toHaveCount(0)
  await expect(page.getByText('Network: training-fabric')).toBeVisible()

  await page.getByRole('textbox', { name: 'Search' }).fill('h100')
  await expect(page).toHaveURL(/q=h100/)
  await expect(table.locator('tbody tr')).toHaveCount(3)
  await page.getByRole('button', { name: 'Remove network filter training-fabric' }).click()
  await expect(page).not.toHaveURL(/network=/)
  await expect(table.getByRole('link', { name: 'gpu-smoke-test' })).toBeVisible()
})

test('a failed instance offers no power action and says why', async ({ page }) => {
  await signInAsDemo(page, '/instances?project=all&region=all')
  await page.getByRole('table', { name: 'Instances' }).getByRole('link', { name: 'gpu-smoke-test' }).click()
  await expect(page.getByRole('heading', { name: 'gpu-smoke-test', level: 1 })).toBeVisible()
  for (const action of ['Start', 'Stop', 'Reboot']) {
    const button = page.getByRole('button', { name: action, exact: true })
    await expect(button).toHaveAttribute('aria-disabled', 'true')
    await expect(button).toHaveAccessibleDescription('The instance failed to provision; delete it and create it again.')
  }
})

test('instance pages have no serious accessibility violations in light and dark', async ({ page }) => {
  await signInAsDemo(page, '/instances?project=all&region=all')
  await expect(page.getByRole('table', { name: 'Instances' })).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('table', { name: 'Instances' }).getByRole('link', { name: 'vllm-llama-70b-0' }).click()
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeVisible()
  await expectAccessible(page)
  await page.goto('/instances/new')
  await choose(page, 'Project', 'ml-research')
  await choose(page, 'Region', 'eu-west-1')
  await choose(page, 'Network', /^training-fabric/)
  await page.getByRole('radio', { name: 'g1.h100.1x' }).check()
  await expect(page.getByRole('button', { name: 'Create instance' })).toBeVisible()
  await expectAccessible(page)
})

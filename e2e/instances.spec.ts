import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { choose, expectAccessible, recordBadges, signInAsDemo, unique } from './helpers'
import { EU_WEST_1 } from '../server/local-cloud/catalog/ids'

/**
 * The instance page's power state badge showing `state`. Not `getByText(state)`: that matches words anywhere, such as the
 * Stop dialog's text while it closes, or a disabled button's reason ("wait until it is Stopped").
 */
function powerState(page: Page, state: string): Locator {
  return page.getByRole('main').getByTitle(`Power state: ${state}`, { exact: true })
}

/** The option labels a Mantine Select offers, read by opening it. */
async function optionsOf(page: Page, label: string): Promise<string[]> {
  await page.getByRole('main').getByRole('combobox', { name: label, exact: true }).click()
  const options = page.getByRole('listbox').getByRole('option')
  await expect(options.first()).toBeVisible()
  const texts = await options.allTextContents()
  await page.keyboard.press('Escape')
  return texts
}

/**
 * How far the flavor table runs past its scrolling box sideways, on how many lines each sortable heading is laid
 * out, and how many of its rows the box shows whole without scrolling. The box only scrolls down, so a table wider
 * than it would be cut: its scroll width tells.
 */
async function flavorTableFit(flavors: Locator) {
  return flavors.evaluate((table) => {
    const box = table.closest('.mantine-ScrollArea-viewport')!
    // A heading's text and its sort arrow are inline boxes of two sizes: a box starting below the line so far starts
    // a new line.
    const headingLines = [...table.querySelectorAll('thead th button')].map((heading) => {
      const boxes = [...heading.querySelectorAll('span')].flatMap((span) => [...span.getClientRects()])
      boxes.sort((a, b) => a.top - b.top)
      let lines = 0
      let bottom = -Infinity
      for (const box of boxes) {
        if (box.top >= bottom - 1) lines++
        bottom = Math.max(bottom, box.bottom)
      }
      return lines
    })
    const { top, bottom } = box.getBoundingClientRect()
    const header = table.querySelector('thead')!.getBoundingClientRect().height
    const rows = [...table.querySelectorAll('tbody tr')]
    // Whole in the box, below its sticky header.
    const inView = rows.filter((row) => {
      const rect = row.getBoundingClientRect()
      return rect.top >= top + header - 1 && rect.bottom <= bottom + 1
    }).length
    return { sideways: box.scrollWidth - box.clientWidth, headingLines, rows: rows.length, inView }
  })
}

test('create a GPU instance through the guided form, watch it reach Running, stop and start it, delete it', async ({
  page,
}) => {
  const name = unique('vm')
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
  await expect(preview).toContainText('/local/compute/api/v2/instances')
  await expect(preview).toContainText('"publicIP": true')
  await expect(preview).toContainText('"securityGroups": [')

  let badges = await recordBadges(page)
  await page.getByRole('button', { name: 'Create instance' }).click()
  await expect(page.getByRole('heading', { name, exact: true, level: 1 })).toBeVisible()
  const start = page.getByRole('button', { name: 'Start', exact: true })
  const stop = page.getByRole('button', { name: 'Stop', exact: true })
  await expect(powerState(page, 'Running')).toBeVisible({ timeout: 15_000 })
  // Until the platform's first reconcile the new instance has no power state, then it is Pending: either way it
  // could not be stopped yet (the power actions' gating by state is power.test.ts's and the integration tests').
  expect(await badges()).toContainEqual(expect.stringMatching(/^(Unknown|Pending)$/))
  await expect(page.getByRole('button', { name: /^Copy private IP 10\.20\./ })).toBeVisible()
  await expect(page.getByRole('button', { name: /^Copy public IP 203\.0\.113\./ })).toBeVisible()
  await expect(page.getByRole('link', { name: 'ssh-bastion' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'g1.h100.1x' })).toBeVisible()

  // Start is gated while running, with the reason shown on hover and given to screen readers.
  await expect(start).toHaveAttribute('aria-disabled', 'true')
  await expect(start).toHaveAccessibleDescription('The instance is already running.')
  await start.hover()
  await expect(page.getByRole('tooltip')).toHaveText('The instance is already running.')

  badges = await recordBadges(page)
  await stop.click()
  await page.getByRole('dialog', { name: 'Stop instance' }).getByRole('button', { name: 'Stop instance' }).click()
  await expect(powerState(page, 'Stopped')).toBeVisible({ timeout: 15_000 })
  expect(await badges()).toContain('Stopping')
  await expect(stop).toHaveAttribute('aria-disabled', 'true')
  await expect(page.getByRole('button', { name: 'Reboot', exact: true })).toHaveAccessibleDescription(
    'A stopped instance cannot be rebooted; start it instead.',
  )
  await expect(start).not.toHaveAttribute('aria-disabled', 'true')
  await start.click()
  await expect(powerState(page, 'Running')).toBeVisible({ timeout: 15_000 })
  await expect(stop).not.toHaveAttribute('aria-disabled', 'true')

  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete instance' })
  await dialog.getByLabel(`Type ${name} to confirm`).fill(name)
  await dialog.getByRole('button', { name: 'Delete instance' }).click()
  await expect(page.getByRole('heading', { name: 'Instances', level: 1 })).toBeVisible()
})

test('a flavor link preselects the flavor and region; a flavor change drops an image that no longer fits', async ({
  page,
}) => {
  await signInAsDemo(page, '/instances/new')
  await choose(page, 'Region', 'eu-west-1')
  await page.getByRole('radio', { name: 'g1.mi300x.1x' }).check()
  const flavorId = /"flavorId": "([^"]+)"/.exec(
    (await page.getByRole('region', { name: 'Request preview' }).textContent()) ?? '',
  )?.[1]
  expect(flavorId).toBeTruthy()

  // The flavor table fits the form column, beside the request at 1440 px and full width at 1024: it never scrolls
  // sideways, and no heading wraps. Its box grows with the window: a fixed 380 px showed 6 of the region’s 19 flavors at 1440 × 900.
  const flavors = page.getByRole('table', { name: /^Flavor/ })
  for (const [width, height, shown] of [
    [1440, 900, 10],
    [1024, 768, 7],
  ] as const) {
    await page.setViewportSize({ width, height })
    const fit = await flavorTableFit(flavors)
    expect(fit, `at ${width} px`).toMatchObject({ sideways: 0, headingLines: [1, 1, 1, 1] })
    expect(fit.inView, `rows in view at ${width} px`).toBeGreaterThanOrEqual(Math.min(shown, fit.rows))
  }
  await page.setViewportSize({ width: 1440, height: 900 })

  await page.goto(`/instances/new?flavor=${flavorId}&region=${EU_WEST_1}`)
  await expect(page.getByRole('radio', { name: 'g1.mi300x.1x' })).toBeChecked()
  await expect(page.getByRole('main').getByRole('combobox', { name: 'Region', exact: true })).toHaveValue('eu-west-1')
  await choose(page, 'Image', /rocm-6\.4/)
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText('Image: ubuntu-24.04-rocm-6.4')
  // An NVIDIA flavor cannot run AMD drivers: the image is cleared rather than sent, saying why, as on edit.
  await page.getByRole('radio', { name: 'g1.h100.1x' }).check()
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText('image not chosen')
  await expect(page.getByText('ubuntu-24.04-rocm-6.4 does not suit g1.h100.1x: The image carries AMD')).toBeVisible()
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

  await page.getByRole('combobox', { name: 'Search' }).fill('h100')
  await expect(page).toHaveURL(/q=h100/)
  for (const name of ['trainer-h100-0', 'trainer-h100-1', 'notebook-priya'])
    await expect(table.getByRole('link', { name, exact: true })).toBeVisible()
  await expect(table.getByRole('link', { name: 'trainer-h200-0' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Remove network filter training-fabric' }).click()
  await expect(page).not.toHaveURL(/network=/)
  await expect(table.getByRole('link', { name: 'gpu-smoke-test' })).toBeVisible()
})

/** Opens an instance's detail page from the list of every project and region. */
async function openInstance(page: Page, name: string) {
  await signInAsDemo(page, '/instances?project=all&region=all')
  await page.getByRole('table', { name: 'Instances' }).getByRole('link', { name, exact: true }).click()
  await expect(page.getByRole('heading', { name, exact: true, level: 1 })).toBeVisible()
}

test('stop asks first and says what is kept; Escape cancels, Enter on the confirm stops it; start runs at once', async ({
  page,
}) => {
  await openInstance(page, 'spark-worker-0')
  const stop = page.getByRole('button', { name: 'Stop', exact: true })
  await expect(stop).toHaveAttribute('aria-haspopup', 'dialog')
  await stop.click()
  const dialog = page.getByRole('dialog', { name: 'Stop instance' })
  await expect(dialog).toContainText('This shuts down the guest operating system of spark-worker-0')
  await expect(dialog).toContainText(/It keeps its disk, its addresses \(10\.60\.\d+\.\d+\) and its security groups/)
  // Focus starts on the safe choice; Escape leaves the instance running.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(stop).not.toHaveAttribute('aria-disabled', 'true')

  await stop.click()
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('button', { name: 'Stop instance' })).toBeFocused()
  const badges = await recordBadges(page)
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Instance spark-worker-0 is stopping.')).toBeVisible()
  await expect(page.getByText('Stopped', { exact: true }).first()).toBeVisible({ timeout: 15_000 })
  expect(await badges()).toContain('Stopping')

  await page.getByRole('button', { name: 'Start', exact: true }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByText('Instance spark-worker-0 is starting.')).toBeVisible()
  await expect(page.getByText('Running', { exact: true }).first()).toBeVisible({ timeout: 15_000 })
})

test('a hard reboot is chosen from the keyboard, warned about, sent with hard=true, and the instance goes Pending then Running', async ({
  page,
}) => {
  await openInstance(page, 'spark-worker-1')
  await page.getByRole('button', { name: 'Reboot', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Reboot instance' })
  const soft = dialog.getByRole('radio', { name: 'Soft reboot (ACPI)' })
  const hard = dialog.getByRole('radio', { name: 'Hard reboot (power cycle)' })
  await expect(soft).toBeChecked()
  await expect(soft).toBeFocused()
  await expect(hard).toHaveAccessibleDescription(/no longer responds/)
  const sends = dialog.getByText('Sends')
  await expect(sends).toHaveText(
    /^Sends POST http:\/\/localhost:\d+\/local\/compute\/api\/v2\/instances\/[^/]+\/reboot$/,
  )
  await expect(dialog.getByText('Unsaved data in the guest is lost')).toHaveCount(0)

  await page.keyboard.press('ArrowDown')
  await expect(hard).toBeChecked()
  await expect(dialog.getByText('Unsaved data in the guest is lost')).toBeVisible()
  await expect(sends).toHaveText(/\/reboot\?hard=true$/)
  await expectAccessible(page)

  const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().includes('/reboot'))
  const badges = await recordBadges(page)
  await dialog.getByRole('button', { name: 'Hard reboot' }).click()
  expect(new URL((await sent).url()).searchParams.get('hard')).toBe('true')
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Instance spark-worker-1 is being power-cycled (hard reboot).')).toBeVisible()
  await expect(page.getByText('Running', { exact: true }).first()).toBeVisible({ timeout: 15_000 })
  expect(await badges()).toContain('Pending')
})

test('edit keeps the name, says why it cannot change, and removes a security group without asking; the detail page shows it', async ({
  page,
}) => {
  await openInstance(page, 'gateway-0')
  await page.getByRole('link', { name: 'Edit', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Edit gateway-0', level: 1 })).toBeVisible()
  // The platform refuses a rename with a 422: the name is shown, cannot be edited, and the form says why.
  const nameField = page.getByRole('textbox', { name: 'Name', exact: true })
  await expect(nameField).toHaveValue('gateway-0')
  await expect(nameField).not.toBeEditable()
  await expect(nameField).toHaveAccessibleDescription(/^Fixed once created: the platform does not rename an instance/)
  await expect(page.getByRole('radio', { name: 'c1.large' })).toBeChecked()
  await expect(page.getByRole('region', { name: 'Changes' })).toContainText('Nothing changed yet.')

  await choose(page, 'Security groups', 'monitoring')
  await page.keyboard.press('Escape')
  const changes = page.getByRole('region', { name: 'Changes' })
  await expect(changes).toContainText('Security groups: removes monitoring.')
  await expect(changes).not.toContainText('Renamed')
  const preview = page.getByRole('region', { name: 'Request preview' })
  await expect(preview).toContainText(/PUT.*\/local\/compute\/api\/v2\/instances\//)
  await expect(preview).toContainText('"name": "gateway-0"')
  await expectAccessible(page)

  const sent = page.waitForRequest((request) => request.method() === 'PUT' && request.url().includes('/instances/'))
  await page.getByRole('button', { name: 'Save changes' }).click()
  // What is sent names the instance as it is, so the platform's refusal of a rename never comes.
  expect((await sent).postDataJSON().metadata.name).toBe('gateway-0')
  await expect(page.getByRole('heading', { name: 'gateway-0', exact: true, level: 1 })).toBeVisible()
  await expect(page.getByText('Instance gateway-0 saved.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'inference-api', exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: 'monitoring', exact: true })).toHaveCount(0)
})

test('a new flavor asks before resizing, and the instance restarts on it with the rest of the edit', async ({
  page,
}) => {
  // The form's refusals at their fields (too many source addresses, a taken name) are integration tests.
  await openInstance(page, 'airflow')
  await page.getByRole('link', { name: 'Edit', exact: true }).click()
  await page.getByRole('radio', { name: 'c1.4xlarge' }).check()
  await expect(page.getByText(/^From c1\.xlarge to c1\.4xlarge\. The instance restarts/)).toBeVisible()
  await page.getByRole('textbox', { name: 'Allowed source addresses' }).fill('10.99.0.0/24\n10.98.0.0/24')

  const dialog = page.getByRole('dialog', { name: 'Resize instance' })
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(dialog).toContainText('airflow is resized from c1.xlarge to c1.4xlarge.')
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await expectAccessible(page)
  const badges = await recordBadges(page)
  await dialog.getByRole('button', { name: 'Save and resize' }).click()
  await expect(page.getByRole('heading', { name: 'airflow', level: 1, exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: 'c1.4xlarge' })).toBeVisible()
  await expect(page.getByText('10.98.0.0/24')).toBeVisible()
  await expect(page.getByText('Running', { exact: true }).first()).toBeVisible({ timeout: 15_000 })
  expect(await badges()).toContain('Pending')
})

// The list, an instance's page and the empty form are checked with every page (axe-walk.spec.ts).
test('the new instance form with its choices made has no serious accessibility violations in light and dark', async ({
  page,
}) => {
  await signInAsDemo(page, '/instances/new')
  await choose(page, 'Project', 'ml-research')
  await choose(page, 'Region', 'eu-west-1')
  await choose(page, 'Network', /^training-fabric/)
  await page.getByRole('radio', { name: 'g1.h100.1x' }).check()
  await expect(page.getByRole('button', { name: 'Create instance' })).toBeVisible()
  await expectAccessible(page)
})

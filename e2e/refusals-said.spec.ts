import { expect, test } from './fixtures'
import { answerNext, signInAsOwnCaller, unique } from './helpers'
import { ACME_ORG_ID, EU_WEST_1 } from '../server/local-cloud/catalog/ids'

// What the platform said, and only that: a conflict that is not about the name stays off Name, a refusal placed at a
// field carries its trace id, and a notification says the state the answer gave.

const GROUPS = `/local/identity/api/v1/organizations/${ACME_ORG_ID}/groups`
const IMAGES = `/local/region/api/v1/organizations/${ACME_ORG_ID}/regions/${EU_WEST_1}/images`
const DECOMMISSIONED = { error: 'conflict', error_description: 'the region is being decommissioned' }
const TRACE = /trace id [0-9a-f]{32}/i

test('a group create refused with a 409 about something else shows the platform’s words and trace id, not a taken name', async ({
  page,
  allowConsole,
}) => {
  allowConsole(/status of 409/)
  const name = unique('team')
  await signInAsOwnCaller(page, '/groups/new')
  await page.getByRole('textbox', { name: 'Name' }).fill(name)
  await answerNext(page, { method: 'POST', path: GROUPS, status: 409, body: DECOMMISSIONED })
  await page.getByRole('button', { name: 'Create group' }).click()

  const alert = page.getByRole('main').getByRole('alert')
  await expect(alert).toContainText('the region is being decommissioned')
  await expect(alert).toContainText(TRACE)
  const field = page.getByRole('textbox', { name: 'Name' })
  await expect(field).toHaveValue(name)
  await expect(field).not.toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('A group with this name already exists in this organization.')).toHaveCount(0)
})

/** The import form filled afresh for an image of this name: each refusal below is of an import never tried before. */
async function fillImport(page: import('@playwright/test').Page, name: string) {
  const main = page.getByRole('main')
  await main.getByRole('textbox', { name: 'Disk image URL' }).fill(`https://example.com/images/${name}.raw`)
  await main.getByRole('textbox', { name: 'Version' }).fill('24.04')
  await main.getByRole('textbox', { name: 'Name', exact: true }).fill(name)
  return main
}

// Three imports on one import form, each refused (or answered) by an answer injected just before its own submit: an
// injected answer is taken by the next create alone, and the ready answer, which leaves the form, comes last.
test('an image import refused with a 409 or at its URL says the platform’s words and trace id where they belong; one answered ready is announced ready', async ({
  page,
  allowConsole,
}) => {
  allowConsole(/status of 409/)
  allowConsole(/status of 400/)
  await signInAsOwnCaller(page, `/images/new?region=${EU_WEST_1}`)

  await test.step('an image import refused with a 409 keeps Name clear and says the platform’s words and trace id', async () => {
    const main = await fillImport(page, unique('noble'))
    await answerNext(page, { method: 'POST', path: IMAGES, status: 409, body: DECOMMISSIONED })
    await main.getByRole('button', { name: 'Import image' }).click()
    const alert = main.getByRole('alert')
    await expect(alert).toContainText('the region is being decommissioned')
    await expect(alert).toContainText(TRACE)
    await expect(main.getByRole('textbox', { name: 'Name', exact: true })).not.toHaveAttribute('aria-invalid', 'true')
  })

  await test.step('a refusal placed at the image’s URL carries its trace id there', async () => {
    const main = await fillImport(page, unique('noble'))
    const url = main.getByRole('textbox', { name: 'Disk image URL' })
    await expect(url).not.toHaveAttribute('aria-invalid', 'true')
    await answerNext(page, {
      method: 'POST',
      path: IMAGES,
      status: 400,
      body: {
        error: 'invalid_request',
        error_description: 'request body has an error: Error at "/spec/uri": the region could not download it',
      },
    })
    await main.getByRole('button', { name: 'Import image' }).click()
    await expect(url).toHaveAttribute('aria-invalid', 'true')
    await expect(url).toHaveAccessibleDescription(/The region could not download it \(trace id [0-9a-f]{32}\)/)
  })

  await test.step('an import the platform answered ready is announced ready, not pending', async () => {
    const main = await fillImport(page, unique('noble'))
    // The platform's answer: an image already ready (one the region lists stands in for it, so its page opens).
    const listed = await page.request.get(`/api${IMAGES.replace('/local', '')}`)
    const [own] = (await listed.json()) as { metadata: { name: string } }[]
    await answerNext(page, { method: 'POST', path: IMAGES, status: 200, body: { ...own!, status: { state: 'ready' } } })
    await main.getByRole('button', { name: 'Import image' }).click()
    await expect(page.getByRole('alert').filter({ hasText: `Image ${own!.metadata.name} created` })).toContainText(
      `Image ${own!.metadata.name} created; it is ready.`,
    )
  })
})

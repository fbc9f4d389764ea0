import { expect, test } from './fixtures'
import { answerNext, signInAsOwnCaller, unique } from './helpers'
import { ACME_ORG_ID, EU_WEST_1 } from '../server/local-cloud/catalog/ids'

// The list the console reads (the public v2 list), and the hidden v1 collection it imports into.
const IMAGES = `/local/region/api/v2/regions/${EU_WEST_1}/images`
const IMPORTS = `/local/region/api/v1/organizations/${ACME_ORG_ID}/regions/${EU_WEST_1}/images`

type Listed = { metadata: { id: string; name: string }; status?: { state?: string } }

test('the "created; it is pending" notice goes once the page shows the image in another state', async ({ page }) => {
  await signInAsOwnCaller(page, `/images/new?region=${EU_WEST_1}`)
  // The platform's answers, in order: the import pending, then reads of the list that still say pending (the page and
  // its first poll), then the region's own list, where the image is ready. An image the region lists stands in for
  // the new one (its id, so that the platform's later reads know it; a new name in the import's answer, which the form
  // lets through); the local cloud's own import is ready too soon to watch on a busy machine.
  const name = unique('noble')
  const listed = (await (await page.request.get(`/api${IMAGES.replace('/local', '')}`)).json()) as Listed[]
  const own = listed.find((image) => image.status?.state === 'ready')!
  const pending = { ...own, status: { ...own.status, state: 'pending' } }
  await answerNext(page, {
    method: 'POST',
    path: IMPORTS,
    status: 201,
    body: { ...pending, metadata: { ...own.metadata, name } },
  })
  // Three: the form's own check that the name is free may take one.
  for (let read = 0; read < 3; read++)
    await answerNext(page, {
      method: 'GET',
      path: IMAGES,
      status: 200,
      body: listed.map((image) => (image === own ? pending : image)),
    })

  const main = page.getByRole('main')
  await main.getByRole('textbox', { name: 'Disk image URL' }).fill(`https://example.com/images/${name}.raw`)
  await main.getByRole('textbox', { name: 'Version' }).fill('24.04')
  await main.getByRole('textbox', { name: 'Name', exact: true }).fill(name)
  await main.getByRole('button', { name: 'Import image' }).click()

  const notice = page.getByText(`Image ${name} created; it is pending.`)
  await expect(notice).toBeVisible()
  // Ready: only then does the page offer to boot an instance from it. The notice no longer says what is true.
  await expect(page.getByRole('link', { name: 'Create instance from this image' })).toBeVisible({ timeout: 15_000 })
  // Gone as the page changes (its closing slide), not after the notice's own timer.
  await expect(notice).toHaveCount(0, { timeout: 1_000 })
})

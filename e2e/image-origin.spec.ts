import type { ConsoleMessage, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { answerNext, signInAsOwnCaller, unique } from './helpers'
import { EU_WEST_1 } from '../server/local-cloud/catalog/ids'

// The console knows an image's origin, and how it was made, only from what the platform's answer says.

// The list the console reads: the public v2 list.
const IMAGES = `/local/region/api/v2/regions/${EU_WEST_1}/images`

type Listed = { metadata: { id: string; name: string; createdBy?: string; tags?: unknown[] }; status?: unknown }

/** Opens the page of an image the region's next list answer adds to the images it listed, made from the first. */
async function openListed(page: Page, listed: Listed[], made: (base: Listed) => Listed) {
  const added = made(listed[0]!)
  // Off the page first: its own reads of the same list (a refetch as it settles) would take the answer meant for the
  // image's page.
  await page.goto('about:blank')
  await answerNext(page, { method: 'GET', path: IMAGES, status: 200, body: [...listed, added] })
  await page.goto(`/images/${added.metadata.id}?region=${EU_WEST_1}`)
  await expect(page.getByRole('heading', { name: added.metadata.name, level: 1 })).toBeVisible()
}

test('an image answered without createdBy is not said to be the platform’s and may be deleted; a failed snapshot’s page gives no import advice', async ({
  page,
  allowConsole,
}) => {
  await signInAsOwnCaller(page, `/images?region=${EU_WEST_1}`)
  const listed = (await (await page.request.get(`/api${IMAGES.replace('/local', '')}`)).json()) as Listed[]

  await test.step('an image answered without createdBy is not said to be the platform’s, and its delete is offered', async () => {
    // The snapshot's page below is allowed its 404s for the whole test; this page must log none.
    const notFound: string[] = []
    const note = (message: ConsoleMessage) => {
      if (/status of 404/.test(message.text())) notFound.push(message.text())
    }
    page.on('console', note)
    const name = unique('imported')
    await openListed(page, listed, (base) => ({
      ...base,
      metadata: { id: name, name },
      status: { state: 'ready' },
    }))
    const main = page.getByRole('main')
    await expect(main).not.toContainText('The platform')
    await expect(main).toContainText('Not said')
    const remove = main.getByRole('button', { name: 'Delete' })
    await expect(remove).not.toHaveAttribute('aria-disabled', 'true')
    await remove.click()
    await expect(page.getByRole('dialog', { name: 'Delete image' })).toBeVisible()
    page.off('console', note)
    expect(notFound).toEqual([])
  })

  await test.step('a failed snapshot’s page gives no import advice', async () => {
    // Allowed: the instance it was taken of is gone, which its page looks up.
    allowConsole(/status of 404/)
    const name = unique('snap')
    await openListed(page, listed, (base) => ({
      ...base,
      metadata: {
        id: name,
        name,
        createdBy: 'alex.morgan@acme.example',
        tags: [{ name: 'snapshot-of-instance', value: 'i-gone' }],
      },
      status: { state: 'failed' },
    }))
    const notice = page.getByRole('main').getByRole('alert')
    await expect(notice).toContainText('The platform reports this snapshot as failed')
    await expect(notice).not.toContainText('import')
    await expect(page.getByRole('main')).toContainText('Snapshot of')
  })
})

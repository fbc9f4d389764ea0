import { expect, test } from './fixtures'
import { expectAccessible, narrowToPhone, openInApp, signInAsDemo, unique } from './helpers'
import { ACME_ORG_ID, EU_WEST_1 } from '../server/local-cloud/catalog/ids'

// The lists on a phone, reached through the router after one page load.
test('on a phone a list’s rows come first, a cut tag’s count shows whole, the line under each row runs unbroken, filters fold and bulk actions wait for a tick', async ({
  page,
}) => {
  // Signed in on a page that reads no networks (the projects list), so that the networks list read below is the
  // first, and holds the network made here: a list read before its create would be kept for a while.
  await signInAsDemo(page, '/projects')
  const name = unique('chips')
  const projects = await page.request.get(`/api/identity/api/v1/organizations/${ACME_ORG_ID}/projects`)
  const projectId = ((await projects.json()) as { metadata: { id: string } }[])[0]!.metadata.id
  const created = await page.request.post('/api/region/api/v2/networks', {
    headers: { 'X-Requested-With': 'cloud-console' },
    data: {
      metadata: {
        name,
        tags: [
          { name: 'environment', value: 'staging-with-a-long-value' },
          { name: 'team', value: 'data' },
        ],
      },
      spec: {
        organizationId: ACME_ORG_ID,
        projectId,
        regionId: EU_WEST_1,
        prefix: '10.201.0.0/16',
        dnsNameservers: [],
      },
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  await narrowToPhone(page)
  await openInApp(page, '/networks?project=all&region=all')

  await test.step('a row whose first tag is cut still shows how many more it has, whole', async () => {
    const row = page
      .getByRole('table', { name: 'Networks' })
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name, exact: true }) })
    const more = row.getByText('+1', { exact: true })
    await expect(more).toBeVisible()
    // The first tag gives way to the line's width; the marker does not: it was cut to "+" where the line clips.
    const [marker, line] = await more.evaluate((element) => {
      let clip = element.parentElement!
      while (getComputedStyle(clip).overflowX === 'visible') clip = clip.parentElement!
      return [element.getBoundingClientRect().right, clip.getBoundingClientRect().right]
    })
    expect(marker).toBeLessThanOrEqual(line! + 0.5)
  })

  await test.step('the line under each row runs unbroken under the name column kept in view', async () => {
    const table = page.getByRole('table', { name: 'Networks' })
    await expect(table.getByRole('link', { name: 'data-lake' })).toBeVisible()
    // Rows of two lines (a name and its tags) start between two pixels, where the kept cell's background covered the
    // line a collapsed border shared between rows.
    // The rows whose bottom line is on screen (the screenshot's), however many networks other tests have added.
    const rows = await table.locator('tbody tr').evaluateAll((trs) =>
      trs
        .slice(0, -1)
        .map((tr) => {
          const [name, prefix] = [...tr.querySelectorAll('td')].map((td) => td.getBoundingClientRect())
          return {
            bottom: name!.bottom,
            nameX: name!.left + name!.width / 2,
            prefixX: prefix!.left + prefix!.width / 2,
          }
        })
        .filter((row) => row.bottom + 2 < innerHeight),
    )
    expect(rows.length).toBeGreaterThan(2)
    const shot = (await page.screenshot()).toString('base64')
    // The screenshot's pixels, read back through a canvas in a page of its own.
    const pixels = await page.context().newPage()
    const lines = await pixels.evaluate(
      async ({ png, rows }) => {
        const image = new Image()
        image.src = `data:image/png;base64,${png}`
        await image.decode()
        const canvas = new OffscreenCanvas(image.width, image.height)
        const context = canvas.getContext('2d', { willReadFrequently: true })!
        context.drawImage(image, 0, 0)
        const at = (x: number, y: number) =>
          [...context.getImageData(Math.round(x), y, 1, 1).data.slice(0, 3)].join(',')
        return rows.map(({ bottom, nameX, prefixX }) => {
          // The line is the pixel row near the row's bottom that differs from the cell's background in the prefix
          // column.
          const background = at(prefixX, Math.floor(bottom) - 8)
          const y = [-2, -1, 0, 1].map((d) => Math.floor(bottom) + d).find((row) => at(prefixX, row) !== background)
          return {
            prefix: y === undefined ? undefined : at(prefixX, y),
            name: y === undefined ? undefined : at(nameX, y),
          }
        })
      },
      { png: shot, rows },
    )
    await pixels.close()
    for (const line of lines) {
      expect(line.prefix).toBeDefined()
      expect(line.name).toBe(line.prefix)
    }
  })

  await test.step('a list shows its rows first: filters fold behind one button, bulk actions wait for a tick', async () => {
    await openInApp(page, '/instances?project=all&region=all&tag=team%3Dresearch')
    const main = page.getByRole('main')
    const table = page.getByRole('table', { name: 'Instances' })
    await expect(table.getByRole('link', { name: 'trainer-h100-0', exact: true })).toBeVisible()

    // One button in place of the project, region, tag and network filters, saying how many are set (the tag).
    const filters = main.getByRole('button', { name: 'Filters, 1 set' })
    await expect(filters).toHaveAttribute('aria-expanded', 'false')
    await expect(main.getByLabel('Tags', { exact: true })).toHaveCount(0)
    await expect(main.getByRole('toolbar', { name: 'Bulk actions' })).toHaveCount(0)
    // The table starts in the first screen's upper half, with rows under it.
    const top = (await table.boundingBox())!.y
    expect(top).toBeLessThan(422)
    await expectAccessible(page)

    await filters.click()
    await expect(filters).toHaveAttribute('aria-expanded', 'true')
    await expect(main.getByLabel('Tags', { exact: true })).toBeVisible()
    await expect(main.getByText('team=research').first()).toBeVisible()

    await table.getByRole('checkbox', { name: 'Select trainer-h100-0' }).check()
    const bar = main.getByRole('toolbar', { name: 'Bulk actions' })
    await expect(bar.getByText('1 selected')).toBeVisible()
    await bar.getByRole('button', { name: 'Clear selection' }).click()
    await expect(bar).toHaveCount(0)
  })
})

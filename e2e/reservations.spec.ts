import { expect, test } from './fixtures'
import { choose, openInApp, signInAsDemo, unique } from './helpers'
import { ACME_ORG_ID, EU_WEST_1, US_EAST_1 } from '../server/local-cloud/catalog/ids'

interface Named {
  metadata: { id: string; name: string }
}

// us-east-1 offers three GB300 NVL72 units, side by side, which no other spec reserves: this one reserves all three,
// places two servers spread over two of them, and releases the third.
test('reserve units (507 for too many), place two servers with spread, reboot one, release a free unit after a 412', async ({
  page,
  allowConsole,
}) => {
  test.slow()
  // The refusals this test provokes.
  allowConsole(/status of 507 .*\/reservations\)/)
  allowConsole(/status of 412 .*\/units\/release\)/)
  const name = unique('e2e-res')
  await signInAsDemo(page, '/reservations/new')
  const main = page.getByRole('main')
  await main.getByLabel('Name').fill(name)
  await choose(page, 'Project', /ml-research/)
  await choose(page, 'Region', /us-east-1/)
  await choose(page, 'Reservation unit', /GB300 NVL72/)
  await main.getByLabel('Units').fill('4')
  await expect(main.getByText(/The platform will refuse 4\./)).toBeVisible()
  await main.getByRole('button', { name: 'Create reservation' }).click()
  await expect(main.getByRole('alert')).toContainText('insufficient capacity')
  await expect(main.getByLabel('Name')).toHaveValue(name)
  await main.getByLabel('Units').fill('3')
  await main.getByRole('button', { name: 'Create reservation' }).click()
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  const reservationId = page.url().split('/').pop()!

  // Two servers spread over two units.
  const placement = unique('e2e-spread')
  await openInApp(page, `/placements/new?reservation=${reservationId}`)
  await main.getByLabel('Name').fill(placement)
  await choose(page, 'Project', /ml-research/)
  await choose(page, 'Region', /us-east-1/)
  await choose(page, 'Reservation', new RegExp(name))
  await choose(page, 'Network', /experiments-us/)
  await main.getByLabel('Min domains').fill('2')
  await expect(main.getByRole('list', { name: 'What these constraints do' })).toContainText(
    'at least 2 units must get a server',
  )
  await choose(page, 'Image', /ubuntu-24.04/)
  await main.getByRole('button', { name: 'Create placement' }).click()
  await expect(page.getByRole('heading', { name: placement, level: 1 })).toBeVisible()
  const servers = main.getByRole('region', { name: 'Servers' })
  await expect(servers.getByText('Running')).toHaveCount(2, { timeout: 30_000 })
  await servers.getByRole('button', { name: `Reboot ${placement}-0`, exact: true }).click()
  await expect(page.getByText(`Reboot of ${placement}-0 accepted.`)).toBeVisible()

  // The third unit is free; meanwhile, elsewhere, one more server is packed onto the first: the tag read is stale.
  await openInApp(page, `/reservations/${reservationId}`)
  const units = main.getByRole('group', { name: 'Units to release' })
  // Spread dealt one server to each of the first two units; the third, nvl-1-c, has none.
  await expect(units).toContainText('pod-1 / nvl-1-c18 hosts; no servers')
  await units.getByRole('checkbox', { name: 'pod-1 / nvl-1-c' }).check()
  const api = async (path: string) => (await page.request.get(path)).json()
  const projects = await api(`/api/identity/api/v1/organizations/${ACME_ORG_ID}/projects`)
  const projectId = projects.find((p: Named) => p.metadata.name === 'ml-research').metadata.id
  const networks = await api(`/api/region/api/v2/networks?projectID=${projectId}&regionID=${US_EAST_1}`)
  const images = await api(`/api/region/api/v2/regions/${US_EAST_1}/images`)
  const placed = await page.request.post('/api/reservation/api/v2/placements', {
    headers: { 'X-Requested-With': 'cloud-console' },
    data: {
      metadata: { name: unique('e2e-elsewhere') },
      spec: {
        organizationId: ACME_ORG_ID,
        projectId,
        reservationId,
        networkId: networks.find((n: Named) => n.metadata.name === 'experiments-us').metadata.id,
        count: 1,
        constraints: { policy: 'pack' },
        serverSpec: { imageId: images.find((i: Named) => i.metadata.name.startsWith('ubuntu-24.04')).metadata.id },
      },
    },
  })
  expect(placed.status(), await placed.text()).toBe(202)
  const release = async () => {
    await main.getByRole('button', { name: 'Release unit' }).click()
    await page.getByRole('dialog', { name: 'Release unit?' }).getByRole('button', { name: 'Release unit' }).click()
  }
  await release()
  await expect(main.getByRole('alert')).toContainText('The topology changed since this page read it')
  await release()
  await expect(page.getByText('1 unit released.')).toBeVisible()
})

test('find a host in the topology picture by keyboard: the arrow keys walk the hosts, and each is named', async ({
  page,
}) => {
  await signInAsDemo(page, `/topology?region=${EU_WEST_1}&accelerator=GB300`)
  const grid = page.getByRole('grid', { name: 'Hosts of GB300 NVL72 in eu-west-1' })
  const first = grid.getByRole('gridcell').first()
  // The picture is drawn before the Tab that should reach it: pressed sooner, Tab left the page's last field for the
  // next thing on the page, and the picture never had focus (one gate).
  await expect(first).toBeVisible()
  await page.getByRole('combobox', { name: 'Accelerator' }).focus()
  // Tab reaches the picture: one stop, its first host.
  await page.keyboard.press('Tab')
  await expect(first).toBeFocused()
  await expect(page.getByText('pod-1 / nvl-1-a, host 1: placed')).toBeVisible()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('End')
  const focused = grid.getByRole('gridcell', {
    name: /nvl-1-b, host 18: reserved, free to place, reservation gb300-pretrain$/,
  })
  await expect(focused).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await expect(grid.getByRole('gridcell', { name: /nvl-2-a, host 18: reserved by another organization/ })).toBeFocused()
  await page.keyboard.press('Home')
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('ArrowUp')
  await expect(
    grid.getByRole('gridcell', {
      name: /nvl-1-b, host 1: placed, reservation gb300-pretrain, placement pretrain-workers, server pretrain-workers-\d+ \(Running\)/,
    }),
  ).toBeFocused()
  await expect(page.getByRole('link', { name: 'pretrain-workers' })).toBeVisible()
})

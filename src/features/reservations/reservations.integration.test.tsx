import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { choose, consoleForFile, fill, renderRoute, valueOf, warmRoutes } from '../../test/console-harness'
import { releaseElsewhere } from '../../test/release-elsewhere'

// One local cloud for this file. Acme's scope in eu-west-1 holds 7 GB300 NVL72 units: its demo reservation holds two,
// Globex one, so four are free, at most two side by side. Each test makes reservations of its own in us-east-1
// (three units, side by side) or reads the demo's.
const RESERVATIONS = '/api/reservation/api/v2/reservations'
const PLACEMENTS = '/api/reservation/api/v2/placements'
const harness = consoleForFile()
let usEast1 = ''
beforeAll(async () => {
  usEast1 = await harness.regionId('us-east-1')
})
let demoReservation: string
let org: string
let project: string

interface Created {
  metadata: { id: string }
}

beforeAll(async () => {
  demoReservation = await harness.idOf(RESERVATIONS, 'gb300-pretrain')
  project = await harness.idOf(harness.identity('/projects'), 'ml-research')
  org = harness.identity('').split('/').filter(Boolean).pop()!
  await warmRoutes('/reservations', '/reservations/new', `/reservations/${demoReservation}`)
})

/**
 * Units of us-east-1's GB300 NVL72 by default; `h200`, of eu-west-1's H200 HGX8 (one host each), for a test that must
 * not take the GB300 units the others share.
 */
const reserve = async (name: string, count: number, unit: 'gb300' | 'h200' = 'gb300') =>
  harness.platform<Created>(RESERVATIONS, {
    method: 'POST',
    body: {
      metadata: { name },
      spec: {
        organizationId: org,
        projectId: project,
        ...(unit === 'gb300'
          ? { regionId: usEast1, accelerator: 'GB300', unit: 'NVL72' }
          : { regionId: await harness.regionId('eu-west-1'), accelerator: 'H200', unit: 'HGX8' }),
        count,
      },
    },
  })

describe('reservation list', () => {
  it('shows the catalog per region with what is free, and the reservations', async () => {
    renderRoute('/reservations?project=all&region=all')
    const catalog = within(await screen.findByRole('region', { name: 'Reservation units' }))
    const row = await catalog.findByRole('row', { name: /eu-west-1 GB300 NVL72/ })
    // Free, longest contiguous, total.
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(-3),
    ).toEqual(['4', '2', '7'])
    expect(await screen.findByRole('link', { name: 'gb300-pretrain' })).toBeTruthy()
  })
})

describe('reservation create', () => {
  it('says before sending that too many units do not fit, keeps the form on the platform’s 507, then reserves', async () => {
    const { user, router } = renderRoute('/reservations/new')
    await fill(user, await screen.findByRole('textbox', { name: /^Name/ }), 'int-too-many')
    await choose(user, /^Project/, /ml-research/)
    await choose(user, /^Region/, /eu-west-1/)
    await choose(user, /^Reservation unit/, /GB300 NVL72/)
    await fill(user, screen.getByRole('textbox', { name: /^Units/ }), '3')
    expect(
      await screen.findByText(
        /4 units are free, but not side by side: the longest contiguous run is 2\. The platform will refuse 3\./,
      ),
    ).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Create reservation' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toMatch(/^Not enough free capacity/)
    expect(alert.textContent).toMatch(/insufficient capacity: no contiguous set of 3 GB300 NVL72/)
    // The form stays as it was typed.
    expect(valueOf(screen.getByRole('textbox', { name: /^Name/ }))).toBe('int-too-many')
    expect(valueOf(screen.getByRole('textbox', { name: /^Units/ }))).toBe('3')
    // Tried again with units the form itself refuses: the platform's earlier refusal is no longer shown as the answer.
    await fill(user, screen.getByRole('textbox', { name: /^Units/ }), '0')
    await user.click(screen.getByRole('button', { name: 'Create reservation' }))
    await waitFor(() => expect(screen.queryByText(/insufficient capacity/)).toBeNull())
    expect(screen.getByRole('textbox', { name: /^Units/ }).getAttribute('aria-invalid')).toBe('true')
    await fill(user, screen.getByRole('textbox', { name: /^Units/ }), '2')
    expect(await screen.findByText(/2 contiguous NVL72 units free/)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Create reservation' }))
    expect(await screen.findByRole('heading', { name: 'int-too-many', level: 1 })).toBeTruthy()
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/reservations\/[^/]+$/))
  })
})

describe('reservation page: its delete', () => {
  it('names, before the delete, the placements that go with it and their servers, a node pool’s workers by its pool', async () => {
    const placements = (
      await harness.platform<
        { metadata: { id: string; name: string }; spec: { count: number }; status: { reservationId: string } }[]
      >(PLACEMENTS)
    ).filter((p) => p.status.reservationId === demoReservation)
    const pools =
      await harness.platform<{ metadata: { name: string }; status: { reservation?: { placementId?: string } } }[]>(
        '/api/nks/api/v1/nodepools',
      )
    const expected = placements.map((p) => {
      const pool = pools.find((one) => one.status.reservation?.placementId === p.metadata.id)
      const servers = `${p.spec.count} server${p.spec.count === 1 ? '' : 's'}`
      return `${p.metadata.name}: ${servers}${pool ? `, the workers of node pool ${pool.metadata.name}` : ''}`
    })
    // The demo's reservation holds a node pool's placement: the case to warn of.
    expect(expected.some((line) => line.includes('node pool'))).toBe(true)

    const { user } = renderRoute(`/reservations/${demoReservation}`)
    await user.click(await screen.findByRole('button', { name: 'Delete' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete reservation' }))
    const listed = await dialog.findByRole('list', { name: 'Deleted with it' })
    await waitFor(() =>
      expect(
        within(listed)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(expected),
    )
    await user.click(dialog.getByRole('button', { name: 'Cancel' }))
  })
})

describe('reservation page: releasing units', () => {
  it('counts a one-host unit’s host in the singular', async () => {
    const created = await reserve('int-one-host', 1, 'h200')
    renderRoute(`/reservations/${created.metadata.id}`)
    expect(await screen.findByText(/^1 host; no servers$/)).toBeTruthy()
  })

  it('asks before releasing, naming the units and what the reservation holds after; Cancel releases nothing', async () => {
    const created = await reserve('int-asked', 2, 'h200')
    const { user } = renderRoute(`/reservations/${created.metadata.id}`)
    const units = await screen.findByRole('group', { name: 'Units to release' })
    const [first] = await within(units).findAllByRole('checkbox')
    await user.click(first!)
    await user.click(screen.getByRole('button', { name: 'Release unit' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Release unit?' }))
    const unit = within(first!.closest('.mantine-Checkbox-root') as HTMLElement).getByText(/^pod-/).textContent!
    expect(dialog.getByText(new RegExp(`^${unit} goes back to the platform.*then holds 1 unit\\.$`))).toBeTruthy()
    await user.click(dialog.getByRole('button', { name: 'Cancel' }))
    const read = await harness.platform<{ status: { claimedUnitCount: number } }>(
      `${RESERVATIONS}/${created.metadata.id}`,
    )
    expect(read.status.claimedUnitCount).toBe(2)
  })

  it('names each blocker of a unit that runs servers (422) and links to its placement; none is released', async () => {
    const { user } = renderRoute(`/reservations/${demoReservation}`)
    const units = await screen.findByRole('group', { name: 'Units to release' })
    for (const box of await within(units).findAllByRole('checkbox')) await user.click(box)
    await user.click(screen.getByRole('button', { name: 'Release 2 units' }))
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Release 2 units?' })).getByRole('button', {
        name: 'Release 2 units',
      }),
    )
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText(/none was released/)).toBeTruthy()
    const links = within(alert).getAllByRole('link', { name: 'pretrain-workers' })
    expect(links).toHaveLength(2)
    expect(links[0]!.getAttribute('href')).toMatch(/^\/placements\//)
    // A node pool's placement: the pool is what gives the hosts up, so it is named, with its cluster's page.
    const placements =
      await harness.platform<{ metadata: { id: string }; status: { reservationId: string } }[]>(PLACEMENTS)
    const pools = await harness.platform<
      {
        metadata: { name: string }
        spec: { clusterId: string }
        status: { reservation?: { placementId?: string } }
      }[]
    >('/api/nks/api/v1/nodepools')
    const pool = pools.find((one) =>
      placements.some(
        (p) => p.status.reservationId === demoReservation && p.metadata.id === one.status.reservation?.placementId,
      ),
    )!
    const named = await within(alert).findAllByRole('link', { name: pool.metadata.name })
    for (const link of named) expect(link.getAttribute('href')).toBe(`/clusters/${pool.spec.clusterId}`)
    expect(alert.textContent).toContain(`the workers of node pool ${pool.metadata.name}: scale the pool down`)
  })

  it('sends the entity tag it read: a change made elsewhere meanwhile is a 412, and the page says what changed', async () => {
    const created = await reserve('int-release-412', 2)
    const { user } = renderRoute(`/reservations/${created.metadata.id}`)
    const units = await screen.findByRole('group', { name: 'Units to release' })
    const [first] = await within(units).findAllByRole('checkbox')
    // Elsewhere (another tab, a colleague): a server is placed on the reservation, which changes its topology.
    const networks = await harness.platform<{ metadata: { id: string; name: string } }[]>(
      `/api/region/api/v2/networks?projectID=${project}&regionID=${usEast1}`,
    )
    const images = await harness.platform<{ metadata: { id: string; name: string } }[]>(
      `/api/region/api/v2/regions/${usEast1}/images`,
    )
    await harness.platform(PLACEMENTS, {
      method: 'POST',
      body: {
        metadata: { name: 'int-elsewhere' },
        spec: {
          organizationId: org,
          projectId: project,
          reservationId: created.metadata.id,
          networkId: networks[0]!.metadata.id,
          count: 1,
          constraints: { policy: 'pack' },
          serverSpec: { imageId: images.find((i) => i.metadata.name.startsWith('ubuntu-24.04'))!.metadata.id },
        },
      },
    })
    await user.click(first!)
    await user.click(screen.getByRole('button', { name: 'Release unit' }))
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Release unit?' })).getByRole('button', {
        name: 'Release unit',
      }),
    )
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('The topology changed since this page read it')).toBeTruthy()
    expect(within(alert).getByText(/now runs placement servers\./)).toBeTruthy()
    // Read again: the page shows the unit occupied now, and the tick is kept.
    expect(await screen.findByText(/runs placement servers$/)).toBeTruthy()
    expect((first as HTMLInputElement).checked).toBe(true)
  })
})

describe('reservation page: a release made elsewhere', () => {
  it('reads the reservation again with the topology after the 412, so its units held are the platform’s', async () => {
    const created = await reserve('int-released-elsewhere', 2, 'h200')
    const { user } = renderRoute(`/reservations/${created.metadata.id}`)
    const main = within(screen.getByRole('main'))
    expect(await main.findByText('2 of 2 reserved')).toBeTruthy()
    const [first] = await within(await screen.findByRole('group', { name: 'Units to release' })).findAllByRole(
      'checkbox',
    )
    // Elsewhere (another tab): one unit released.
    await releaseElsewhere(harness, org, created.metadata.id, 'last')

    await user.click(first!)
    await user.click(screen.getByRole('button', { name: 'Release unit' }))
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Release unit?' })).getByRole('button', {
        name: 'Release unit',
      }),
    )
    expect(await screen.findByText('The topology changed since this page read it')).toBeTruthy()
    expect(await main.findByText('1 of 2 reserved')).toBeTruthy()
  })
})

// The NKS document's nodePoolReservationStatusV1.placementId: the demo's gb300 pool holds its workers' hosts through a
// placement it manages. Its page names the pool, and its Delete, which the platform refuses while the pool has it,
// says so before and after the click.
describe('placement page: a node pool’s placement', () => {
  it('names the pool that manages it, and shows the platform’s refusal of its delete in the dialog', async () => {
    const pools = await harness.platform<
      {
        metadata: { id: string; name: string }
        spec: { clusterId: string; replicas: number }
        status: { reservation?: { placementId?: string } }
      }[]
    >('/api/nks/api/v1/nodepools')
    const pool = pools.find((p) => p.status.reservation?.placementId)!
    const placementId = pool.status.reservation!.placementId!
    const placement = await harness.platform<{ metadata: { name: string } }>(`${PLACEMENTS}/${placementId}`)
    const { name } = placement.metadata
    const { user } = renderRoute(`/placements/${placementId}`)
    expect(await screen.findByRole('heading', { name, level: 1 })).toBeTruthy()
    const manager = await screen.findByRole('link', { name: `Node pool ${pool.metadata.name}` })
    expect(manager.getAttribute('href')).toBe(`/clusters/${pool.spec.clusterId}`)

    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Delete' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete placement' }))
    expect(await dialog.findByText('In use by 1 node pool')).toBeTruthy()
    await fill(user, dialog.getByRole('textbox', { name: `Type ${name} to confirm` }), name)
    await user.click(dialog.getByRole('button', { name: 'Delete placement' }))
    expect(
      await dialog.findByText(
        `placement ${name} is in use and cannot be deleted: used by node pools ${pool.metadata.name} (${pool.metadata.id})`,
      ),
    ).toBeTruthy()
    const refusal = within(dialog.getByRole('alert'))
    expect(refusal.getByText('The placement was not deleted')).toBeTruthy()
    expect(refusal.getByRole('link', { name: pool.metadata.name }).getAttribute('href')).toBe(
      `/clusters/${pool.spec.clusterId}`,
    )
    // Still there, with all its servers.
    const after = await harness.platform<{ spec: { count: number } }>(`${PLACEMENTS}/${placementId}`)
    expect(after.spec.count).toBe(pool.spec.replicas)
  })
})

import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { choose, consoleForFile, fill, renderRoute, warmRoutes } from '../../test/console-harness'
import { releaseElsewhere } from '../../test/release-elsewhere'

// One local cloud for this file; the tests read the demo's serving cluster or make clusters of their own names.
const CLUSTERS = '/api/nks/api/v1/clusters'
const harness = consoleForFile()
let serving: string
let pretraining: string
beforeAll(async () => {
  serving = await harness.idOf(CLUSTERS, 'serving-k8s')
  pretraining = await harness.idOf(CLUSTERS, 'pretrain-k8s')
  await warmRoutes('/clusters', '/clusters/new', `/clusters/${serving}`)
})

interface PoolRead {
  metadata: { description?: string }
  spec: {
    clusterId: string
    provisioningMode: string
    replicas: number
    compute?: unknown
    reservation?: unknown
    taints?: unknown
  }
}

const releaseOptions = async () => {
  const { user } = renderRoute('/clusters/new')
  await choose(user, /^Network/, /^training-fabric|^experiments-us/)
  await user.click(screen.getByRole('combobox', { name: /^Platform release/ }))
  return { user, offered: (await screen.findAllByRole('option')).map((option) => option.textContent) }
}

describe('cluster list', () => {
  it('lists the demo clusters, each with its release', async () => {
    renderRoute('/clusters?project=all&region=all')
    const table = await screen.findByRole('table', { name: 'Clusters' })
    for (const name of ['serving-k8s', 'pretrain-k8s']) {
      const row = (await within(table).findByRole('link', { name })).closest('tr')!
      expect(within(row).getByText('nks-1-32-3')).toBeTruthy()
    }
  })
})

describe('cluster create', () => {
  it('offers only the releases selectable in the region, and says why each other is not offered', async () => {
    await harness.workIn('ml-research', 'eu-west-1')
    const { offered } = await releaseOptions()
    expect(offered).toEqual([
      'NKS 1.34.0-beta.1 (Kubernetes v1.34.0-beta.1, prerelease)',
      'NKS 1.33.1 (Kubernetes v1.33.1)',
      'NKS 1.32.3 (Kubernetes v1.32.3)',
    ])
    expect(
      screen.getByText(
        'Not offered in eu-west-1: NKS 1.32.2 (withdrawn: The API server image carries CVE-2026-1102; use NKS 1.32.3.); NKS 1.31.6 (deprecated).',
      ),
    ).toBeTruthy()
  })

  it('leaves out, in another region, a release not yet rolled out there', async () => {
    await harness.workIn('ml-research', 'us-east-1')
    const { offered } = await releaseOptions()
    expect(offered).toEqual(['NKS 1.32.3 (Kubernetes v1.32.3)'])
    expect(screen.getByText(/NKS 1\.33\.1 \(not yet in us-east-1\)/)).toBeTruthy()
  })

  it('checks the pod and service ranges against the network and each other at the field, and keeps the input', async () => {
    await harness.workIn('ml-research', 'eu-west-1')
    const { user } = renderRoute('/clusters/new')
    await fill(user, await screen.findByRole('textbox', { name: /^Name/ }), 'int-ranges')
    // The document's defaults, until changed.
    const pods = screen.getByRole('textbox', { name: /^Pod range/ })
    const services = screen.getByRole('textbox', { name: /^Service range/ })
    expect((pods as HTMLInputElement).value).toBe('10.240.0.0/12')
    expect((services as HTMLInputElement).value).toBe('10.96.0.0/16')
    await fill(user, services, '10.20.128.0/20')
    await choose(user, /^Network/, /^training-fabric/)
    expect(await screen.findByText("The service range overlaps the network's addresses (10.20.0.0/16).")).toBeTruthy()
    await fill(user, services, '10.96.0.0/16')
    await fill(user, pods, '10.96.0.0/12')
    await user.tab()
    expect(
      await screen.findByText('The pod range overlaps the service range: the two must not share addresses.'),
    ).toBeTruthy()
    expect(screen.queryByText(/overlaps the network's addresses/)).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Create cluster' }))
    expect(pods.getAttribute('aria-invalid')).toBe('true')
    expect((screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('int-ranges')
  })

  it('creates a cluster on the network at the suggested release and opens its page', async () => {
    await harness.workIn('ml-research', 'eu-west-1')
    const { user, router } = renderRoute('/clusters/new')
    await fill(user, await screen.findByRole('textbox', { name: /^Name/ }), 'int-created')
    await choose(user, /^Network/, /^training-fabric/)
    // The newest release that is no prerelease is chosen with the network.
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Platform release/ })).toHaveProperty(
        'value',
        'NKS 1.33.1 (Kubernetes v1.33.1)',
      ),
    )
    await user.click(screen.getByRole('button', { name: 'Create cluster' }))
    expect(await screen.findByRole('heading', { name: 'int-created', level: 1 })).toBeTruthy()
    const id = router.state.location.pathname.split('/').pop()
    const saved = await harness.platform<{ spec: { platformReleaseId: string; clusterNetwork: unknown } }>(
      `${CLUSTERS}/${id}`,
    )
    expect(saved.spec).toMatchObject({
      platformReleaseId: 'nks-1-33-1',
      clusterNetwork: { podCidr: '10.240.0.0/12', serviceCidr: '10.96.0.0/16' },
    })
  })
})

describe('cluster page', () => {
  it('shows the control plane, each pool’s workers and the endpoints, and scales a pool', async () => {
    const { user } = renderRoute(`/clusters/${serving}`)
    expect(await screen.findByRole('heading', { name: 'serving-k8s', level: 1 })).toBeTruthy()
    const main = within(screen.getByRole('main'))
    expect(main.getByText('3 of 3 replicas ready')).toBeTruthy()
    expect(main.getByText('cluster is available')).toBeTruthy()
    expect(main.getByText(/^https:\/\/api\..*\.nks\.example\.com:6443$/)).toBeTruthy()
    const pools = await main.findByRole('table', { name: 'Node pools' })
    expect(within(pools).getByRole('cell', { name: 'Desired workers of system' }).textContent).toBe('3')
    await user.click(within(pools).getByRole('button', { name: 'Scale system' }))
    const dialog = await screen.findByRole('dialog', { name: 'Scale node pool' })
    await fill(user, within(dialog).getByRole('textbox', { name: 'Workers' }), '5')
    await user.click(within(dialog).getByRole('button', { name: 'Scale' }))
    await waitFor(() =>
      expect(within(pools).getByRole('cell', { name: 'Desired workers of system' }).textContent).toBe('5'),
    )
    expect(within(pools).getByRole('cell', { name: 'Ready workers of system' }).textContent).toBe('5')
  })

  it('keeps the scale dialog open with the platform’s refusal in its words', async () => {
    const { user } = renderRoute(`/clusters/${serving}`)
    const pools = await screen.findByRole('table', { name: 'Node pools' })
    await user.click(await within(pools).findByRole('button', { name: 'Scale gpu-h100' }))
    const dialog = await screen.findByRole('dialog', { name: 'Scale node pool' })
    harness.answerNext('PUT', /\/api\/v1\/nodepools\//, {
      status: 403,
      body: { error: 'forbidden', error_description: 'user credentials do not have the required privileges' },
    })
    await fill(user, within(dialog).getByRole('textbox', { name: 'Workers' }), '4')
    await user.click(within(dialog).getByRole('button', { name: 'Scale' }))
    expect(await within(dialog).findByText(/user credentials do not have the required privileges/)).toBeTruthy()
    expect((within(dialog).getByRole('textbox', { name: 'Workers' }) as HTMLInputElement).value).toBe('4')
  })

  it('keeps a description another admin gave the pool while the scale dialog was open', async () => {
    const { user } = renderRoute(`/clusters/${serving}`)
    const pools = await screen.findByRole('table', { name: 'Node pools' })
    await user.click(await within(pools).findByRole('button', { name: 'Scale gpu-h100' }))
    const dialog = await screen.findByRole('dialog', { name: 'Scale node pool' })
    // Meanwhile another admin describes the pool, sending it back whole as the platform's update asks.
    const path = `/api/nks/api/v1/nodepools/${await harness.idOf('/api/nks/api/v1/nodepools', 'gpu-h100')}`
    const before = await harness.platform<PoolRead>(path)
    const { clusterId, provisioningMode, replicas, compute, reservation, taints } = before.spec
    const spec = { clusterId, provisioningMode, replicas, compute, reservation, taints }
    await harness.platform(path, {
      method: 'PUT',
      body: { metadata: { name: 'gpu-h100', description: 'serves the chat models' }, spec },
    })
    await fill(user, within(dialog).getByRole('textbox', { name: 'Workers' }), String(replicas + 1))
    await user.click(within(dialog).getByRole('button', { name: 'Scale' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Scale node pool' })).toBeNull())
    const after = await harness.platform<PoolRead>(path)
    expect(after.spec.replicas).toBe(replicas + 1)
    expect(after.metadata.description).toBe('serves the chat models')
  })

  // Issue 76: a pool from a reservation picks the reservation and shows how many of its units the pool uses (it took
  // a reservation id typed by hand).
  it('adds a pool on a reservation of the cluster’s project, saying how many of its hosts are free', async () => {
    const { user } = renderRoute(`/clusters/${pretraining}`)
    const pools = await screen.findByRole('table', { name: 'Node pools' })
    // The demo's GB300 pool is named by its reservation, not by an id, once the project's reservations have come (the
    // pools can come first: the row shows the id until then).
    expect(await within(pools).findByText('Reservation gb300-pretrain')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Add node pool' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Add node pool' }))
    await fill(user, dialog.getByRole('textbox', { name: /^Name/ }), 'gb300-eval')
    await user.click(dialog.getByRole('radio', { name: 'A reservation' }))
    await choose(user, /^Reservation/, /^gb300-pretrain · 2 × GB300 NVL72$/)
    const workers = dialog.getByRole('textbox', { name: /^Workers/ })
    await fill(user, workers, '20')
    // What holds the reservation's hosts, as the platform lists it: its placements, among them the one each pool on it
    // manages for its workers (the pool's status.reservation.placementId), which the dialog counts as the pool's.
    const reservation = await harness.idOf('/api/reservation/api/v2/reservations', 'gb300-pretrain')
    const placements = await harness.platform<
      { metadata: { id: string }; spec: { count: number }; status: { reservationId: string } }[]
    >('/api/reservation/api/v2/placements')
    const onIt = placements.filter((p) => p.status.reservationId === reservation)
    const allPools = await harness.platform<
      {
        spec: { replicas: number; reservation?: { reservationId: string } }
        status: { reservation?: { placementId?: string } }
      }[]
    >('/api/nks/api/v1/nodepools')
    const poolsOnIt = allPools.filter((pool) => pool.spec.reservation?.reservationId === reservation)
    const managed = new Set(poolsOnIt.map((pool) => pool.status.reservation?.placementId))
    const placed = onIt.filter((p) => !managed.has(p.metadata.id)).reduce((sum, p) => sum + p.spec.count, 0)
    const pooled = poolsOnIt.reduce((sum, pool) => sum + pool.spec.replicas, 0)
    // An NVL72 unit is 18 hosts: two of them, less every host a placement holds (each pool's workers' too, once), and
    // 20 workers do not fit.
    const free = 36 - onIt.reduce((sum, p) => sum + p.spec.count, 0)
    expect(placed + pooled).toBe(36 - free)
    expect(free).toBeLessThan(20)
    expect(
      await dialog.findByText(
        `gb300-pretrain holds 2 units of 18 hosts (36 hosts), ${free} free: its placements hold ${placed} and node pools ${pooled}. 20 workers are more than its ${free} free hosts.`,
      ),
    ).toBeTruthy()
    // The platform refuses them too, said at the Workers field.
    await user.click(dialog.getByRole('button', { name: 'Add node pool' }))
    await waitFor(() => expect(workers.getAttribute('aria-invalid')).toBe('true'))
    expect(
      dialog.getByText(`reservation ${reservation} has ${free} free hosts for this pool; 20 workers were asked for`, {
        exact: false,
      }),
    ).toBeTruthy()
    await fill(user, workers, String(free))
    expect(dialog.getByText(new RegExp(`${free} workers fit\\.$`))).toBeTruthy()
    await user.click(dialog.getByRole('button', { name: 'Add node pool' }))
    const added = await within(pools).findByRole('cell', { name: 'Desired workers of gb300-eval' })
    expect(added.textContent).toBe(String(free))
    expect(within(added.closest('tr')!).getByText('Reservation gb300-pretrain')).toBeTruthy()
  })
})

describe('cluster upgrade', () => {
  interface ClusterRead {
    metadata: { name: string }
    spec: Record<string, unknown> & { platformReleaseId: string }
    status: { release?: { eligibleTargets?: string[] } }
  }

  it('moves a cluster to a release the platform names as its target, sending the rest of it back as it is', async () => {
    const clusters = await harness.platform<(ClusterRead & { metadata: { id: string } })[]>(CLUSTERS)
    // One of the demo's (the others' are this file's, still being made).
    const before = clusters.find(
      (cluster) =>
        ['serving-k8s', 'pretrain-k8s'].includes(cluster.metadata.name) &&
        cluster.status.release?.eligibleTargets?.length,
    )!
    const target = before.status.release!.eligibleTargets![0]!
    const { user } = renderRoute(`/clusters/${before.metadata.id}`)
    await user.click(await screen.findByRole('button', { name: 'Upgrade…' }))
    const dialog = within(await screen.findByRole('dialog', { name: `Upgrade ${before.metadata.name}` }))
    expect((dialog.getByRole('radio', { name: target }) as HTMLInputElement).checked).toBe(true)
    await user.click(dialog.getByRole('button', { name: `Upgrade to ${target}` }))
    expect(await screen.findByText(`Cluster ${before.metadata.name} is moving to release ${target}.`)).toBeTruthy()

    const after = await harness.platform<ClusterRead>(`${CLUSTERS}/${before.metadata.id}`)
    expect(after.spec).toEqual({ ...before.spec, platformReleaseId: target })
  })
})

describe('node pool on a reservation', () => {
  it('offers a reservation whose units were all released, but not to choose: it has no host for a worker', async () => {
    const cluster = await harness.platform<{
      metadata: { projectId: string; organizationId: string }
      status: { regionId: string }
    }>(`${CLUSTERS}/${pretraining}`)
    const created = await harness.platform<{ metadata: { id: string } }>('/api/reservation/api/v2/reservations', {
      method: 'POST',
      body: {
        metadata: { name: 'int-emptied' },
        spec: {
          organizationId: cluster.metadata.organizationId,
          projectId: cluster.metadata.projectId,
          regionId: cluster.status.regionId,
          accelerator: 'H200',
          unit: 'HGX8',
          count: 1,
        },
      },
    })
    await releaseElsewhere(harness, cluster.metadata.organizationId, created.metadata.id, 'all')

    const { user } = renderRoute(`/clusters/${pretraining}`)
    await user.click(await screen.findByRole('button', { name: 'Add node pool' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Add node pool' }))
    await user.click(dialog.getByRole('radio', { name: 'A reservation' }))
    await user.click(dialog.getByRole('combobox', { name: /^Reservation/ }))
    const emptied = await screen.findByRole('option', { name: /^int-emptied · 0 × H200 HGX8$/ })
    expect(emptied.getAttribute('aria-disabled')).toBe('true')
    expect(screen.getByRole('option', { name: /^gb300-pretrain/ }).getAttribute('aria-disabled')).not.toBe('true')
  })
})

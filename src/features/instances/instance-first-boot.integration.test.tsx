import { beforeAll, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { renderRoute, consoleForFile, warmRoutes } from '../../test/console-harness'

// A local cloud whose passing states last: a new instance is Queued from 2 s after its create and Building from 5 s,
// Running at 8 s: 3 s each, long enough for the page's poll (every second) to meet each on a loaded machine.
const harness = consoleForFile({ provisionMs: 8000 })
let euWest1 = ''
beforeAll(async () => {
  euWest1 = await harness.regionId('eu-west-1')
})
const INSTANCES = '/api/compute/api/v2/instances'
let instanceId: string
beforeAll(async () => {
  const org = harness.cloud.demo.organizationId
  const networkId = await harness.idOf('/api/region/api/v2/networks', 'sandbox')
  const network = await harness.platform<{ metadata: { projectId: string } }>(
    `/api/region/api/v2/networks/${networkId}`,
  )
  const catalog = `/api/region/api/v1/organizations/${org}/regions/${euWest1}`
  const created = await harness.platform<{ metadata: { id: string } }>(INSTANCES, {
    method: 'POST',
    body: {
      metadata: { name: 'int-first-boot' },
      spec: {
        organizationId: org,
        projectId: network.metadata.projectId,
        networkId,
        flavorId: await harness.idOf(`${catalog}/flavors`, 'c1.small'),
        imageId: await harness.idOf(`${catalog}/images`, 'ubuntu-24.04-server-20250602'),
      },
    },
  })
  instanceId = created.metadata.id
  await warmRoutes(`/instances/${instanceId}`)
})

describe('a new instance', () => {
  it('is seen Queued, then Building, then Running on its page, which polls until it settles', async () => {
    renderRoute(`/instances/${instanceId}`)
    expect(await screen.findByRole('heading', { name: 'int-first-boot', level: 1 })).toBeTruthy()
    expect(await screen.findByTitle('Power state: Queued', undefined, { timeout: 8000 })).toBeTruthy()
    expect(await screen.findByTitle('Power state: Building', undefined, { timeout: 5000 })).toBeTruthy()
    // No power action while it is built, and the reason says what to wait for.
    const stop = screen.getByRole('button', { name: 'Stop' })
    expect(stop.getAttribute('aria-disabled')).toBe('true')
    expect(document.getElementById(stop.getAttribute('aria-describedby')!)?.textContent).toBe(
      'The platform is building the instance; wait until it is Running.',
    )
    expect(await screen.findByTitle('Power state: Running', undefined, { timeout: 5000 })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Stop' }).getAttribute('aria-disabled')).toBeNull()
  })
})

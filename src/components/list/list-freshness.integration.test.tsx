import { beforeAll, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { consoleForFile, renderRoute, warmRoutes } from '../../test/console-harness'

const NETWORKS = '/api/region/api/v2/networks'
const harness = consoleForFile()
beforeAll(async () => {
  await warmRoutes('/networks')
})

it('says when the list was read, and its Refresh shows what was made elsewhere since', async () => {
  const { user } = renderRoute('/networks')
  const table = await screen.findByRole('table', { name: 'Networks' })
  await within(table).findByText('training-fabric')
  const updated = screen.getByText(
    (_, element) => element?.tagName === 'P' && /^Updated \d\d:\d\d:\d\d UTC$/.test(element.textContent ?? ''),
  )
  expect(updated.querySelector('time')!.getAttribute('dateTime')).toMatch(/^\d{4}-\d\d-\d\dT/)

  // Made by another client, as a script or another admin would: the open list does not know of it.
  const fabric = await harness.platform<{ metadata: { projectId: string; organizationId: string } }>(
    `${NETWORKS}/${await harness.idOf(NETWORKS, 'training-fabric')}`,
  )
  await harness.platform(NETWORKS, {
    method: 'POST',
    body: {
      metadata: { name: 'int-made-elsewhere' },
      spec: {
        organizationId: fabric.metadata.organizationId,
        projectId: fabric.metadata.projectId,
        regionId: await harness.regionId('eu-west-1'),
        prefix: '10.215.0.0/16',
        dnsNameservers: [],
      },
    },
  })
  await user.click(screen.getByRole('button', { name: 'Refresh networks' }))
  expect(await within(table).findByText('int-made-elsewhere')).toBeTruthy()
})

import { beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { consoleForFile, renderRoute, warmRoutes } from '../../test/console-harness'

// Keys take a while to be made, as on the platform: long enough that the page's first read finds the new one still
// being made, so only a read after it can show the key made.
const harness = consoleForFile({ provisionMs: 3000 })
const ENDPOINTS = '/api/storage/api/v1/objectstorageendpoints'
let endpoint: string
let policy: string
beforeAll(async () => {
  endpoint = await harness.idOf(ENDPOINTS, 'research-checkpoints')
  const read = await harness.platform<{ spec: { identityPolicies: { name: string }[] } }>(`${ENDPOINTS}/${endpoint}`)
  policy = read.spec.identityPolicies[0]!.name
  await warmRoutes(`/object-storage/${endpoint}`)
})

describe('an endpoint’s access keys', () => {
  it('show a new key being made, then made, without a reload; and its delete is said', async () => {
    // Made elsewhere (the CLI, another console) just before the page opens.
    await harness.platform(`${ENDPOINTS}/${endpoint}/accesskeys`, {
      method: 'POST',
      body: { metadata: { name: 'int-settling-key' }, spec: { identityPolicy: policy } },
    })
    const { user } = renderRoute(`/object-storage/${endpoint}`)
    const keys = within(await screen.findByRole('region', { name: 'Access keys' }))
    const row = await keys.findByRole('row', { name: /int-settling-key/ })
    expect(within(row).queryByText('Provisioned')).toBeNull()
    expect(await within(row).findByText('Provisioned', {}, { timeout: 8000 })).toBeTruthy()

    await user.click(within(row).getByRole('button', { name: 'Delete access key int-settling-key' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete access key' }))
    await user.type(dialog.getByRole('textbox', { name: 'Type int-settling-key to confirm' }), 'int-settling-key')
    await user.click(dialog.getByRole('button', { name: 'Delete access key' }))
    expect(await screen.findByText('Access key int-settling-key is being deleted.')).toBeTruthy()
  })
})

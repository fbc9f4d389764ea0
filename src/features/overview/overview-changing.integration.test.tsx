import { beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { renderRoute, consoleForFile, warmRoutes } from '../../test/console-harness'

// A platform whose passing states last a minute: what is under way stays so for the whole test, which the e2e tier's
// second or two cannot promise a page that opens after the write.
const harness = consoleForFile({ provisionMs: 60_000 })
let org: string
beforeAll(async () => {
  org = harness.cloud.demo.organizationId
  await warmRoutes('/')
})

interface Listed {
  metadata: { id: string; name: string }
}

describe('what is changing', () => {
  it('lists a network not yet provisioned under Right now, linked, beside its create under Lately', async () => {
    const projects = await harness.platform<Listed[]>(harness.identity('/projects'))
    const name = 'changing-net'
    const created = await harness.platform<Listed>('/api/region/api/v2/networks', {
      method: 'POST',
      body: {
        metadata: { name },
        spec: {
          organizationId: org,
          projectId: projects[0]!.metadata.id,
          regionId: 'eu-west-1',
          prefix: '10.252.0.0/24',
          dnsNameservers: [],
        },
      },
    })
    renderRoute('/')
    const changing = await screen.findByRole('region', { name: 'What is changing' })
    const now = await within(changing).findByRole('list', { name: 'Right now' })
    const link = await within(now).findByRole('link', { name })
    expect(link.getAttribute('href')).toBe(`/networks/${created.metadata.id}`)
    // Unknown before the platform's first reconcile, then provisioning.
    expect(within(link.closest('li')!).getByText(/^(Unknown|Provisioning)$/)).toBeTruthy()
    // The page says it is refreshing while something settles.
    expect(within(changing).getByText('Live')).toBeTruthy()
    const lately = await within(changing).findByRole('list', { name: 'Lately' })
    expect(await within(lately).findByRole('link', { name })).toBeTruthy()
  })
})

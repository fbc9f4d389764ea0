import { beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { renderRoute, consoleForFile, warmRoutes } from '../../test/console-harness'

// A platform whose passing states last a minute: what is under way stays so for the whole test, which the e2e tier's
// second or two cannot promise a page that opens after the write.
const harness = consoleForFile({ provisionMs: 60_000 })
let euWest1 = ''
beforeAll(async () => {
  euWest1 = await harness.regionId('eu-west-1')
})
let org: string
beforeAll(async () => {
  org = harness.cloud.demo.organizationId
  await warmRoutes('/')
})

interface Listed {
  metadata: { id: string; name: string }
}

describe('what is changing', () => {
  it('lists a network not yet provisioned under Right now, linked, and its create as the newest change: what, to which resource, how it ended, who and when', async () => {
    const projects = await harness.platform<Listed[]>(harness.identity('/projects'))
    const name = 'changing-net'
    const created = await harness.platform<Listed>('/api/region/api/v2/networks', {
      method: 'POST',
      body: {
        metadata: { name },
        spec: {
          organizationId: org,
          projectId: projects[0]!.metadata.id,
          regionId: euWest1,
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
    // The newest change made through the console: what, to which resource, how it ended, who and when (the exact
    // time on hover).
    const lately = await within(changing).findByRole('list', { name: 'Lately' })
    await within(lately).findByRole('link', { name })
    const newest = within(lately).getAllByRole('listitem')[0]!
    expect(newest.textContent).toMatch(new RegExp(`^Create network ${name}Succeeded`))
    expect(within(newest).getByRole('link', { name }).getAttribute('href')).toBe(`/networks/${created.metadata.id}`)
    expect(
      within(newest)
        .getByText(/ago$|^just now$/i)
        .getAttribute('title'),
    ).toMatch(/\d{4}/)
    expect(within(changing).getByRole('link', { name: 'Activity' }).getAttribute('href')).toBe('/activity')
  })
})

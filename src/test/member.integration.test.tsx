import { beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { consoleForFile, renderRoute, warmRoutes } from './console-harness'

// Sam Okafor, the demo organization's read-only member: a reader in ml-research and data-platform, nothing more.
const harness = consoleForFile({ asMember: true })

/** An id the member may not look up himself, read with the organization admin's token straight from the cloud. */
async function adminIdOf(path: string, name: string): Promise<string> {
  const response = await harness.cloud.fetch(
    new Request(`http://local-cloud${path}`, { headers: { authorization: `Bearer ${harness.cloud.tokens.admin}` } }),
  )
  const items = (await response.json()) as { metadata: { id: string; name: string } }[]
  const found = items.find((item) => item.metadata.name === name)
  if (!found) throw new Error(`no ${name} in ${path}`)
  return found.metadata.id
}

let inferenceProd: string
beforeAll(async () => {
  inferenceProd = await adminIdOf('/local/region/api/v2/networks', 'inference-prod')
  await warmRoutes('/networks', `/networks/${inferenceProd}`)
})

describe('the read-only member', () => {
  it('lists only the networks of his projects', async () => {
    renderRoute('/networks?project=all&region=all')
    const table = await screen.findByRole('table', { name: 'Networks' })
    expect(await within(table).findByRole('link', { name: 'training-fabric' })).toBeTruthy()
    expect(within(table).getByRole('link', { name: 'data-lake' })).toBeTruthy()
    expect(within(table).queryByRole('link', { name: 'inference-prod' })).toBeNull()
    expect(within(table).queryByRole('link', { name: 'sandbox' })).toBeNull()
  })

  it('reads on a deep link outside his roles that they do not cover it, with the way back, and no retry', async () => {
    const { user, router } = renderRoute(`/networks/${inferenceProd}`)
    expect(await screen.findByRole('heading', { name: 'You cannot see this network', level: 1 })).toBeTruthy()
    expect(
      screen.getByText(/Your roles in this organization do not cover the project this network belongs to/),
    ).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
    await user.click(screen.getByRole('link', { name: 'Back to networks' }))
    expect(await screen.findByRole('table', { name: 'Networks' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/networks')
  })
})

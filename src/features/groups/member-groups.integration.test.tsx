import { beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { consoleForFile, renderRoute, warmRoutes } from '../../test/console-harness'

// Sam Okafor, the read-only member: his reader role grants nothing on groups, and only reading the organization.
const harness = consoleForFile({ asMember: true })

let readers: string
let organization: string
beforeAll(async () => {
  organization = harness.cloud.demo.organizationId
  const response = await harness.cloud.fetch(
    new Request(`http://local-cloud/local/identity/api/v1/organizations/${organization}/groups`, {
      headers: { authorization: `Bearer ${harness.cloud.tokens.admin}` },
    }),
  )
  const groups = (await response.json()) as { metadata: { id: string; name: string } }[]
  readers = groups.find((g) => g.metadata.name === 'readers')!.metadata.id
  await warmRoutes('/groups/new', `/groups/${readers}`, `/groups/${readers}/edit`, '/organization')
})

/** The refused button's reason, as screen readers hear it. */
function reasonOf(button: HTMLElement): string {
  expect(button.getAttribute('aria-disabled')).toBe('true')
  return document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent ?? ''
}

describe('the read-only member and groups', () => {
  it('reads the create form but cannot send it, and is told why', async () => {
    const { user, router } = renderRoute('/groups/new')
    const main = await screen.findByRole('main')
    const create = await within(main).findByRole('button', { name: 'Create group' })
    expect(within(main).getByText('You can read this form but not submit it')).toBeTruthy()
    expect(reasonOf(create)).toBe('Your roles in this organization do not allow you to create groups.')
    await user.click(create)
    expect(router.state.location.pathname).toBe('/groups/new')
  })

  it('is told a group’s page and its edit form lie outside his roles', async () => {
    for (const path of [`/groups/${readers}`, `/groups/${readers}/edit`]) {
      const { unmount } = renderRoute(path)
      expect(await screen.findByRole('heading', { name: 'You cannot see this page', level: 1 })).toBeTruthy()
      expect(screen.getByText(/Your roles in this organization do not include groups\./)).toBeTruthy()
      unmount()
    }
  })
})

describe('the read-only member and the organization', () => {
  it('reads the organization’s page with Edit refused, and the reason', async () => {
    renderRoute('/organization')
    expect(await screen.findByRole('heading', { name: 'acme-ai', level: 1 })).toBeTruthy()
    const edit = within(screen.getByRole('main')).getByRole('button', { name: 'Edit' })
    expect(reasonOf(edit)).toBe('Your roles in this organization do not allow you to change organization settings.')
  })

  it('reads the edit form by its URL but cannot send it', async () => {
    renderRoute(`/organization/${organization}/edit`)
    const main = await screen.findByRole('main')
    const save = await within(main).findByRole('button', { name: 'Save changes' })
    expect(within(main).getByText('You can read this form but not submit it')).toBeTruthy()
    expect(reasonOf(save)).toBe('Your roles in this organization do not allow you to change organization settings.')
  })
})

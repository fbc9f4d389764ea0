import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { renderRoute, consoleForFile, warmRoutes } from '../../test/console-harness'

const harness = consoleForFile()
let mlEngineers: string
let auditors: string
beforeAll(async () => {
  mlEngineers = await harness.idOf(harness.identity('/groups'), 'ml-engineers')
  auditors = await harness.idOf(harness.identity('/groups'), 'auditors')
  await warmRoutes('/groups', `/groups/${mlEngineers}`)
})

describe('group list', () => {
  it('lists the groups with the role each grants', async () => {
    renderRoute('/groups')
    const table = await screen.findByRole('table', { name: 'Groups' })
    expect(await within(table).findByRole('link', { name: 'ml-engineers' })).toBeTruthy()
    expect(within(table).getAllByText('administrator').length).toBeGreaterThan(0)
  })

  it('says when no group matches', async () => {
    renderRoute('/groups?q=no-such-group')
    expect(await screen.findByText('No groups match')).toBeTruthy()
  })
})

describe('group detail', () => {
  it('shows the group’s roles, users and service accounts', async () => {
    renderRoute(`/groups/${mlEngineers}`)
    expect(await screen.findByRole('heading', { name: 'ml-engineers', level: 1 })).toBeTruthy()
    const roles = screen.getByRole('table', { name: 'Roles' })
    expect(await within(roles).findByText(/Creates and manages infrastructure/)).toBeTruthy()
    const users = await screen.findByRole('table', { name: 'Users' })
    expect(await within(users).findByRole('link', { name: 'priya.shah@acme.example' })).toBeTruthy()
    const accounts = screen.getByRole('table', { name: 'Service accounts' })
    expect(await within(accounts).findByRole('link', { name: 'nightly-eval' })).toBeTruthy()
  })
})

describe('adding members from the group', () => {
  it('adds a user and a service account, and the member lists show them', async () => {
    const { user } = renderRoute(`/groups/${auditors}`)
    expect(await screen.findByRole('heading', { name: 'auditors', level: 1 })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Add member' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add members to auditors' })
    // Those already in the group are not offered.
    await user.click(within(dialog).getByRole('combobox', { name: /^Users/ }))
    expect(screen.queryByRole('option', { name: 'lena.fischer@acme.example' })).toBeNull()
    await user.click(await screen.findByRole('option', { name: 'mei.lin@acme.example' }))
    await user.click(within(dialog).getByRole('combobox', { name: /^Service accounts/ }))
    await user.click(await screen.findByRole('option', { name: 'grafana-exporter' }))
    await user.click(within(dialog).getByRole('button', { name: 'Add 2 members' }))

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add members to auditors' })).toBeNull())
    const users = screen.getByRole('table', { name: 'Users' })
    expect(await within(users).findByRole('link', { name: 'mei.lin@acme.example' })).toBeTruthy()
    expect(within(users).getByRole('link', { name: 'lena.fischer@acme.example' })).toBeTruthy()
    const accounts = await screen.findByRole('table', { name: 'Service accounts' })
    expect(await within(accounts).findByRole('link', { name: 'grafana-exporter' })).toBeTruthy()
  })

  it('says in the dialog whom the platform refused to add, and why, and keeps them chosen', async () => {
    const created = await harness.platform<{ metadata: { id: string } }>(harness.identity('/users'), {
      method: 'POST',
      body: { spec: { subject: 'int-leaving@acme.example', state: 'active', groupIDs: [] } },
    })
    const { user } = renderRoute(`/groups/${auditors}`)
    await user.click(await screen.findByRole('button', { name: 'Add member' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add members to auditors' })
    await user.click(within(dialog).getByRole('combobox', { name: /^Users/ }))
    await user.click(await screen.findByRole('option', { name: 'int-leaving@acme.example' }))
    // Gone before the click: the platform no longer knows the user.
    const organization = harness.cloud.demo.organizationId
    const deleted = await harness.cloud.fetch(
      new Request(
        `http://local-cloud/local/identity/api/v1/organizations/${organization}/users/${created.metadata.id}`,
        {
          method: 'DELETE',
          headers: { authorization: `Bearer ${harness.cloud.tokens.admin}` },
        },
      ),
    )
    expect(deleted.ok).toBe(true)
    await user.click(within(dialog).getByRole('button', { name: 'Add member' }))

    const refusal = await within(dialog).findByRole('alert')
    expect(refusal.textContent).toMatch(/^The platform refused to add.*int-leaving@acme\.example: /)
    expect(within(dialog).getByText('int-leaving@acme.example')).toBeTruthy()
  })
})

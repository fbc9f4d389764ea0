import { beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { renderRoute, consoleForFile, warmRoutes } from '../../test/console-harness'

const harness = consoleForFile()
let mlEngineers: string
beforeAll(async () => {
  mlEngineers = await harness.idOf(harness.identity('/groups'), 'ml-engineers')
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

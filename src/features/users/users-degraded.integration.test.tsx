import { beforeAll, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { fill, renderRoute, consoleForFile, warmRoutes } from '../../test/console-harness'

interface User {
  spec: { subject: string; groupIDs: string[] }
}

// A platform without the groups list (a platform extension): the groups picker becomes an id input, names become ids.
// Nor does it list service accounts: their page says so, and still creates one.
const harness = consoleForFile({ notOffered: [/\/groups(\?|$)/, /\/serviceaccounts(\?|$)/] })
beforeAll(async () => {
  await warmRoutes('/users/new', '/users/x', '/groups', '/service-accounts', '/service-accounts/new')
})

describe('identity pages on a platform without the groups and service account lists', () => {
  it('adds a user with a typed group id and shows the id where a name would be', async () => {
    const [someone] = await harness.platform<User[]>(harness.identity('/users'))
    const groupId = someone!.spec.groupIDs[0]!

    const { user } = renderRoute('/users/new')
    const groups = await screen.findByRole('combobox', { name: /^Group ids/ })
    expect(screen.getByText(/This platform cannot list groups/)).toBeTruthy()
    await fill(user, screen.getByRole('textbox', { name: /^E-mail address/ }), 'typed.ids@acme.example')
    await user.click(groups)
    await user.paste(groupId)
    await user.keyboard('{Enter}')
    await user.click(screen.getByRole('button', { name: 'Add user' }))

    expect(await screen.findByRole('heading', { name: 'typed.ids@acme.example', level: 1 })).toBeTruthy()
    expect(screen.getByRole('link', { name: groupId })).toBeTruthy()
    const users = await harness.platform<User[]>(harness.identity('/users'))
    expect(users.find((u) => u.spec.subject === 'typed.ids@acme.example')?.spec.groupIDs).toEqual([groupId])
  })

  it('says the groups list is not offered instead of failing', async () => {
    renderRoute('/groups')
    expect(await screen.findByText('This platform does not list groups')).toBeTruthy()
    expect(
      screen.getByText(
        'Its identity service offers no list of groups. You can still create one. Forms that take groups accept group ids instead.',
      ),
    ).toBeTruthy()
  })

  it('says the service account list is not offered, and still offers to create one', async () => {
    const { user } = renderRoute('/service-accounts')
    expect(await screen.findByText('This platform does not list service accounts')).toBeTruthy()
    expect(
      screen.getByText('Its identity service offers no list of service accounts. You can still create one.'),
    ).toBeTruthy()
    await user.click(screen.getAllByRole('link', { name: 'Create service account' }).at(-1)!)
    expect(await screen.findByRole('heading', { name: 'Create service account', level: 1 })).toBeTruthy()
  })
})

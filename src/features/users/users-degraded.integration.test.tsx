import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { userApi } from '../../api/identity'
import { setScope } from '../../lib/scope'
import { renderRoute, startConsole, type ConsoleHarness } from '../../test/console-harness'

// A platform without the groups list (a platform extension): the groups picker becomes an id input, names become ids.
let harness: ConsoleHarness
beforeAll(async () => {
  harness = await startConsole({ notOffered: [/\/groups(\?|$)/] })
  setScope({ organizationId: harness.cloud.demo.organizationId })
})
afterAll(() => harness.stop())

describe('identity pages on a platform without the groups list', () => {
  it('adds a user with a typed group id and shows the id where a name would be', async () => {
    const organizationID = harness.cloud.demo.organizationId
    const [someone] = await userApi.list.call({ organizationID })
    const groupId = someone!.spec.groupIDs[0]!

    renderRoute('/users/new')
    const groups = await screen.findByRole('combobox', { name: /^Group ids/ }, { timeout: 10_000 })
    expect(screen.getByText(/This platform cannot list groups/)).toBeTruthy()
    // Pasted rather than typed key by key: each keystroke re-renders the whole form in jsdom, which took 20 s.
    const user = userEvent.setup()
    await user.click(screen.getByRole('textbox', { name: /^E-mail address/ }))
    await user.paste('typed.ids@acme.example')
    await user.click(groups)
    await user.paste(groupId)
    await user.keyboard('{Enter}')
    await user.click(screen.getByRole('button', { name: 'Add user' }))

    expect(
      await screen.findByRole('heading', { name: 'typed.ids@acme.example', level: 1 }, { timeout: 10_000 }),
    ).toBeTruthy()
    expect(screen.getByRole('link', { name: groupId })).toBeTruthy()
    const created = (await userApi.list.call({ organizationID })).find(
      (user) => user.spec.subject === 'typed.ids@acme.example',
    )
    expect(created?.spec.groupIDs).toEqual([groupId])
  })

  it('says the groups list is not offered instead of failing', async () => {
    renderRoute('/groups')
    expect(await screen.findByText('This platform does not list groups', {}, { timeout: 10_000 })).toBeTruthy()
  })
})

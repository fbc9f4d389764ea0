import { beforeAll, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import { fill, renderRoute, consoleForFile, valueOf, warmRoutes } from '../../test/console-harness'

// One local cloud for this file; tests read the demo data or add users under addresses of their own.
const harness = consoleForFile()
let jordan: string
beforeAll(async () => {
  jordan = await harness.idOf(harness.identity('/users'), 'jordan.reyes@acme.example')
  await warmRoutes('/users', '/users/new', `/users/${jordan}`, `/users/${jordan}/edit`)
})

/** Adds a user through the platform, for a test that edits it. */
async function addUser(subject: string): Promise<string> {
  const created = await harness.platform<{ metadata: { id: string } }>(harness.identity('/users'), {
    method: 'POST',
    body: { metadata: { name: subject.split('@')[0] }, spec: { subject, state: 'active', groupIDs: [] } },
  })
  return created.metadata.id
}

describe('user list', () => {
  it('lists the users with their state, and the search finds a user by tag', async () => {
    renderRoute('/users?q=on-call=inference')
    const table = await screen.findByRole('table', { name: 'Users' })
    expect(await within(table).findByRole('link', { name: 'mei.lin@acme.example' })).toBeTruthy()
    expect(within(table).queryByRole('link', { name: 'priya.shah@acme.example' })).toBeNull()
  })

  it('says when no user matches', async () => {
    renderRoute('/users?q=nobody-by-this-name')
    expect(await screen.findByText('No users match')).toBeTruthy()
  })
})

describe('user detail', () => {
  it('shows the user’s state and groups by name', async () => {
    renderRoute(`/users/${jordan}`)
    expect(await screen.findByRole('heading', { name: 'jordan.reyes@acme.example', level: 1 })).toBeTruthy()
    const main = screen.getByRole('main')
    expect(within(main).getAllByText('Suspended').length).toBeGreaterThan(0)
    expect(await within(main).findByRole('link', { name: 'ml-engineers' })).toBeTruthy()
    expect(within(main).getByRole('button', { name: 'Reactivate' })).toBeTruthy()
  })

  it('keeps a suspend dialog opened while a reactivation is still being reported', async () => {
    const id = await addUser('reactivated.then.suspended@acme.example')
    await harness.platform(harness.identity(`/users/${id}`), {
      method: 'PUT',
      body: { spec: { subject: 'reactivated.then.suspended@acme.example', state: 'suspended', groupIDs: [] } },
    })
    // The reactivation reports done once the user's page is fetched again: held here, so the page shows the user
    // active, with its Suspend button, while the reactivation is still in flight.
    let holding = false
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const realFetch = globalThis.fetch
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input)
      if (holding && (init?.method ?? 'GET') === 'GET' && url.includes(`/users/${id}`)) await held
      return realFetch(input, init)
    })
    try {
      const { user } = renderRoute(`/users/${id}`)
      const reactivate = await screen.findByRole('button', { name: 'Reactivate' })
      holding = true
      await user.click(reactivate)
      await user.click(await screen.findByRole('button', { name: 'Suspend' }))
      expect(await screen.findByRole('dialog', { name: 'Suspend user' })).toBeTruthy()
      release()
      expect(await screen.findByText('reactivated.then.suspended@acme.example is active.')).toBeTruthy()
      expect(screen.getByRole('dialog', { name: 'Suspend user' })).toBeTruthy()
    } finally {
      release()
      spy.mockRestore()
    }
  })

  it('says the address once among its facts, and the state in its badge with what it means', async () => {
    const alex = await harness.idOf(harness.identity('/users'), 'alex.morgan@acme.example')
    renderRoute(`/users/${alex}`)
    expect(await screen.findByRole('heading', { name: 'alex.morgan@acme.example', level: 1 })).toBeTruthy()
    const main = within(screen.getByRole('main'))
    expect(main.getByText('E-mail address')).toBeTruthy()
    // The platform named the user after the address: no second row repeats it as the name.
    expect(main.queryByText('Name', { exact: true })).toBeNull()
    const state = main.getByText('State').nextElementSibling as HTMLElement
    expect(within(state).getByText('Active')).toBeTruthy()
    expect(within(state).getByText('Can sign in and use what their groups grant.')).toBeTruthy()
  })

  it('says an address once on the edit form too, where the platform named the user after it', async () => {
    const alex = await harness.idOf(harness.identity('/users'), 'alex.morgan@acme.example')
    renderRoute(`/users/${alex}/edit`)
    expect(await screen.findByRole('heading', { name: 'Edit alex.morgan@acme.example', level: 1 })).toBeTruthy()
    const facts = within((await screen.findByText('E-mail address')).closest('dl') as HTMLElement)
    expect(facts.getAllByText('alex.morgan@acme.example')).toHaveLength(1)
    expect(facts.queryByText('Name', { exact: true })).toBeNull()
  })

  it('never shows the platform’s "undefined" name: the subject stands for it', async () => {
    renderRoute(`/users/${jordan}`)
    expect(await screen.findByRole('heading', { name: 'jordan.reyes@acme.example', level: 1 })).toBeTruthy()
    expect(within(screen.getByRole('main')).queryByText('undefined')).toBeNull()
    expect(within(screen.getByRole('main')).getAllByText('jordan.reyes@acme.example').length).toBeGreaterThan(1)
  })
})

describe('user create', () => {
  it('checks the address in the browser, then adds the user with a group and opens the user’s page', async () => {
    const { user } = renderRoute('/users/new')
    const address = await screen.findByRole('textbox', { name: /^E-mail address/ })
    expect(within(screen.getByLabelText('Breadcrumb')).getByText('Add').getAttribute('aria-current')).toBe('page')
    await fill(user, address, 'ada.example.com')
    await user.tab()
    expect(await screen.findByText('An e-mail address has an "@", e.g. ada@example.com.')).toBeTruthy()

    await fill(user, address, 'ada.int@acme.example')
    await user.click(screen.getByRole('radio', { name: 'Pending' }))
    await user.click(screen.getByRole('combobox', { name: /^Groups/ }))
    await user.click(await screen.findByRole('option', { name: 'readers' }))
    const preview = screen.getByRole('region', { name: 'Request preview' })
    expect(within(preview).getByText(/"state": "pending"/)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Add user' }))

    expect(await screen.findByRole('heading', { name: 'ada.int@acme.example', level: 1 })).toBeTruthy()
    expect(await within(screen.getByRole('main')).findByRole('link', { name: 'readers' })).toBeTruthy()
  })

  it('puts the platform’s refusal of a known address at the address field and keeps the other input', async () => {
    const { user } = renderRoute('/users/new')
    await fill(user, await screen.findByRole('textbox', { name: /^E-mail address/ }), 'PRIYA.SHAH@acme.example')
    await fill(user, screen.getByRole('textbox', { name: /^Name \(optional\)/ }), 'second-priya')
    await user.click(screen.getByRole('button', { name: 'Add user' }))
    expect(
      await screen.findByText(
        /^A user with this subject already exists in the organization \(trace id [0-9a-f]{32}\)$/,
      ),
    ).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^E-mail address/ }))
    expect(valueOf(screen.getByRole('textbox', { name: /^Name \(optional\)/ }))).toBe('second-priya')
    expect(screen.queryByText('The platform refused the request')).toBeNull()
  })

  it('asks for a name when tags are given, since tags travel in the named metadata', async () => {
    const { user } = renderRoute('/users/new')
    await fill(user, await screen.findByRole('textbox', { name: /^E-mail address/ }), 'tagged.int@acme.example')
    await user.click(screen.getByRole('button', { name: 'Add tag' }))
    await fill(user, screen.getByRole('textbox', { name: 'Tag 1 name' }), 'team')
    await fill(user, screen.getByRole('textbox', { name: 'Tag 1 value' }), 'ml')
    await user.click(screen.getByRole('button', { name: 'Add user' }))
    expect(await screen.findByText('Tags need a name too; or remove the tags.')).toBeTruthy()
  })
})

describe('user edit', () => {
  it('starts from the user, saves an added group and shows it on the user’s page', async () => {
    const id = await addUser('edit.int@acme.example')
    const { user } = renderRoute(`/users/${id}/edit`)
    expect(await screen.findByRole('heading', { name: 'Edit edit.int@acme.example', level: 1 })).toBeTruthy()
    expect(((await screen.findByRole('radio', { name: 'Active' })) as HTMLInputElement).checked).toBe(true)
    await user.click(screen.getByRole('combobox', { name: /^Groups/ }))
    await user.click(await screen.findByRole('option', { name: 'auditors' }))
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByRole('heading', { name: 'edit.int@acme.example', level: 1 })).toBeTruthy()
    expect(await within(screen.getByRole('main')).findByRole('link', { name: 'auditors' })).toBeTruthy()
  })

  it('puts a tag the platform refuses at its row, after a blank row it never saw, and keeps the other rows', async () => {
    const subject = 'tag-refused.int@acme.example'
    const id = await harness.platform<{ metadata: { id: string } }>(harness.identity('/users'), {
      method: 'POST',
      body: {
        metadata: { name: 'tag-refused.int', tags: [{ name: 'team', value: 'ml' }] },
        spec: { subject, state: 'active', groupIDs: [] },
      },
    })
    const { user } = renderRoute(`/users/${id.metadata.id}/edit`)
    expect(valueOf(await screen.findByRole('textbox', { name: 'Tag 1 name' }))).toBe('team')
    await user.click(screen.getByRole('button', { name: 'Add tag' }))
    await user.click(screen.getByRole('button', { name: 'Add tag' }))
    await fill(user, screen.getByRole('textbox', { name: 'Tag 3 name' }), 'owner')
    await fill(user, screen.getByRole('textbox', { name: 'Tag 3 value' }), 'x'.repeat(256))
    await user.click(screen.getByRole('button', { name: 'Save changes' }))

    // The platform's words, without the "Error at /metadata/tags/…" preamble the row already tells.
    expect(await screen.findByText(/^Must be at most 255 characters \(trace id [0-9a-f]{32}\)$/)).toBeTruthy()
    expect(screen.getByRole('textbox', { name: 'Tag 3 value' }).getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByRole('textbox', { name: 'Tag 1 value' }).getAttribute('aria-invalid')).not.toBe('true')
    expect(valueOf(screen.getByRole('textbox', { name: 'Tag 1 value' }))).toBe('ml')

    await fill(user, screen.getByRole('textbox', { name: 'Tag 3 value' }), 'ada')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByRole('heading', { name: subject, level: 1 })).toBeTruthy()
    expect(within(screen.getByRole('main')).getByText('owner=ada')).toBeTruthy()
  })
})

describe('an edit saved after another admin’s change', () => {
  it('suspends from the user’s page without undoing the description another admin gave the user meanwhile', async () => {
    const subject = 'page-suspend.int@acme.example'
    const id = await addUser(subject)
    const { user } = renderRoute(`/users/${id}`)
    await user.click(await screen.findByRole('button', { name: 'Suspend' }))
    const dialog = await screen.findByRole('dialog', { name: 'Suspend user' })
    // Another admin describes the user while this page shows them as it read them.
    await harness.platform(harness.identity(`/users/${id}`), {
      method: 'PUT',
      body: {
        metadata: { name: 'page-suspend.int', description: 'Set by another admin' },
        spec: { subject, state: 'active', groupIDs: [] },
      },
    })
    await user.click(within(dialog).getByRole('button', { name: /^Suspend/ }))
    expect(await screen.findByText(`${subject} is suspended.`)).toBeTruthy()
    const users = await harness.platform<{ metadata: { id: string; description?: string }; spec: { state: string } }[]>(
      harness.identity('/users'),
    )
    const saved = users.find((u) => u.metadata.id === id)!
    expect(saved.spec.state).toBe('suspended')
    expect(saved.metadata.description).toBe('Set by another admin')
  })

  it('keeps the suspension and description another admin gave the user while the form was open, beside the tag added here, without asking to suspend', async () => {
    const subject = 'edit-both.int@acme.example'
    const id = await addUser(subject)
    const { user } = renderRoute(`/users/${id}/edit`)
    expect(((await screen.findByRole('radio', { name: 'Active' })) as HTMLInputElement).checked).toBe(true)
    // Another admin suspends the user and describes them, while this form is open on the user as they were.
    await harness.platform(harness.identity(`/users/${id}`), {
      method: 'PUT',
      body: {
        metadata: { name: 'edit-both.int', description: 'Set by another admin' },
        spec: { subject, state: 'suspended', groupIDs: [] },
      },
    })

    await user.click(screen.getByRole('button', { name: 'Add tag' }))
    await fill(user, screen.getByRole('textbox', { name: 'Tag 1 name' }), 'owner')
    await fill(user, screen.getByRole('textbox', { name: 'Tag 1 value' }), 'ada')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByRole('heading', { name: subject, level: 1 })).toBeTruthy()
    // This admin suspended nobody: nothing was asked.
    expect(screen.queryByRole('dialog', { name: 'Suspend user' })).toBeNull()
    // The platform reads a user out of the organization's list only.
    const users = await harness.platform<
      {
        metadata: { id: string; description?: string; tags?: { name: string; value: string }[] }
        spec: { state: string }
      }[]
    >(harness.identity('/users'))
    const saved = users.find((u) => u.metadata.id === id)!
    expect(saved.spec.state).toBe('suspended')
    expect(saved.metadata.description).toBe('Set by another admin')
    expect(saved.metadata.tags).toEqual([{ name: 'owner', value: 'ada' }])
  })
})

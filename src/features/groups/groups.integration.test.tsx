import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { choose, fill, renderRoute, consoleForFile, valueOf, warmRoutes } from '../../test/console-harness'
import { groupSchema } from '../../api/schemas/identity'
import { createDefaults, toWire } from './group-form'

const harness = consoleForFile()
let mlEngineers: string
let auditors: string
beforeAll(async () => {
  mlEngineers = await harness.idOf(harness.identity('/groups'), 'ml-engineers')
  auditors = await harness.idOf(harness.identity('/groups'), 'auditors')
  await warmRoutes('/groups', `/groups/${mlEngineers}`, '/groups/new', `/groups/${mlEngineers}/edit`)
})

interface GroupRead {
  metadata: { id: string; name: string }
  spec: { roleIDs: string[]; userIDs: string[]; serviceAccountIDs: string[] }
}

/** A group of this test's own, made straight through the platform. */
async function ownGroup(name: string, spec: { roles: string[]; users: string[]; projects?: string[] }) {
  const roles = await Promise.all(spec.roles.map((r) => harness.idOf(harness.identity('/roles'), r)))
  const users = await Promise.all(spec.users.map((u) => harness.idOf(harness.identity('/users'), u)))
  const group = await harness.platform<GroupRead>(harness.identity('/groups'), {
    method: 'POST',
    body: { metadata: { name }, spec: { roleIDs: roles, userIDs: users, serviceAccountIDs: [] } },
  })
  for (const project of spec.projects ?? []) {
    const id = await harness.idOf(harness.identity('/projects'), project)
    const listed = await harness.platform<{ metadata: { id: string }; spec: { groupIDs: string[] } }[]>(
      harness.identity('/projects'),
    )
    const current = listed.find((p) => p.metadata.id === id)!
    await harness.platform(harness.identity(`/projects/${id}`), {
      method: 'PUT',
      body: { metadata: { name: project }, spec: { groupIDs: [...current.spec.groupIDs, group.metadata.id] } },
    })
  }
  return group.metadata.id
}

/** Deletes a user straight at the local cloud, as another admin would while the form is open. */
async function deleteBehindTheConsole(userID: string) {
  const organization = harness.cloud.demo.organizationId
  const deleted = await harness.cloud.fetch(
    new Request(`http://local-cloud/local/identity/api/v1/organizations/${organization}/users/${userID}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${harness.cloud.tokens.admin}` },
    }),
  )
  expect(deleted.ok).toBe(true)
}

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

  it('adds a user as the platform has them at the click: a suspension another admin made meanwhile stays', async () => {
    const subject = 'joins-suspended.int@acme.example'
    const body = (state: string) => ({ metadata: { name: 'joins-suspended' }, spec: { subject, state, groupIDs: [] } })
    const created = await harness.platform<{ metadata: { id: string } }>(harness.identity('/users'), {
      method: 'POST',
      body: body('active'),
    })
    const { user } = renderRoute(`/groups/${auditors}`)
    expect(await screen.findByRole('heading', { name: 'auditors', level: 1 })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Add member' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add members to auditors' })
    await user.click(within(dialog).getByRole('combobox', { name: /^Users/ }))
    await user.click(await screen.findByRole('option', { name: subject }))
    // Another admin suspends the user while the dialog lists them as active.
    await harness.platform(harness.identity(`/users/${created.metadata.id}`), {
      method: 'PUT',
      body: body('suspended'),
    })
    await user.click(within(dialog).getByRole('button', { name: 'Add member' }))

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add members to auditors' })).toBeNull())
    const users = await harness.platform<{ metadata: { id: string }; spec: { state: string; groupIDs: string[] } }[]>(
      harness.identity('/users'),
    )
    const saved = users.find((u) => u.metadata.id === created.metadata.id)!
    expect(saved.spec.groupIDs).toEqual([auditors])
    expect(saved.spec.state).toBe('suspended')
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
    await deleteBehindTheConsole(created.metadata.id)
    await user.click(within(dialog).getByRole('button', { name: 'Add member' }))

    const refusal = await within(dialog).findByRole('alert')
    expect(refusal.textContent).toMatch(/^The platform refused to add.*int-leaving@acme\.example: /)
    expect(within(dialog).getByText('int-leaving@acme.example')).toBeTruthy()
  })

  it('says a failed add in the platform’s words with its trace id beside the console’s', async () => {
    const { user } = renderRoute(`/groups/${auditors}`)
    await user.click(await screen.findByRole('button', { name: 'Add member' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add members to auditors' })
    await user.click(within(dialog).getByRole('combobox', { name: /^Users/ }))
    const option = (await screen.findAllByRole('option'))[0]!
    const subject = option.textContent!
    await user.click(option)
    harness.answerNext('PUT', /\/users\/[^/]+$/, {
      status: 500,
      body: {
        error: 'server_error',
        error_description: 'an internal error has occurred',
        trace_id: '4bf92f3577b34da6a3ce929d0e0e4736',
      },
    })
    await user.click(within(dialog).getByRole('button', { name: 'Add member' }))

    const refusal = await within(dialog).findByRole('alert')
    expect(refusal.textContent).toContain(`${subject}: an internal error has occurred`)
    expect(refusal.textContent).toMatch(
      /Platform trace id 4bf92f3577b34da6a3ce929d0e0e4736 · console trace id [0-9a-f]{32}/,
    )
  })
})

describe('group create', () => {
  it('creates a group with a role, a member and a project, and its page shows them by name', async () => {
    const { user } = renderRoute('/groups/new')
    await fill(user, await screen.findByRole('textbox', { name: /^Name/ }), 'int-new-group')
    await choose(user, /^Roles/, 'reader')
    await choose(user, /^Projects/, 'sandbox')
    await choose(user, /^Users/, 'mei.lin@acme.example')
    // The body the platform gets is the document's groupWrite.
    const preview = screen.getByRole('region', { name: 'Request preview' })
    expect(within(preview).getByText(/"roleIDs": \[/)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Create group' }))

    expect(await screen.findByRole('heading', { name: 'int-new-group', level: 1 })).toBeTruthy()
    const roles = screen.getByRole('table', { name: 'Roles' })
    expect(await within(roles).findByText('reader')).toBeTruthy()
    expect(
      await within(screen.getByRole('table', { name: 'Users' })).findByRole('link', { name: 'mei.lin@acme.example' }),
    ).toBeTruthy()
    // The project was updated to list the group.
    expect(await within(screen.getByRole('main')).findByRole('link', { name: 'sandbox' })).toBeTruthy()
  })

  it('takes a member named by an identity provider, a subject, and its page says so', async () => {
    const { user } = renderRoute('/groups/new')
    await fill(user, await screen.findByRole('textbox', { name: /^Name/ }), 'int-subject-group')
    await user.click(screen.getByRole('button', { name: 'Add subject' }))
    await fill(user, screen.getByRole('textbox', { name: 'Subject 1 provider URL' }), 'https://idp.example')
    await fill(user, screen.getByRole('textbox', { name: 'Subject 1 id' }), 'ext-42')
    await fill(user, screen.getByRole('textbox', { name: 'Subject 1 e-mail' }), 'ext@partner.example')
    await user.click(screen.getByRole('button', { name: 'Create group' }))

    expect(await screen.findByRole('heading', { name: 'int-subject-group', level: 1 })).toBeTruthy()
    const users = screen.getByRole('table', { name: 'Users' })
    expect(within(users).getByText('ext@partner.example')).toBeTruthy()
    expect(within(users).getByText('(subject)')).toBeTruthy()
  })

  it('says a taken name at Name, and keeps what was typed', async () => {
    const { user } = renderRoute('/groups/new')
    const name = await screen.findByRole('textbox', { name: /^Name/ })
    await fill(user, name, 'readers')
    await fill(user, screen.getByRole('textbox', { name: /^Description/ }), 'kept')
    await user.click(screen.getByRole('button', { name: 'Create group' }))
    expect(
      await screen.findByText(/^A group named readers already exists in this organization \(trace id [0-9a-f]{32}\)$/),
    ).toBeTruthy()
    expect((name as HTMLInputElement).value).toBe('readers')
    expect((screen.getByRole('textbox', { name: /^Description/ }) as HTMLInputElement).value).toBe('kept')
  })
  it('says at Users that the platform no longer knows a user picked a moment ago, and keeps the input', async () => {
    const created = await harness.platform<{ metadata: { id: string } }>(harness.identity('/users'), {
      method: 'POST',
      body: { spec: { subject: 'int-gone@acme.example', state: 'active', groupIDs: [] } },
    })
    const { user } = renderRoute('/groups/new')
    await fill(user, await screen.findByRole('textbox', { name: /^Name/ }), 'int-refused-group')
    await choose(user, /^Users/, 'int-gone@acme.example')
    // Gone before the click: the platform no longer knows the user.
    await deleteBehindTheConsole(created.metadata.id)
    await user.click(screen.getByRole('button', { name: 'Create group' }))

    const users = screen.getByRole('combobox', { name: /^Users/ })
    await waitFor(() => expect(users.getAttribute('aria-invalid')).toBe('true'))
    const message = document.getElementById(
      users
        .getAttribute('aria-describedby')
        ?.split(' ')
        .find((id) => id.endsWith('-error')) ?? '',
    )
    expect(message?.textContent).toMatch(/user does not exist in the organization/i)
    expect(valueOf(screen.getByRole('textbox', { name: /^Name/ }))).toBe('int-refused-group')
  })
})

describe('group edit', () => {
  it('says who loses a removed role, and where, before saving it', async () => {
    const id = await ownGroup('int-role-change', {
      roles: ['user', 'reader'],
      users: ['priya.shah@acme.example'],
      projects: ['data-platform'],
    })
    const { user } = renderRoute(`/groups/${id}/edit`)
    expect(await screen.findByRole('heading', { name: 'Edit int-role-change', level: 1 })).toBeTruthy()
    // The last role picked goes with Backspace, as in any pill input.
    await user.click(await screen.findByRole('combobox', { name: /^Roles/ }))
    await user.keyboard('{Backspace}')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))

    const dialog = await screen.findByRole('dialog', { name: 'Who loses access' })
    const losses = within(dialog).getByRole('list', { name: 'Who loses what' })
    expect(losses.textContent).toContain('1 member loses reader: priya.shah@acme.example.')
    expect(losses.textContent).toContain('The projects that list this group now: data-platform.')
    await user.click(within(dialog).getByRole('button', { name: 'Save and remove access' }))

    expect(await screen.findByRole('heading', { name: 'int-role-change', level: 1 })).toBeTruthy()
    const roles = screen.getByRole('table', { name: 'Roles' })
    expect(await within(roles).findByText('user')).toBeTruthy()
    expect(within(roles).queryByText('reader')).toBeNull()
  })

  it('refuses at Name, before sending, a name another group has: the platform would take it on update', async () => {
    const id = await ownGroup('int-renamed', { roles: ['reader'], users: [], projects: [] })
    const { user } = renderRoute(`/groups/${id}/edit`)
    const name = await screen.findByRole('textbox', { name: /^Name/ })
    await fill(user, name, 'readers')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('A group with this name already exists in this organization.')).toBeTruthy()
    expect((name as HTMLInputElement).value).toBe('readers')
    const group = await harness.platform<{ metadata: { name: string } }>(harness.identity(`/groups/${id}`))
    expect(group.metadata.name).toBe('int-renamed')
  })
})

describe('an edit saved after another admin’s change', () => {
  it('keeps the member, subject, description and project another admin gave the group while the form was open, beside the member and subject added here', async () => {
    const id = await ownGroup('int-edit-both', { roles: ['reader'], users: ['priya.shah@acme.example'] })
    const [priya, jordan, mei] = await Promise.all(
      ['priya.shah@acme.example', 'jordan.reyes@acme.example', 'mei.lin@acme.example'].map((u) =>
        harness.idOf(harness.identity('/users'), u),
      ),
    )
    const reader = await harness.idOf(harness.identity('/roles'), 'reader')
    const { user } = renderRoute(`/groups/${id}/edit`)
    await screen.findByRole('heading', { name: 'Edit int-edit-both', level: 1 })
    // Another admin adds jordan and a subject, describes the group and has sandbox list it, on the group as it is now.
    const theirs = { issuer: 'https://idp.example', id: 'ext-theirs', email: 'theirs@partner.example' }
    await harness.platform(harness.identity(`/groups/${id}`), {
      method: 'PUT',
      body: {
        metadata: { name: 'int-edit-both', description: 'Set by another admin' },
        spec: { roleIDs: [reader], userIDs: [priya, jordan], serviceAccountIDs: [], subjects: [theirs] },
      },
    })
    const sandbox = await harness.idOf(harness.identity('/projects'), 'sandbox')
    const { metadata, spec } = await harness.platform<{
      metadata: { name: string; description?: string; tags?: unknown[] }
      spec: { groupIDs: string[] }
    }>(harness.identity(`/projects/${sandbox}`))
    const { name, description, tags } = metadata
    await harness.platform(harness.identity(`/projects/${sandbox}`), {
      method: 'PUT',
      body: { metadata: { name, description, tags }, spec: { groupIDs: [...spec.groupIDs, id] } },
    })

    await choose(user, /^Users/, 'mei.lin@acme.example')
    await user.click(screen.getByRole('button', { name: 'Add subject' }))
    await fill(user, screen.getByRole('textbox', { name: 'Subject 1 provider URL' }), 'https://idp.example')
    await fill(user, screen.getByRole('textbox', { name: 'Subject 1 id' }), 'ext-mine')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByRole('heading', { name: 'int-edit-both', level: 1 })).toBeTruthy()
    const saved = await harness.platform<{
      metadata: { description?: string }
      spec: { userIDs: string[]; subjects?: { id: string }[] }
    }>(harness.identity(`/groups/${id}`))
    expect(saved.metadata.description).toBe('Set by another admin')
    expect([...saved.spec.userIDs].sort()).toEqual([priya, jordan, mei].sort())
    expect(saved.spec.subjects?.map((subject) => subject.id).toSorted()).toEqual(['ext-mine', 'ext-theirs'])
    const listing = await harness.platform<{ spec: { groupIDs: string[] } }>(harness.identity(`/projects/${sandbox}`))
    expect(listing.spec.groupIDs).toContain(id)
  })
})

describe('group delete', () => {
  it('names the members and the projects that lose access in the dialog, then deletes the group', async () => {
    const id = await ownGroup('int-leaving-group', {
      roles: ['reader'],
      users: ['tomasz.nowak@acme.example'],
      projects: ['ml-research'],
    })
    const { user, router } = renderRoute(`/groups/${id}`)
    expect(await screen.findByRole('heading', { name: 'int-leaving-group', level: 1 })).toBeTruthy()
    await within(screen.getByRole('main')).findByRole('link', { name: 'ml-research' })
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete group' })
    // The dialog opens while the members' other groups are still being read ("Reading its members’ other groups"):
    // read synchronously, a loaded run saw that line instead of the losses.
    const losses = () => within(dialog).getByRole('list', { name: 'Who loses what' }).textContent
    await waitFor(() => expect(losses()).toContain('1 member loses reader: tomasz.nowak@acme.example.'))
    expect(losses()).toContain('1 project stops listing it: ml-research.')
    await fill(
      user,
      within(dialog).getByRole('textbox', { name: 'Type int-leaving-group to confirm' }),
      'int-leaving-group',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Delete group' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/groups'))
    const projects = await harness.platform<{ metadata: { name: string }; spec: { groupIDs: string[] } }[]>(
      harness.identity('/projects'),
    )
    expect(projects.find((p) => p.metadata.name === 'ml-research')?.spec.groupIDs).not.toContain(id)
  })
})

// What the form sends goes through the platform's request validation (the local cloud's, after the identity document's
// groupWrite) and is taken.
describe('the platform takes what the group form sends', () => {
  it('takes the create and the update body', async () => {
    const role = await harness.idOf(harness.identity('/roles'), 'reader')
    const user = await harness.idOf(harness.identity('/users'), 'noah.kim@acme.example')
    const values = { ...createDefaults, name: 'int-from-form', description: 'd', roleIDs: [role], userIDs: [user] }
    const created = groupSchema.parse(
      await harness.platform(harness.identity('/groups'), { method: 'POST', body: toWire(values).body }),
    )
    const path = harness.identity(`/groups/${created.metadata.id}`)
    await harness.platform(path, { method: 'PUT', body: toWire({ ...values, userIDs: [] }, created).body })
    expect(groupSchema.parse(await harness.platform(path)).spec?.userIDs).toEqual([])
  })
})

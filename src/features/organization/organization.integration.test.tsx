import { beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { choose, consoleForFile, fill, renderRoute, valueOf, warmRoutes } from '../../test/console-harness'
import { organizationSchema } from '../../api/schemas/identity'
import { editDefaults, toWire } from './organization-form'

const harness = consoleForFile()
let organization: string
beforeAll(async () => {
  organization = harness.cloud.demo.organizationId
  await warmRoutes('/organization', `/organization/${organization}/edit`)
})

describe('organization page', () => {
  it('says what the organization is and how its people sign in', async () => {
    renderRoute('/organization')
    expect(await screen.findByRole('heading', { name: 'acme-ai', level: 1 })).toBeTruthy()
    const signIn = screen.getByRole('region', { name: 'Sign-in' })
    expect(within(signIn).getByText('By e-mail domain')).toBeTruthy()
    expect(within(signIn).getByText('acme.example')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(`/organization/${organization}/edit`)
  })

  it('names the version each platform service runs and which of the console’s documents it matches', async () => {
    renderRoute('/organization')
    const versions = await screen.findByRole('region', { name: 'Platform versions' })
    const row = async (service: string) =>
      (await within(versions).findByRole('cell', { name: service })).closest('tr')!.textContent
    expect(await row('Region')).toContain('v1.20.0Matches region v1.20.0, the document the console follows.')
    expect(await row('Compute')).toContain('v1.17.0Matches compute v1.17.0')
    expect(await row('Identity')).toContain('v1.18.0Matches identity v1.18.0')
    expect(await row('Object storage')).toContain('v1.4.1Matches storage v1.4.1')
  })

  it('names the identity provider its people sign in through, linked to its page, not by its id', async () => {
    const okta = await harness.idOf(harness.identity('/oauth2providers'), 'acme-okta')
    renderRoute('/organization')
    const signIn = await screen.findByRole('region', { name: 'Sign-in' })
    const provider = await within(signIn).findByRole('link', { name: 'acme-okta' })
    expect(provider.getAttribute('href')).toBe(`/identity-providers/${okta}`)
    expect(within(signIn).queryByText(okta)).toBeNull()
  })

  it('shows what it holds: each project linked to its page, its regions, where its people are managed', async () => {
    const projects = await harness.platform<{ metadata: { id: string; name: string } }[]>(harness.identity('/projects'))
    renderRoute('/organization')
    const holds = await screen.findByRole('region', { name: 'What it holds' })
    expect(within(holds).getByText('Projects').nextSibling?.textContent).toBe(String(projects.length))
    for (const project of projects.slice(0, 6))
      expect(within(holds).getByRole('link', { name: project.metadata.name }).getAttribute('href')).toBe(
        `/projects/${project.metadata.id}`,
      )
    expect(within(holds).getByRole('link', { name: 'Service accounts' }).getAttribute('href')).toBe('/service-accounts')
  })
})

describe('organization edit', () => {
  it('saves a new description without asking, since sign-in does not change', async () => {
    const { user } = renderRoute(`/organization/${organization}/edit`)
    const description = await screen.findByRole('textbox', { name: /^Description/ })
    await fill(user, description, 'Foundation models for retail')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByRole('heading', { name: 'acme-ai', level: 1 })).toBeTruthy()
    expect(screen.getByText('Foundation models for retail')).toBeTruthy()
  })

  it('says what a domain and type change does before saving, and Cancel keeps the input unsent', async () => {
    const { user, router } = renderRoute(`/organization/${organization}/edit`)
    const domain = await screen.findByRole('textbox', { name: /^E-mail domain/ })
    await fill(user, domain, 'acme.test')
    await choose(user, /^Type/, 'Ad hoc')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    const dialog = await screen.findByRole('dialog', { name: 'Change how people sign in' })
    const said = within(dialog).getByRole('list', { name: 'What the change does' }).textContent
    expect(said).toContain('only members of its groups get in')
    expect(said).toContain('The e-mail domain changes from acme.example to acme.test')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(router.state.location.pathname).toBe(`/organization/${organization}/edit`)
    expect(valueOf(domain)).toBe('acme.test')
    const saved = await harness.platform<{ spec: { domain: string } }>(harness.identity(''))
    expect(saved.spec.domain).toBe('acme.example')
  })

  it('refuses a domain organization without its domain at the field, before sending', async () => {
    const { user, router } = renderRoute(`/organization/${organization}/edit`)
    await fill(user, await screen.findByRole('textbox', { name: /^E-mail domain/ }), ' ')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(
      await screen.findByText(
        'A domain organization needs its e-mail domain: it is how sign-in finds the organization.',
      ),
    ).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(router.state.location.pathname).toBe(`/organization/${organization}/edit`)
  })

  it('refuses a domain that is no hostname at the field, before sending', async () => {
    const { user } = renderRoute(`/organization/${organization}/edit`)
    await fill(user, await screen.findByRole('textbox', { name: /^E-mail domain/ }), 'not a domain')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Enter a domain name, such as example.com.')).toBeTruthy()
  })
})

describe('organization sign-in provider', () => {
  it('offers the organization’s own providers by name, and says which one sign-in moves to', async () => {
    const { user } = renderRoute(`/organization/${organization}/edit`)
    await choose(user, /^Provider$/, 'staging-auth0')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    const dialog = await screen.findByRole('dialog', { name: 'Change how people sign in' })
    expect(within(dialog).getByRole('list', { name: 'What the change does' }).textContent).toContain(
      'Sign-in goes through provider staging-auth0 (this organization’s own) instead of provider acme-okta (this organization’s own)',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Save sign-in changes' }))
    expect(await screen.findByRole('heading', { name: 'acme-ai', level: 1 })).toBeTruthy()
    const staging = await harness.idOf(harness.identity('/oauth2providers'), 'staging-auth0')
    const saved = await harness.platform<{ spec: { providerID: string } }>(harness.identity(''))
    expect(saved.spec.providerID).toBe(staging)
  })
})

describe('the platform takes what the organization form sends', () => {
  it('takes the update body, sign-in settings included', async () => {
    const read = organizationSchema.parse(await harness.platform(harness.identity('')))
    const values = { ...editDefaults(read), providerScope: 'global' as const, providerID: 'int-provider' }
    // 200 with no body, as the identity document answers: what was saved is read again.
    await harness.platform(harness.identity(''), { method: 'PUT', body: toWire(values, read).body })
    const saved = organizationSchema.parse(await harness.platform(harness.identity('')))
    expect(saved.spec).toMatchObject({ providerScope: 'global', providerID: 'int-provider' })
  })
})

describe('an edit saved after another admin’s change', () => {
  it('keeps the sign-in provider another admin chose while the form was open, and sends the new description', async () => {
    const { user } = renderRoute(`/organization/${organization}/edit`)
    const description = await screen.findByRole('textbox', { name: /^Description/ })
    // Another admin moves sign-in to staging-auth0 while this form is open on the organization as it was.
    const staging = await harness.idOf(harness.identity('/oauth2providers'), 'staging-auth0')
    const before = organizationSchema.parse(await harness.platform(harness.identity('')))
    expect(before.spec?.providerID).not.toBe(staging)
    const theirs = { ...editDefaults(before), providerScope: 'organization' as const, providerID: staging }
    await harness.platform(harness.identity(''), { method: 'PUT', body: toWire(theirs, before).body })

    await fill(user, description, 'Models for retail, kept beside a sign-in change')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByRole('heading', { name: 'acme-ai', level: 1 })).toBeTruthy()
    // Nothing about sign-in was asked: this admin changed none of it.
    expect(screen.queryByRole('dialog', { name: 'Change how people sign in' })).toBeNull()
    const saved = organizationSchema.parse(await harness.platform(harness.identity('')))
    expect(saved.metadata.description).toBe('Models for retail, kept beside a sign-in change')
    expect(saved.spec).toMatchObject({ providerScope: 'organization', providerID: staging })
  })

  it('keeps it too when the first save failed and the second is sent', async () => {
    const { user } = renderRoute(`/organization/${organization}/edit`)
    const description = await screen.findByRole('textbox', { name: /^Description/ })
    const before = organizationSchema.parse(await harness.platform(harness.identity('')))
    // Whichever of the organization's providers it does not sign in through now.
    const okta = await harness.idOf(harness.identity('/oauth2providers'), 'acme-okta')
    const staging = await harness.idOf(harness.identity('/oauth2providers'), 'staging-auth0')
    const other = before.spec?.providerID === okta ? staging : okta
    const theirs = { ...editDefaults(before), providerScope: 'organization' as const, providerID: other }
    await harness.platform(harness.identity(''), { method: 'PUT', body: toWire(theirs, before).body })

    await fill(user, description, 'Saved on the second try')
    harness.answerNext('PUT', /\/organizations\/[^/]+$/, { status: 500, body: { error: 'server_error' } })
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect((await screen.findAllByText(/server_error/)).length).toBeGreaterThan(0)
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByRole('heading', { name: 'acme-ai', level: 1 })).toBeTruthy()
    const saved = organizationSchema.parse(await harness.platform(harness.identity('')))
    expect(saved.metadata.description).toBe('Saved on the second try')
    expect(saved.spec).toMatchObject({ providerScope: 'organization', providerID: other })
  })
})

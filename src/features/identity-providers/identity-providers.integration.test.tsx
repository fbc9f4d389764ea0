import { beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { choose, consoleForFile, fill, renderRoute, valueOf, warmRoutes } from '../../test/console-harness'
import { inWindowOfWidth } from '../../test/window-width'

// One local cloud for this file; tests read the demo providers or create their own under names of their own.
const harness = consoleForFile()
let okta: string
let staging: string
beforeAll(async () => {
  okta = await harness.idOf(harness.identity('/oauth2providers'), 'acme-okta')
  staging = await harness.idOf(harness.identity('/oauth2providers'), 'staging-auth0')
  await warmRoutes(
    '/identity-providers',
    '/identity-providers/new',
    `/identity-providers/${okta}`,
    `/identity-providers/${staging}/edit`,
  )
})

const SECRET = 'int-secret-3b9f0c'

describe('identity provider list', () => {
  // The issuer has its column from 1200 px; below, the status takes its room (the test window is 1024 px wide).
  inWindowOfWidth(1440)
  it('lists the organization’s providers with their type and issuer', async () => {
    renderRoute('/identity-providers')
    const table = await screen.findByRole('table', { name: 'Identity providers' })
    const row = (await within(table).findByRole('link', { name: 'acme-okta' })).closest('tr')!
    expect(row.textContent).toContain('Any OpenID Connect provider')
    expect(row.textContent).toContain('https://acme.okta.example/oauth2/default')
  })
})

describe('identity provider detail', () => {
  it('says the organization signs in through it, and its delete dialog says why it cannot go', async () => {
    const { user } = renderRoute(`/identity-providers/${okta}`)
    expect(await screen.findByRole('heading', { name: 'acme-okta', level: 1 })).toBeTruthy()
    expect(screen.getByText('The organization signs in through this provider')).toBeTruthy()
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete identity provider' })
    expect(await within(dialog).findByText('In use by 1 organization')).toBeTruthy()
    const uses = within(dialog).getByRole('list', { name: 'What uses this identity provider' })
    expect(uses.textContent).toBe('Organization acme-ai signs in through this identity provider')
  })
})

describe('identity provider create', () => {
  it('refuses an issuer that is no https URL at the field, and hides the secret in the request preview', async () => {
    const { user } = renderRoute('/identity-providers/new')
    await fill(user, await screen.findByRole('textbox', { name: /^Name/ }), 'int-okta')
    await fill(user, screen.getByRole('textbox', { name: /^Issuer URL/ }), 'http://int.okta.example')
    await fill(user, screen.getByRole('textbox', { name: /^Client ID/ }), 'int-client')
    await fill(user, screen.getByLabelText(/^Client secret/), SECRET)
    const preview = screen.getByRole('region', { name: 'Request preview' })
    expect(preview.textContent).toContain('"clientSecret": "<hidden>"')
    expect(preview.textContent).not.toContain(SECRET)
    await user.click(screen.getByRole('button', { name: 'Create identity provider' }))
    expect(await screen.findByText('Enter the issuer’s https URL, such as https://example.okta.com.')).toBeTruthy()
  })

  it('creates a provider and opens its page, which never shows the secret', async () => {
    const { user } = renderRoute('/identity-providers/new')
    await fill(user, await screen.findByRole('textbox', { name: /^Name/ }), 'int-entra')
    await choose(user, /^Type/, 'Microsoft')
    await fill(user, screen.getByRole('textbox', { name: /^Issuer URL/ }), 'https://login.int.example/v2.0')
    await fill(user, screen.getByRole('textbox', { name: /^Client ID/ }), 'int-client')
    await fill(user, screen.getByLabelText(/^Client secret/), SECRET)
    await user.click(screen.getByRole('button', { name: 'Create identity provider' }))
    expect(await screen.findByRole('heading', { name: 'int-entra', level: 1 })).toBeTruthy()
    expect(screen.getByText('Microsoft')).toBeTruthy()
    expect(document.body.textContent).not.toContain(SECRET)
  })
})

describe('identity provider edit', () => {
  it('asks for the secret again, since the platform replaces the whole provider, and saves', async () => {
    const { user } = renderRoute(`/identity-providers/${staging}/edit`)
    expect(await screen.findByRole('heading', { name: 'Edit staging-auth0', level: 1 })).toBeTruthy()
    expect(valueOf(await screen.findByLabelText(/^Client secret/))).toBe('')
    await fill(user, screen.getByRole('textbox', { name: /^Description/ }), 'Auth0 tenant for staging sign-in')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText(/Enter the client secret/)).toBeTruthy()
    await fill(user, screen.getByLabelText(/^Client secret/), SECRET)
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByRole('heading', { name: 'staging-auth0', level: 1 })).toBeTruthy()
    expect(screen.getByText('Auth0 tenant for staging sign-in')).toBeTruthy()
  })
})

import { beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { fill, renderRoute, consoleForFile, valueOf, warmRoutes } from '../../test/console-harness'

// One local cloud for this file; tests read the demo data or create accounts under names of their own.
const harness = consoleForFile()
let legacyBatch: string
let nightlyEval: string
beforeAll(async () => {
  legacyBatch = await harness.idOf(harness.identity('/serviceaccounts'), 'legacy-batch')
  nightlyEval = await harness.idOf(harness.identity('/serviceaccounts'), 'nightly-eval')
  await warmRoutes(
    '/service-accounts',
    '/service-accounts/new',
    `/service-accounts/${legacyBatch}`,
    `/service-accounts/${legacyBatch}/edit`,
  )
})

describe('service account list', () => {
  it('lists the accounts and narrows them as the user searches', async () => {
    const { user } = renderRoute('/service-accounts')
    const table = await screen.findByRole('table', { name: 'Service accounts' })
    expect(await within(table).findByRole('link', { name: 'ci-deployer' })).toBeTruthy()
    await fill(user, screen.getByRole('combobox', { name: 'Search' }), 'grafana')
    expect(await within(table).findByRole('link', { name: 'grafana-exporter' })).toBeTruthy()
    await expect.poll(() => within(table).queryByRole('link', { name: 'ci-deployer' })).toBeNull()
  })
})

describe('service account detail', () => {
  it('warns that an expired token needs rotating, saying when it expired', async () => {
    renderRoute(`/service-accounts/${legacyBatch}`)
    expect(await screen.findByRole('heading', { name: 'legacy-batch', level: 1 })).toBeTruthy()
    expect(screen.getByText(/^The token expired \d+ days? ago$/)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Rotate token' })).toBeTruthy()
  })
})

describe('service account delete', () => {
  it('says a refused delete in the platform’s words with its trace id, and keeps the dialog open', async () => {
    const { user } = renderRoute(`/service-accounts/${nightlyEval}`)
    await screen.findByRole('heading', { name: 'nightly-eval', level: 1 })
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete service account' })
    await fill(user, within(dialog).getByRole('textbox', { name: 'Type nightly-eval to confirm' }), 'nightly-eval')
    harness.answerNext('DELETE', /\/serviceaccounts\/[^/]+$/, {
      status: 500,
      body: {
        error: 'server_error',
        error_description: 'an internal error has occurred',
        trace_id: '4bf92f3577b34da6a3ce929d0e0e4736',
      },
    })
    await user.click(within(dialog).getByRole('button', { name: 'Delete service account' }))

    const refusal = await within(dialog).findByRole('alert')
    expect(refusal.textContent).toContain('an internal error has occurred')
    expect(refusal.textContent).toMatch(
      /Platform trace id 4bf92f3577b34da6a3ce929d0e0e4736 · console trace id [0-9a-f]{32}/,
    )
  })
})

describe('service account create', () => {
  it('creates an account and shows its token once, with a way to go to the account', async () => {
    const { user } = renderRoute('/service-accounts/new')
    await fill(user, await screen.findByRole('textbox', { name: /^Name/ }), 'int-sa-created')
    await fill(user, screen.getByRole('textbox', { name: /^Description/ }), 'integration pipeline')
    await user.click(screen.getByRole('button', { name: 'Create service account' }))

    expect(await screen.findByText('Copy this token now: it cannot be shown again')).toBeTruthy()
    expect(screen.getByLabelText('Access token').textContent!.trim().length).toBeGreaterThan(20)
    await user.click(screen.getByRole('checkbox', { name: 'I have stored this token' }))
    await user.click(screen.getByRole('button', { name: 'Go to the service account' }))
    expect(await screen.findByRole('heading', { name: 'int-sa-created', level: 1 })).toBeTruthy()
    expect(screen.getByText('integration pipeline')).toBeTruthy()
  })

  it('keeps the input when the name is already taken, saying so', async () => {
    const { user, router } = renderRoute('/service-accounts/new')
    await fill(user, await screen.findByRole('textbox', { name: /^Name/ }), 'ci-deployer')
    await fill(user, screen.getByRole('textbox', { name: /^Description/ }), 'a second one')
    await user.click(screen.getByRole('button', { name: 'Create service account' }))
    expect(await screen.findByText(/already exists/)).toBeTruthy()
    expect(router.state.location.pathname).toBe('/service-accounts/new')
    expect(valueOf(screen.getByRole('textbox', { name: /^Description/ }))).toBe('a second one')
  })
})

describe('service account edit', () => {
  it('starts from the account, saves a new description and shows it on the account’s page', async () => {
    const { user } = renderRoute(`/service-accounts/${nightlyEval}/edit`)
    expect(await screen.findByRole('heading', { name: 'Edit nightly-eval', level: 1 })).toBeTruthy()
    const description = await screen.findByRole('textbox', { name: /^Description/ })
    expect(valueOf(description)).toBe('Nightly evaluation runs')
    await fill(user, description, 'Nightly and weekly evaluation runs')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByRole('heading', { name: 'nightly-eval', level: 1 })).toBeTruthy()
    expect(screen.getByText('Nightly and weekly evaluation runs')).toBeTruthy()
  })
})

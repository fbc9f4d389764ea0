import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { configureApi } from '../../api/config'
import { consoleForFile, fill, renderRoute, warmRoutes } from '../../test/console-harness'
import { SignInForm } from './SignInForm'
import { SignInPage } from './SignInPage'

consoleForFile()

describe('signing in', () => {
  it('says what the console is, what it operates and for whom beside the ways in, the demo first', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    render(
      <QueryClientProvider client={client}>
        <MantineProvider env="test">
          <SignInPage onSignedIn={() => {}} />
        </MantineProvider>
      </QueryClientProvider>,
    )
    const about = screen.getByRole('region', { name: 'Cloud Console' })
    expect(within(about).getByText(/Run your organization’s share of the GPU cloud/)).toBeTruthy()
    // What it operates, each part of the platform by name.
    const parts = within(about)
      .getAllByRole('listitem')
      .map((item) => item.firstElementChild!.nextElementSibling!.firstElementChild!.textContent)
    expect(parts).toEqual(['Compute', 'Networks', 'Identity', 'Inference'])
    expect(within(about).getByText(/^For the admins who run an organization/)).toBeTruthy()
    // The ways in, the demo first where the console server offers it (this one offers no single sign-on).
    await screen.findByRole('button', { name: 'Continue as demo admin' })
    const buttons = screen.getAllByRole('button', { name: /^(Continue as demo admin|Sign in with)/ })
    expect(buttons.map((button) => button.textContent)).toEqual(['Continue as demo admin', 'Sign in with token'])
  })

  it('says a refused token in the console server’s words with the trace id to quote, and keeps the token', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    render(
      <QueryClientProvider client={client}>
        <MantineProvider env="test">
          <SignInForm onSignedIn={() => {}} />
        </MantineProvider>
      </QueryClientProvider>,
    )
    const user = userEvent.setup()
    const field = screen.getByLabelText('Bearer token')
    await fill(user, field, 'not-a-token-anyone-issued')
    await user.click(screen.getByRole('button', { name: 'Sign in with token' }))

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toMatch(/^Could not sign in/)
    expect(alert.textContent).toMatch(/Trace id [0-9a-f]{32}/)
    expect((field as HTMLInputElement).value).toBe('not-a-token-anyone-issued')
  })
})

describe('signing out', () => {
  it('says that sign-out did not complete, why, and that nothing was cleared', async () => {
    await warmRoutes('/')
    const { user } = renderRoute('/')
    await user.click(await screen.findByRole('button', { name: /^Account: / }))
    const signOut = await screen.findByRole('menuitem', { name: 'Sign out' })
    // The console server goes out of reach between opening the menu and choosing Sign out.
    configureApi({ baseUrl: 'http://127.0.0.1:1' })
    await user.click(signOut)

    const said = (await screen.findByText('Sign-out did not complete')).closest<HTMLElement>('[role="alert"]')!
    expect(within(said).getByText(/Could not reach the console server/)).toBeTruthy()
    expect(said.textContent).toMatch(/nothing was cleared/)
  })
})

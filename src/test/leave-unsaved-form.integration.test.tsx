import { screen, waitFor, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { choose, consoleForFile, fill, renderRoute, valueOf, warmRoutes } from './console-harness'

// Every create and edit form, through the shared form kit: leaving one with unsaved input asks first. One local cloud
// for this file; the CA this file adds has a name of its own.
const NETWORKS = '/api/region/api/v2/networks'
const BALANCERS = '/api/region/api/v2/loadbalancers'
const ED25519 = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIAkx6/FWt6WmloJ/msOatPmTSdDXgGnAFBny+42eHrs2 acme-prod-user-ca'
const harness = consoleForFile()
let sandbox: string
let gateway: string
beforeAll(async () => {
  sandbox = await harness.idOf(NETWORKS, 'sandbox')
  gateway = await harness.idOf(BALANCERS, 'llama-gateway')
  await warmRoutes(
    '/load-balancers',
    '/load-balancers/new',
    `/load-balancers/${gateway}/edit`,
    '/instances',
    '/instances/new',
    '/networks/new',
    '/ssh-certificate-authorities/new',
    '/object-storage/new',
  )
})

const sidebarLink = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name })
const asking = () => screen.findByRole('dialog', { name: 'Leave without saving?' })

describe('a create form with unsaved input', () => {
  it('asks before a sidebar link leaves it, and Stay keeps the input where it was', async () => {
    const { user, router } = renderRoute(`/load-balancers/new?network=${sandbox}`)
    await fill(user, await screen.findByRole('textbox', { name: /^Name/ }), 'int-lb-unsaved')
    await fill(user, screen.getByRole('textbox', { name: /^Description/ }), 'typed, never sent')

    await user.click(sidebarLink('Instances'))
    const dialog = await asking()
    expect(dialog.textContent).toContain('The load balancer is not created')
    expect(router.state.location.pathname).toBe('/load-balancers/new')
    const stay = within(dialog).getByRole('button', { name: 'Stay on the form' })
    await waitFor(() => expect(document.activeElement).toBe(stay))

    await user.click(stay)
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull())
    expect(router.state.location.pathname).toBe('/load-balancers/new')
    expect(valueOf(screen.getByRole('textbox', { name: /^Name/ }))).toBe('int-lb-unsaved')
    expect(valueOf(screen.getByRole('textbox', { name: /^Description/ }))).toBe('typed, never sent')
  })

  it('asks before Back leaves it, and Leave goes where the user was going', async () => {
    const { user, router } = renderRoute('/load-balancers')
    await user.click(await screen.findByRole('link', { name: 'Create load balancer' }))
    await fill(user, await screen.findByRole('textbox', { name: /^Name/ }), 'int-lb-left')

    void router.navigate(-1)
    const dialog = await asking()
    expect(router.state.location.pathname).toBe('/load-balancers/new')
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/load-balancers'))
    expect(await screen.findByRole('heading', { name: 'Load balancers', level: 1 })).toBeTruthy()
  })

  it('has the browser ask before the tab closes or reloads, and only while the input is unsaved', async () => {
    const { user } = renderRoute('/ssh-certificate-authorities/new')
    const name = await screen.findByRole('textbox', { name: /^Name/ })
    const unloading = () => {
      const event = new Event('beforeunload', { cancelable: true })
      window.dispatchEvent(event)
      return event.defaultPrevented
    }
    expect(unloading()).toBe(false)
    await fill(user, name, 'int-ca-unsaved')
    await waitFor(() => expect(unloading()).toBe(true))
    // Typed back to how it opened: nothing is lost.
    await fill(user, name, '')
    await waitFor(() => expect(unloading()).toBe(false))
  })

  it('leaves for the new item once it is created, without asking', async () => {
    const { user, router } = renderRoute('/ssh-certificate-authorities/new')
    await fill(user, await screen.findByRole('textbox', { name: /^Name/ }), 'int-ca-created-leaves')
    await choose(user, /^Project/, /sandbox/)
    await fill(user, screen.getByRole('textbox', { name: /^Public key/ }), ED25519)
    await user.click(screen.getByRole('button', { name: 'Add SSH certificate authority' }))
    expect(await screen.findByRole('heading', { name: 'int-ca-created-leaves', level: 1 })).toBeTruthy()
    expect(router.state.location.pathname).toMatch(/^\/ssh-certificate-authorities\/[^/]+$/)
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull()
  })
})

describe('an edit form with unsaved changes', () => {
  it('asks before a sidebar link leaves it', async () => {
    const { user, router } = renderRoute(`/load-balancers/${gateway}/edit`)
    await fill(user, await screen.findByRole('textbox', { name: /^Description/ }), 'changed, never saved')
    await user.click(sidebarLink('Instances'))
    const dialog = await asking()
    expect(dialog.textContent).toContain('Your changes are not saved')
    expect(router.state.location.pathname).toBe(`/load-balancers/${gateway}/edit`)
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/instances'))
  })
})

describe('a form left as it opened', () => {
  it.each([
    '/networks/new',
    '/load-balancers/new?network={sandbox}',
    '/ssh-certificate-authorities/new',
    '/object-storage/new',
    '/instances/new',
    '/load-balancers/{gateway}/edit',
  ])('%s is left without asking', async (opened) => {
    const path = opened.replace('{sandbox}', sandbox).replace('{gateway}', gateway)
    const { user, router } = renderRoute(path)
    await screen.findByRole('textbox', { name: /^Name/ })
    const away = path.startsWith('/instances') ? 'Networks' : 'Instances'
    await user.click(sidebarLink(away))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${away.toLowerCase()}`))
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull()
  })
})

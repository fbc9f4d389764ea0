import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { choose, fill, renderRoute, consoleForFile, warmRoutes } from '../../test/console-harness'

// One local cloud for this file; each test reads the demo data or adds CAs under names of its own.
const CAS = '/api/region/api/v2/sshcertificateauthorities'
// Public keys ssh-keygen wrote; their private halves were thrown away.
const ED25519 = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIAkx6/FWt6WmloJ/msOatPmTSdDXgGnAFBny+42eHrs2 acme-prod-user-ca'
const harness = consoleForFile()
let prodCa: string
beforeAll(async () => {
  prodCa = await harness.idOf(CAS, 'prod-user-ca')
  await warmRoutes(
    '/ssh-certificate-authorities',
    '/ssh-certificate-authorities/new',
    `/ssh-certificate-authorities/${prodCa}`,
  )
})

describe('SSH certificate authority list', () => {
  it('lists the organization’s CAs with their key and project, and offers no region filter: a CA is in none', async () => {
    renderRoute('/ssh-certificate-authorities?project=all')
    const table = await screen.findByRole('table', { name: 'SSH certificate authorities' })
    expect(await within(table).findByRole('link', { name: 'prod-user-ca' })).toBeTruthy()
    expect(within(table).getByRole('link', { name: 'research-ca' })).toBeTruthy()
    expect(within(table).getByText(/^ecdsa-sha2-nistp256 …/)).toBeTruthy()
    expect(screen.getByRole('combobox', { name: 'Projects' })).toBeTruthy()
    expect(screen.queryByRole('combobox', { name: 'Regions' })).toBeNull()
  })
})

describe('SSH certificate authority page', () => {
  it('shows the key whole, its type and its fingerprint as ssh-keygen -l prints it, and no Edit', async () => {
    renderRoute(`/ssh-certificate-authorities/${prodCa}`)
    expect(await screen.findByRole('heading', { name: 'prod-user-ca', level: 1 })).toBeTruthy()
    const main = within(screen.getByRole('main'))
    expect(main.getByText(ED25519)).toBeTruthy()
    expect(main.getByText('ssh-ed25519')).toBeTruthy()
    // `ssh-keygen -lf` on the key: 256 SHA256:Lc+JzB8rQlsKYW89G4Cg6XHvavYro1S7gmJu+m4qiO8 acme-prod-user-ca (ED25519)
    expect(await main.findByText('SHA256:Lc+JzB8rQlsKYW89G4Cg6XHvavYro1S7gmJu+m4qiO8')).toBeTruthy()
    expect(main.queryByRole('button', { name: 'Edit' })).toBeNull()
    expect(main.queryByRole('link', { name: 'Edit' })).toBeNull()
    expect(main.getByRole('button', { name: 'Delete' })).toBeTruthy()
  })
})

describe('SSH certificate authority create', () => {
  it('refuses, at the field, a private key, a certificate and a line that is no key, and keeps the input', async () => {
    const { user } = renderRoute('/ssh-certificate-authorities/new')
    await fill(user, await screen.findByRole('textbox', { name: /^Name/ }), 'int-ca-keeps-input')
    const key = screen.getByRole('textbox', { name: /^Public key/ })
    const submit = () => user.click(screen.getByRole('button', { name: 'Add SSH certificate authority' }))
    for (const [pasted, said] of [
      ['-----BEGIN OPENSSH PRIVATE KEY-----', /This is a private key/],
      ['ssh-ed25519-cert-v01@openssh.com AAAA', /This is a certificate/],
      ['ssh-ed25519 not-base64!', /is not base64/],
      ['ssh-rsa AAAAC3NzaC1lZDI1NTE5AAAAIAkx6/FWt6WmloJ/msOatPmTSdDXgGnAFBny+42eHrs2', /is not a ssh-rsa key/],
    ] as const) {
      await fill(user, key, pasted)
      await submit()
      expect(await screen.findByText(said), pasted).toBeTruthy()
    }
    expect((screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('int-ca-keeps-input')
  })

  it('adds a CA to the chosen project and opens its page', async () => {
    const { user, router } = renderRoute('/ssh-certificate-authorities/new')
    await fill(user, await screen.findByRole('textbox', { name: /^Name/ }), 'int-added-ca')
    await choose(user, /^Project/, /sandbox/)
    await fill(user, screen.getByRole('textbox', { name: /^Public key/ }), `  ${ED25519}\n`)
    // The preview shows the body as sent: the key as one line, and no region.
    const preview = within(screen.getByRole('region', { name: 'Request preview' }))
    expect(preview.getByText(/"publicKey": "ssh-ed25519 AAAA.* acme-prod-user-ca"/)).toBeTruthy()
    expect(preview.queryByText(/regionId/)).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Add SSH certificate authority' }))
    expect(await screen.findByRole('heading', { name: 'int-added-ca', level: 1 })).toBeTruthy()
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/ssh-certificate-authorities\/[^/]+$/))
    const sandbox = await harness.idOf(harness.identity('/projects'), 'sandbox')
    const saved = await harness.platform<{ metadata: { projectId: string }; spec: { publicKey: string } }>(
      `${CAS}/${router.state.location.pathname.split('/').pop()}`,
    )
    expect(saved.metadata.projectId).toBe(sandbox)
    expect(saved.spec.publicKey).toBe(ED25519)
  })
})

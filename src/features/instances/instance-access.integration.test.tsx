import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { fill, renderRoute, consoleForFile, valueOf, warmRoutes } from '../../test/console-harness'

// The SSH key, the console output, the console session and snapshots on an instance's detail page, against the
// local cloud (which provisions at once here: every instance is Running when created).
const INSTANCES = '/api/region/api/v2/instances'
const harness = consoleForFile()
let euWest1 = ''
beforeAll(async () => {
  euWest1 = await harness.regionId('eu-west-1')
})
let network: { id: string; projectId: string }
let image: string
let flavor: string

interface Created {
  metadata: { id: string }
  status: { publicIP?: string }
}

async function createInstance(name: string, extra: Record<string, unknown> = {}): Promise<Created> {
  return harness.platform<Created>(INSTANCES, {
    method: 'POST',
    body: {
      metadata: { name },
      spec: {
        organizationId: harness.cloud.demo.organizationId,
        projectId: network.projectId,
        networkId: network.id,
        flavorId: flavor,
        imageId: image,
        ...extra,
      },
    },
  })
}

beforeAll(async () => {
  const networks =
    await harness.platform<{ metadata: { id: string; name: string; projectId: string } }[]>(
      '/api/region/api/v2/networks',
    )
  const sandbox = networks.find((n) => n.metadata.name === 'sandbox')!
  network = { id: sandbox.metadata.id, projectId: sandbox.metadata.projectId }
  const org = harness.cloud.demo.organizationId
  const images = await harness.platform<{ metadata: { id: string; name: string } }[]>(
    `/api/region/api/v1/organizations/${org}/regions/${euWest1}/images`,
  )
  image = images.find((i) => i.metadata.name.startsWith('ubuntu-24.04-server'))!.metadata.id
  const flavors = await harness.platform<{ metadata: { id: string; name: string } }[]>(
    `/api/region/api/v1/organizations/${org}/regions/${euWest1}/flavors`,
  )
  flavor = flavors.find((f) => f.metadata.name === 'c1.small')!.metadata.id
  await warmRoutes(`/instances/${network.id}`, '/images/x')
})

afterEach(() => vi.restoreAllMocks())

describe('instance detail: SSH key', () => {
  it('shows the key only after a click, with the ssh command, and keeps nothing of it once closed', async () => {
    const logged = [
      vi.spyOn(console, 'log'),
      vi.spyOn(console, 'info'),
      vi.spyOn(console, 'warn'),
      vi.spyOn(console, 'error'),
      vi.spyOn(console, 'debug'),
    ]
    const created = await createInstance('key-web', { networking: { publicIP: true } })
    const { user, queryClient, router } = renderRoute(`/instances/${created.metadata.id}`)
    await user.click(await screen.findByRole('button', { name: 'Get SSH key' }))
    const dialog = await screen.findByRole('dialog', { name: 'SSH key' })
    expect(within(dialog).queryByLabelText('SSH private key of key-web')).toBeNull()
    // The preview appears once the console's configuration (its upstream URLs) has loaded.
    expect(await within(dialog).findByText(/GET .*\/api\/v2\/instances\/.*\/sshkey/)).toBeTruthy()

    await user.click(within(dialog).getByRole('button', { name: 'Show SSH key' }))
    const key = (await within(dialog).findByLabelText('SSH private key of key-web')).textContent ?? ''
    expect(key).toMatch(/^-----BEGIN OPENSSH PRIVATE KEY-----/)
    expect(within(dialog).getByRole('button', { name: 'Download key-web.pem' })).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'Copy key' })).toBeTruthy()
    expect(within(dialog).getByText('chmod 600 key-web.pem')).toBeTruthy()
    expect(within(dialog).getByLabelText('SSH command').textContent).toBe(
      `ssh -i key-web.pem ubuntu@${created.status.publicIP}`,
    )

    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'SSH key' })).toBeNull())
    const body = key.split('\n')[1]!
    const cached = JSON.stringify([
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.state.data),
      queryClient
        .getMutationCache()
        .getAll()
        .map((mutation) => mutation.state.data),
    ])
    expect(cached).not.toContain(body)
    for (const storage of [sessionStorage, localStorage])
      for (let i = 0; i < storage.length; i++) expect(storage.getItem(storage.key(i)!)).not.toContain(body)
    expect(router.state.location.pathname + router.state.location.search + router.state.location.hash).not.toContain(
      body,
    )
    for (const spy of logged) expect(JSON.stringify(spy.mock.calls)).not.toContain(body)
  })

  it('says how to reach an instance without a public IP: from inside its network', async () => {
    const created = await createInstance('key-private')
    const { user } = renderRoute(`/instances/${created.metadata.id}`)
    await user.click(await screen.findByRole('button', { name: 'Get SSH key' }))
    const dialog = await screen.findByRole('dialog', { name: 'SSH key' })
    await user.click(within(dialog).getByRole('button', { name: 'Show SSH key' }))
    expect(await within(dialog).findByText('No public address')).toBeTruthy()
    expect(within(dialog).getByText(/ssh -i key-private\.pem ubuntu@192\.168\./)).toBeTruthy()
  })
})

describe('instance detail: console output', () => {
  it('shows the boot log with the user data’s commands as inert text', async () => {
    const script = '#cloud-config\nruncmd:\n  - echo "<img src=x onerror=alert(1)>"\n'
    const created = await createInstance('log-web', { userData: btoa(script) })
    const { user } = renderRoute(`/instances/${created.metadata.id}`)
    await user.click(await screen.findByRole('tab', { name: 'Console output' }))
    const log = await screen.findByRole('log', { name: 'Console output of log-web' })
    // Happy DOM lays nothing out, so the viewer renders its first lines (the overscan) only.
    expect(within(log).getByText(/Linux version/)).toBeTruthy()
    expect(document.querySelector('img[src="x"]')).toBeNull()
    expect(screen.getByText(/The whole log\./)).toBeTruthy()
  })

  it('says at once that the platform does not offer it (501)', async () => {
    const created = await createInstance('log-none')
    harness.answerNext('GET', new RegExp(`/instances/${created.metadata.id}/consoleoutput`), {
      status: 501,
      body: { error: 'not_implemented', error_description: 'console output is not supported' },
    })
    const { user } = renderRoute(`/instances/${created.metadata.id}`)
    await user.click(await screen.findByRole('tab', { name: 'Console output' }))
    expect(await screen.findByText(/This platform does not offer the console output/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
    expect(screen.queryByText('Nothing printed yet.')).toBeNull()
  })

  it('shows another 5xx in the platform’s words with a retry, which then shows the log', async () => {
    const created = await createInstance('log-outage')
    harness.answerNext('GET', new RegExp(`/instances/${created.metadata.id}/consoleoutput`), {
      status: 500,
      body: { error: 'server_error', error_description: 'an internal error has occurred' },
    })
    const { user } = renderRoute(`/instances/${created.metadata.id}`)
    await user.click(await screen.findByRole('tab', { name: 'Console output' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('an internal error has occurred')
    expect(screen.queryByText('Nothing printed yet.')).toBeNull()
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('log', { name: 'Console output of log-outage' })).toBeTruthy()
  })
})

describe('instance detail: open console', () => {
  it('says what address it refused to open and why, at the button, and opens nothing', async () => {
    const opened = vi.spyOn(window, 'open').mockReturnValue(null)
    const created = await createInstance('console-refused')
    const { user } = renderRoute(`/instances/${created.metadata.id}`)
    expect(await screen.findByTitle('Power state: Running')).toBeTruthy()
    for (const [url, why] of [
      ['javascript:alert(document.cookie)', /javascript: address.*only https:\/\/ and http:\/\/ addresses/],
      ['data:text/html,<h1>console</h1>', /data: address is not a web page/],
      ['/console/session/abc', /not a full address/],
    ] as const) {
      harness.answerNext('GET', new RegExp(`/instances/${created.metadata.id}/consolesession$`), {
        status: 200,
        body: { url },
      })
      await user.click(screen.getByRole('button', { name: 'Open console' }))
      const refusal = await screen.findByRole('alert')
      expect(refusal.textContent).toContain(url)
      expect(refusal.textContent).toMatch(why)
      await user.click(screen.getByRole('button', { name: 'Dismiss' }))
    }
    expect(opened).not.toHaveBeenCalled()
    opened.mockRestore()
  })

  it('opens the session in a new tab cut off from this one, and says plainly when the instance is not running', async () => {
    const opened = vi.spyOn(window, 'open').mockReturnValue(null)
    const created = await createInstance('console-web')
    const first = renderRoute(`/instances/${created.metadata.id}`)
    await first.user.click(await screen.findByRole('button', { name: 'Open console' }))
    await waitFor(() => expect(opened).toHaveBeenCalledTimes(1))
    const [url, target, features] = opened.mock.calls[0]!
    expect(String(url)).toMatch(/\/local\/compute\/console\/[\w-]+$/)
    expect(target).toBe('_blank')
    expect(features).toContain('noopener')

    first.unmount()
    // 202 without a body, which platform() does not read as JSON.
    await harness.platform(`${INSTANCES}/${created.metadata.id}/stop`, { method: 'POST' }).catch(() => undefined)
    renderRoute(`/instances/${created.metadata.id}`)
    expect(await screen.findByTitle('Power state: Stopped')).toBeTruthy()
    const button = screen.getByRole('button', { name: 'Open console' })
    expect(button.getAttribute('aria-disabled')).toBe('true')
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(
      'The instance is not running (it is Stopped): a console needs it Running.',
    )
  })
})

describe('instance detail: snapshot', () => {
  it('takes a snapshot under the name given, says a name the region’s images hold at the field without sending, and links to the ready image', async () => {
    const created = await createInstance('snap-web')
    const { user } = renderRoute(`/instances/${created.metadata.id}`)
    await user.click(await screen.findByRole('button', { name: 'Snapshot' }))
    const dialog = await screen.findByRole('dialog', { name: 'Snapshot' })
    const name = within(dialog).getByRole('textbox', { name: /^Image name/ })
    await fill(user, name, 'Not a name!')
    await user.click(within(dialog).getByRole('button', { name: 'Take snapshot' }))
    expect(await within(dialog).findByText(/Use letters, digits/)).toBeTruthy()

    await fill(user, name, 'ubuntu-24.04-server-20250602')
    expect(await within(dialog).findByText(/POST .*\/snapshot$/)).toBeTruthy()
    // The image is tagged with the instance: the platform's image answer has no field that names it.
    expect(
      within(dialog).getByText(
        `{"metadata":{"name":"ubuntu-24.04-server-20250602","tags":[{"name":"snapshot-of-instance","value":"${created.metadata.id}"}]}}`,
      ),
    ).toBeTruthy()
    const take = within(dialog).getByRole('button', { name: 'Take snapshot' })
    await user.click(take)
    // The console's own check, from the region's images: the platform would make a second image of that name.
    expect(await within(dialog).findByText('An image with this name already exists in this region.')).toBeTruthy()
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(valueOf(name)).toBe('ubuntu-24.04-server-20250602')
    expect(take.hasAttribute('data-loading')).toBe(false)
    const regionImages = await harness.platform<{ metadata: { name: string } }[]>(
      `/api/region/api/v1/organizations/${harness.cloud.demo.organizationId}/regions/${euWest1}/images`,
    )
    expect(regionImages.filter((i) => i.metadata.name === 'ubuntu-24.04-server-20250602')).toHaveLength(1)

    await fill(user, name, 'snap-web-image')
    await user.click(within(dialog).getByRole('button', { name: 'Take snapshot' }))
    const status = await within(dialog).findByText(/is ready: new instances in this region can boot from it/)
    expect(within(status).getByRole('link', { name: 'snap-web-image' }).getAttribute('href')).toMatch(
      new RegExp(`^/images/[\\w-]+\\?region=${euWest1}$`),
    )
    // The image's page names and links the instance it was taken of.
    await user.click(within(status).getByRole('link', { name: 'snap-web-image' }))
    expect(await screen.findByRole('heading', { name: 'snap-web-image', level: 1 })).toBeTruthy()
    const source = await screen.findByRole('link', { name: 'snap-web' })
    expect(source.getAttribute('href')).toBe(`/instances/${created.metadata.id}`)
  })
})

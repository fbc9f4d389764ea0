import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { choose, fill, renderRoute, consoleForFile, valueOf, warmRoutes } from '../../test/console-harness'
import { networkBeingDeleted } from '../../test/deletion-under-way'
import { usedUpBy } from '../../test/quota-used-up'

// One local cloud for this file; each test reads the demo data or creates networks under names of its own.
const NETWORKS = '/api/region/api/v2/networks'
const harness = consoleForFile()
let euWest1 = ''
beforeAll(async () => {
  euWest1 = await harness.regionId('eu-west-1')
})
let trainingFabric: string
beforeAll(async () => {
  trainingFabric = await harness.idOf(NETWORKS, 'training-fabric')
  await warmRoutes('/networks', '/networks/new', `/networks/${trainingFabric}`, `/networks/${trainingFabric}/edit`)
})

/** Fills the create form's required fields: name, project and region (picked by name), prefix. */
async function fillCreateForm(user: ReturnType<typeof renderRoute>['user'], name: string, prefix: string) {
  await fill(user, await screen.findByRole('textbox', { name: /^Name/ }), name)
  await choose(user, /^Project/, /sandbox/)
  await choose(user, /^Region/, /eu-west-1/)
  await fill(user, screen.getByRole('textbox', { name: /^Prefix/ }), prefix)
}

/** Where a network is: its organization, project and region, as a create's spec names them. */
async function placementOf(networkId: string) {
  const { metadata, status } = await harness.platform<{
    metadata: { organizationId: string; projectId: string }
    status: { regionId: string }
  }>(`${NETWORKS}/${networkId}`)
  return { organizationId: metadata.organizationId, projectId: metadata.projectId, regionId: status.regionId }
}

describe('network list', () => {
  it('lists the organization’s networks and narrows them as the user searches', async () => {
    const { user } = renderRoute('/networks')
    const table = await screen.findByRole('table', { name: 'Networks' })
    expect(await within(table).findByRole('link', { name: 'training-fabric' })).toBeTruthy()
    expect(within(table).getByText('10.20.0.0/16')).toBeTruthy()

    await fill(user, screen.getByRole('combobox', { name: 'Search' }), 'inference-prod-us')
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('link', { name: /^inference|^training/ })
          .map((l) => l.textContent),
      ).toEqual(['inference-prod-us']),
    )
  })

  it('finds a network by tag text', async () => {
    renderRoute('/networks?q=tier=serving')
    const table = await screen.findByRole('table', { name: 'Networks' })
    expect(await within(table).findByRole('link', { name: 'inference-prod' })).toBeTruthy()
    expect(within(table).queryByRole('link', { name: 'training-fabric' })).toBeNull()
  })

  it('shows the empty state with a way out when nothing matches', async () => {
    const { user } = renderRoute('/networks?q=no-such-network-anywhere')
    expect(await screen.findByText('No networks match')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(await screen.findByRole('link', { name: 'training-fabric' })).toBeTruthy()
  })
})

describe('network list in a scope', () => {
  it('says the project filters a search that finds nothing, and clearing lifts the project too', async () => {
    const sandbox = await harness.idOf(harness.identity('/projects'), 'sandbox')
    const { user, router } = renderRoute(`/networks?project=${sandbox}&q=training-fabric`)
    expect(await screen.findByText(/The list shows sandbox only: the project and region filter it too\./)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Clear filters, project and region' }))
    await waitFor(() => expect(router.state.location.search).toBe('?project=all&region=all'))
    const table = await screen.findByRole('table', { name: 'Networks' })
    expect(await within(table).findByText('training-fabric')).toBeTruthy()
  })
})

describe('network detail', () => {
  it('shows the network’s prefix, DNS servers, routes and links to what is in it', async () => {
    renderRoute(`/networks/${trainingFabric}`)
    expect(await screen.findByRole('heading', { name: 'training-fabric', level: 1 })).toBeTruthy()
    expect(screen.getByText('10.20.0.0/16')).toBeTruthy()
    expect(screen.getByText('1.1.1.1')).toBeTruthy()
    const routes = screen.getByRole('table', { name: 'Routes' })
    expect(within(routes).getByText('172.16.0.0/12')).toBeTruthy()
    expect(within(routes).getByText('10.20.0.254')).toBeTruthy()
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Security groups' }).getAttribute('href')).toBe(
      `/security-groups?network=${trainingFabric}`,
    )
  })

  it('disables Edit and Delete, with the reason, while the network is being deleted', async () => {
    const created = await harness.platform<{ metadata: { id: string } }>(NETWORKS, {
      method: 'POST',
      body: {
        metadata: { name: 'int-net-deleting' },
        spec: { ...(await placementOf(trainingFabric)), prefix: '10.212.0.0/16', dnsNameservers: [] },
      },
    })
    networkBeingDeleted(harness.cloud, created.metadata.id)
    renderRoute(`/networks/${created.metadata.id}`)
    expect(await screen.findByRole('heading', { name: 'int-net-deleting', level: 1 })).toBeTruthy()
    const main = within(screen.getByRole('main'))
    const reasonOf = (button: HTMLElement) =>
      button.getAttribute('aria-disabled') === 'true'
        ? document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent
        : undefined
    expect(reasonOf(main.getByRole('button', { name: 'Edit' }))).toBe('The network is being deleted.')
    expect(reasonOf(main.getByRole('button', { name: 'Delete' }))).toBe('The network is already being deleted.')
  })

  it('says a refused delete in the platform’s words, and names no use of the network when it does not say so', async () => {
    const created = await harness.platform<{ metadata: { id: string } }>(NETWORKS, {
      method: 'POST',
      body: {
        metadata: { name: 'int-net-roles' },
        spec: { ...(await placementOf(trainingFabric)), prefix: '10.213.0.0/16', dnsNameservers: [] },
      },
    })
    harness.answerNext('DELETE', new RegExp(`/networks/${created.metadata.id}$`), {
      status: 403,
      body: { error: 'forbidden', error_description: 'user does not have the required permissions' },
    })
    const { user } = renderRoute(`/networks/${created.metadata.id}`)
    expect(await screen.findByRole('heading', { name: 'int-net-roles', level: 1 })).toBeTruthy()
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('dialog')
    await fill(user, within(dialog).getByRole('textbox'), 'int-net-roles')
    await user.click(within(dialog).getByRole('button', { name: /Delete/ }))
    const alert = await within(dialog).findByRole('alert')
    expect(alert.textContent).toContain('user does not have the required permissions')
    expect(alert.textContent).not.toContain('Remove what uses it first')
  })

  it('says a network that does not exist is not found', async () => {
    renderRoute('/networks/no-such-network')
    expect(await screen.findByRole('heading', { name: /not found/i })).toBeTruthy()
  })
})

describe('network delete', () => {
  it('names what uses the network before the user confirms, and again beside the refusal', async () => {
    const created = await harness.platform<{ metadata: { id: string } }>(NETWORKS, {
      method: 'POST',
      body: {
        metadata: { name: 'int-net-in-use' },
        spec: { ...(await placementOf(trainingFabric)), prefix: '10.213.0.0/16', dnsNameservers: [] },
      },
    })
    const networkId = created.metadata.id
    const group = await harness.platform<{ metadata: { id: string } }>('/api/region/api/v2/securitygroups', {
      method: 'POST',
      body: { metadata: { name: 'int-sg-on-net' }, spec: { networkId, rules: [] } },
    })
    const { user } = renderRoute(`/networks/${networkId}`)
    expect(await screen.findByRole('heading', { name: 'int-net-in-use', level: 1 })).toBeTruthy()
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Delete' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete network' }))

    expect(await dialog.findByText('In use by 1 security group')).toBeTruthy()
    const link = dialog.getByRole('link', { name: 'int-sg-on-net' })
    expect(link.getAttribute('href')).toBe(`/security-groups/${group.metadata.id}`)

    await fill(user, dialog.getByRole('textbox', { name: 'Type int-net-in-use to confirm' }), 'int-net-in-use')
    await user.click(dialog.getByRole('button', { name: 'Delete network' }))
    // The warning gives way to the platform's refusal, which names what uses the network too.
    expect(
      await dialog.findByText(/network int-net-in-use is in use and cannot be deleted: used by security groups/),
    ).toBeTruthy()
    const refusal = within(dialog.getByRole('alert'))
    expect(refusal.getByText('The network was not deleted')).toBeTruthy()
    expect(refusal.getByRole('link', { name: 'int-sg-on-net' })).toBeTruthy()
  })
})

describe('network create', () => {
  it('creates a network with a DNS server and opens its page', async () => {
    const { user, router } = renderRoute('/networks/new')
    await fillCreateForm(user, 'int-created-net', '10.201.0.0/16')
    await user.click(screen.getByRole('button', { name: 'Add DNS server' }))
    await fill(user, screen.getByRole('textbox', { name: 'DNS server 1' }), '9.9.9.9')
    expect(within(screen.getByRole('region', { name: 'Request preview' })).getByText(/"9\.9\.9\.9"/)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Create network' }))

    expect(await screen.findByRole('heading', { name: 'int-created-net', level: 1 })).toBeTruthy()
    expect(router.state.location.pathname).toMatch(/^\/networks\/[^/]+$/)
    expect(screen.getByText('9.9.9.9')).toBeTruthy()
  })

  it('reserves a prefix at create, checked at its field, and the network’s page shows what is reserved', async () => {
    const { user } = renderRoute('/networks/new')
    await fillCreateForm(user, 'int-net-reserved', '10.206.0.0/16')
    const reserve = screen.getByRole('textbox', { name: /^Reservation length/ })
    await fill(user, reserve, '16')
    await user.tab()
    expect(
      await screen.findByText("Longer than the network's /16: the reservation is carved from inside it."),
    ).toBeTruthy()
    await fill(user, reserve, '20')
    expect(
      await screen.findByText('Reserves 10.206.0.0/20 from the start of the network; fixed once created.'),
    ).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Create network' }))

    expect(await screen.findByRole('heading', { name: 'int-net-reserved', level: 1 })).toBeTruthy()
    expect(screen.getByText('10.206.0.0/20: file storage 10.206.0.0–10.206.15.255')).toBeTruthy()
  })

  it('keeps a required project when its chosen option is clicked again', async () => {
    const { user } = renderRoute('/networks/new')
    await choose(user, /^Project/, /sandbox/)
    await choose(user, /^Project/, /sandbox/)
    const project = within(screen.getByRole('main')).getByRole('combobox', { name: /^Project/ })
    expect(valueOf(project)).toBe('sandbox')
    expect(within(screen.getByRole('region', { name: 'Request preview' })).queryByText(/"projectId": ""/)).toBeNull()
  })

  it('shows why a prefix with host bits set is wrong, offers the block it meant, and keeps the other input', async () => {
    const { user } = renderRoute('/networks/new')
    await fill(user, await screen.findByRole('textbox', { name: /^Name/ }), 'keeps-my-input')
    const prefix = screen.getByRole('textbox', { name: /^Prefix/ })
    await fill(user, prefix, '10.1.2.3/16')
    await user.tab()
    expect(
      await screen.findByText('10.1.2.3/16 has host bits set: a /16 block starts at 10.1.0.0. Use 10.1.0.0/16.'),
    ).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Use 10.1.0.0/16' }))
    expect((prefix as HTMLInputElement).value).toBe('10.1.0.0/16')

    await fill(user, prefix, '10.1.0.0/28')
    await user.click(screen.getByRole('button', { name: 'Create network' }))
    expect(await screen.findByText(/A network must be \/24 or larger/)).toBeTruthy()
    expect((screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('keeps-my-input')
  })

  it('says a name the project already has at the name field without sending (the platform would accept it), and keeps the input', async () => {
    const { user, router } = renderRoute('/networks/new')
    await fillCreateForm(user, 'sandbox', '10.202.0.0/16')
    await user.click(screen.getByRole('button', { name: 'Create network' }))

    // The console's own check, from the project's networks: the platform has none.
    await screen.findByText('A network with this name already exists in this project.')
    expect(screen.getByRole('textbox', { name: /^Name/ }).getAttribute('aria-invalid')).toBe('true')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(router.state.location.pathname).toBe('/networks/new')
    expect((screen.getByRole('textbox', { name: /^Prefix/ }) as HTMLInputElement).value).toBe('10.202.0.0/16')
  })

  it('shows a refusal in the platform’s words with its trace id beside the console’s, and keeps the input', async () => {
    harness.answerNext('POST', /\/api\/v2\/networks$/, {
      status: 500,
      body: {
        error: 'server_error',
        error_description: 'an internal error has occurred',
        trace_id: '4bf92f3577b34da6a3ce929d0e0e4736',
      },
    })
    const { user } = renderRoute('/networks/new')
    await fillCreateForm(user, 'int-net-outage', '10.204.0.0/16')
    await user.click(screen.getByRole('button', { name: 'Create network' }))

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('an internal error has occurred')
    expect(alert.textContent).toMatch(
      /Platform trace id 4bf92f3577b34da6a3ce929d0e0e4736 · console trace id [0-9a-f]{32}/,
    )
    expect(valueOf(screen.getByRole('textbox', { name: /^Name/ }))).toBe('int-net-outage')
  })

  it('says the platform’s 409 at Name, not above the form, when the name was free in the list it read', async () => {
    harness.answerNext('POST', /\/api\/v2\/networks$/, {
      status: 409,
      body: { error: 'conflict', error_description: 'resource already exists' },
    })
    const { user, router } = renderRoute('/networks/new')
    await fillCreateForm(user, 'int-net-raced', '10.203.0.0/16')
    await user.click(screen.getByRole('button', { name: 'Create network' }))

    // The platform's words, with the trace id to quote.
    await screen.findByText(/^Resource already exists \(trace id [0-9a-f]{32}\)$/)
    expect(screen.getByRole('textbox', { name: /^Name/ }).getAttribute('aria-invalid')).toBe('true')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(router.state.location.pathname).toBe('/networks/new')
    expect((screen.getByRole('textbox', { name: /^Prefix/ }) as HTMLInputElement).value).toBe('10.203.0.0/16')
  })
})

describe('network create at the organization’s quota', () => {
  const networksQuota = async () => {
    const { quotas } = await harness.platform<{ quotas: { kind: string; quantity: number; used: number }[] }>(
      harness.identity('/quotas'),
    )
    return quotas.find((q) => q.kind === 'networks')!
  }

  it('says what is left of the networks quota beside the button that sends', async () => {
    const { quantity, used } = await networksQuota()
    renderRoute('/networks/new')
    const left = await screen.findByText(
      `Left in the organization's quota: ${quantity - used} of ${quantity} networks.`,
    )
    expect(left.closest('form')).toBe(screen.getByRole('button', { name: 'Create network' }).closest('form'))
  })

  it('says before sending that the network would pass the quota; sent anyway, the refusal is said and the input stays', async () => {
    const { quantity, used } = await networksQuota()
    // The quota is used up by other networks of the organization.
    const freed = await usedUpBy(harness.cloud, 'networks', quantity - used)
    try {
      const { user } = renderRoute('/networks/new')
      await fillCreateForm(user, 'int-net-past-quota', '10.205.0.0/16')
      expect(
        await screen.findByText(
          `This network would exceed the organization's quota: 0 of ${quantity} networks left. The platform refuses it; free some first, or ask the platform provider for a larger quota.`,
        ),
      ).toBeTruthy()
      await user.click(screen.getByRole('button', { name: 'Create network' }))

      // The platform's refusal in its words, at the top of the form, which takes focus; the input is all there.
      const alert = await screen.findByRole('alert')
      expect(alert.textContent).toContain(
        `The requested allocation of ${quantity + 1} for networks exceeds the allowed limit of ${quantity}.`,
      )
      expect(valueOf(screen.getByRole('textbox', { name: /^Name/ }))).toBe('int-net-past-quota')
      expect(valueOf(screen.getByRole('textbox', { name: /^Prefix/ }))).toBe('10.205.0.0/16')
    } finally {
      freed()
    }
  })
})

/** A network of the sandbox project in eu-west-1 with one DNS server, 8.8.8.8, made through the platform's API. */
const sandboxNetwork = async (name: string, prefix: string) =>
  harness.platform<{ metadata: { id: string } }>(NETWORKS, {
    method: 'POST',
    body: {
      metadata: { name },
      spec: {
        organizationId: harness.cloud.demo.organizationId,
        projectId: await harness.idOf(harness.identity('/projects'), 'sandbox'),
        regionId: euWest1,
        prefix,
        dnsNameservers: ['8.8.8.8'],
      },
    },
  })

describe('network edit', () => {
  it('starts from the network, saves a changed DNS server and shows it on the network’s page', async () => {
    const created = await sandboxNetwork('int-edit-net', '10.203.0.0/16')
    const { user } = renderRoute(`/networks/${created.metadata.id}/edit`)
    expect(await screen.findByRole('heading', { name: 'Edit int-edit-net', level: 1 })).toBeTruthy()
    const dns = await screen.findByRole('textbox', { name: 'DNS server 1' })
    expect((dns as HTMLInputElement).value).toBe('8.8.8.8')
    await fill(user, dns, '9.9.9.9')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))

    expect(await screen.findByRole('heading', { name: 'int-edit-net', level: 1 })).toBeTruthy()
    expect(screen.getByText('9.9.9.9')).toBeTruthy()
    expect(screen.queryByText('8.8.8.8')).toBeNull()
  })

  it('keeps a description another admin gave the network while the form was open, beside the DNS server changed here', async () => {
    const created = await sandboxNetwork('int-edit-both', '10.204.0.0/16')
    const item = `${NETWORKS}/${created.metadata.id}`
    const { user } = renderRoute(`/networks/${created.metadata.id}/edit`)
    const dns = await screen.findByRole('textbox', { name: 'DNS server 1' })
    await harness.platform(item, {
      method: 'PUT',
      body: {
        metadata: { name: 'int-edit-both', description: 'Set by another admin' },
        spec: { dnsNameservers: ['8.8.8.8'] },
      },
    })
    await fill(user, dns, '9.9.9.9')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))

    expect(await screen.findByRole('heading', { name: 'int-edit-both', level: 1 })).toBeTruthy()
    const saved = await harness.platform<{ metadata: { description?: string }; spec: { dnsNameservers: string[] } }>(
      item,
    )
    expect(saved.metadata.description).toBe('Set by another admin')
    expect(saved.spec.dnsNameservers).toEqual(['9.9.9.9'])
  })

  it('keeps a tag another admin added while the form was open, beside the tag added here', async () => {
    const created = await sandboxNetwork('int-edit-tags', '10.205.0.0/16')
    const item = `${NETWORKS}/${created.metadata.id}`
    const { user } = renderRoute(`/networks/${created.metadata.id}/edit`)
    await screen.findByRole('textbox', { name: 'DNS server 1' })
    await harness.platform(item, {
      method: 'PUT',
      body: {
        metadata: { name: 'int-edit-tags', tags: [{ name: 'env', value: 'prod' }] },
        spec: { dnsNameservers: ['8.8.8.8'] },
      },
    })
    await user.click(screen.getByRole('button', { name: 'Add tag' }))
    await fill(user, screen.getByRole('textbox', { name: 'Tag 1 name' }), 'owner')
    await fill(user, screen.getByRole('textbox', { name: 'Tag 1 value' }), 'ada')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))

    expect(await screen.findByRole('heading', { name: 'int-edit-tags', level: 1 })).toBeTruthy()
    const saved = await harness.platform<{ metadata: { tags?: { name: string; value: string }[] } }>(item)
    expect(saved.metadata.tags).toEqual([
      { name: 'env', value: 'prod' },
      { name: 'owner', value: 'ada' },
    ])
  })
})

describe('scope said once', () => {
  it('the header’s project picker shows the list’s project filter from the URL, and choosing in it filters the list', async () => {
    const sandbox = await harness.idOf(harness.identity('/projects'), 'sandbox')
    const { user, router } = renderRoute(`/networks?project=${sandbox}`)
    const header = await screen.findByLabelText('Project', { selector: 'input' })
    await waitFor(() => expect(valueOf(header)).toBe('sandbox'))

    await user.click(header)
    await user.click(await screen.findByRole('option', { name: 'All projects' }))
    await waitFor(() => expect(router.state.location.search).toBe('?project=all'))
    // The picker the click opened is the Select itself, which took the closed input's place (DeferredSelect).
    const picker = () => screen.getByLabelText('Project', { selector: 'input' })
    await waitFor(() => expect(valueOf(picker())).toBe('All projects'))
    await harness.workIn(undefined)
  })
})

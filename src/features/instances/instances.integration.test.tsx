import { beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import { screen, within } from '@testing-library/react'
import { choose, fill, renderRoute, consoleForFile, valueOf, warmRoutes } from '../../test/console-harness'
import { usedUpBy } from '../../test/quota-used-up'

// One local cloud for this file; tests read the demo data or create instances under names of their own.
const INSTANCES = '/api/region/api/v2/instances'
const harness = consoleForFile()
let euWest1 = ''
beforeAll(async () => {
  euWest1 = await harness.regionId('eu-west-1')
})
let smokeTest: string
let trainingFabric: string
beforeAll(async () => {
  smokeTest = await harness.idOf(INSTANCES, 'gpu-smoke-test')
  trainingFabric = await harness.idOf('/api/region/api/v2/networks', 'training-fabric')
  await warmRoutes('/instances', '/instances/new', `/instances/${smokeTest}`, `/instances/${smokeTest}/edit`)
})
beforeEach(() => harness.workIn(undefined))

describe('instance list', () => {
  it('follows a network link: only that network’s instances, with the filter shown', async () => {
    renderRoute(`/instances?network=${trainingFabric}`)
    const table = await screen.findByRole('table', { name: 'Instances' })
    expect(await within(table).findByRole('link', { name: 'notebook-priya' })).toBeTruthy()
    expect(within(table).queryByRole('link', { name: 'airflow' })).toBeNull()
    expect(await screen.findByText('Network: training-fabric')).toBeTruthy()
  })

  it('says a failed instance has no private IP to wait for: None, in its row and on its page', async () => {
    const { user } = renderRoute('/instances?q=gpu-smoke-test')
    const table = await screen.findByRole('table', { name: 'Instances' })
    const link = await within(table).findByRole('link', { name: 'gpu-smoke-test' })
    const row = link.closest('tr')!
    expect(row.textContent).toContain('Error')
    expect(row.textContent).toContain('None')
    expect(row.textContent).not.toContain('Assigning')
    await user.click(link)
    expect(await screen.findByRole('heading', { name: 'gpu-smoke-test', level: 1 })).toBeTruthy()
    const term = screen.getAllByRole('term').find((dt) => dt.textContent === 'Private IP')!
    expect(term.nextElementSibling?.textContent).toBe('None')
  })
})

describe('instance detail', () => {
  it('offers a failed instance no power action and says why', async () => {
    renderRoute(`/instances/${smokeTest}`)
    expect(await screen.findByRole('heading', { name: 'gpu-smoke-test', level: 1 })).toBeTruthy()
    for (const action of ['Start', 'Stop', 'Reboot']) {
      const button = screen.getByRole('button', { name: action })
      expect(button.getAttribute('aria-disabled')).toBe('true')
      expect(button.getAttribute('aria-describedby')).toBeTruthy()
      expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(
        'The instance failed to provision; delete it and create it again.',
      )
    }
  })
})

describe('instance create', () => {
  it('offers the region’s flavors and sums up the choice as it is made', async () => {
    await harness.workIn('sandbox', 'eu-west-1')
    const { user } = renderRoute('/instances/new')
    // By label: a role query computes the name of every radio in the flavor table, a second per poll in the test DOM.
    await user.click(await screen.findByLabelText('c1.small'))
    expect(await within(screen.getByRole('region', { name: 'Summary' })).findByText(/c1\.small/)).toBeTruthy()
    expect(screen.getByLabelText('g1.h100.1x')).toBeTruthy()
  })

  it('does not offer a pinned-only flavor, and says why some of the region’s flavors are missing', async () => {
    await harness.workIn('ml-research', 'us-east-1')
    renderRoute('/instances/new')
    expect(await screen.findByLabelText('g1.b200.8x')).toBeTruthy()
    expect(screen.queryByLabelText('bm1.b200.8x')).toBeNull()
    expect(screen.queryByLabelText('bm1.h200.8x')).toBeNull()
    expect(
      screen.getByText(
        '2 flavors of the region are not offered: pinned to hosts a request must name, which an instance cannot. The flavors page lists them.',
      ),
    ).toBeTruthy()
  })

  it('says a name the project already has at the Name field, and every choice stays', async () => {
    await harness.workIn('sandbox', 'eu-west-1')
    const { user } = renderRoute('/instances/new')
    await choose(user, /^Network/, /^sandbox/)
    await user.click(await screen.findByLabelText('c1.small'))
    await choose(user, /^Image/, /ubuntu-24\.04-server/)
    const name = screen.getByRole('textbox', { name: /^Name/ })
    await fill(user, name, 'cpu-playground')
    await user.click(screen.getByRole('button', { name: 'Create instance' }))

    expect(await screen.findByText('An instance with this name already exists in this project.')).toBeTruthy()
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(valueOf(name)).toBe('cpu-playground')
    expect((screen.getByLabelText('c1.small') as HTMLInputElement).checked).toBe(true)
    expect(within(screen.getByRole('region', { name: 'Summary' })).getByText(/ubuntu-24\.04-server/)).toBeTruthy()
  })
})

describe('instance create at the organization’s quota', () => {
  const quotaOf = async (kind: string) => {
    const { quotas } = await harness.platform<{ quotas: { kind: string; quantity: number; used: number }[] }>(
      harness.identity('/quotas'),
    )
    return quotas.find((q) => q.kind === kind)!
  }

  it('says under the flavors what is left of the servers and GPUs quotas', async () => {
    const [servers, gpus] = [await quotaOf('servers'), await quotaOf('gpus')]
    await harness.workIn('sandbox', 'eu-west-1')
    renderRoute('/instances/new')
    const left = `${servers.quantity - servers.used} of ${servers.quantity} servers, ${gpus.quantity - gpus.used} of ${gpus.quantity} GPUs`
    expect(await screen.findByText(`Left in the organization's quotas: ${left}.`)).toBeTruthy()
  })

  it('says before sending that the instance would pass the servers quota; sent anyway, the refusal lands at the flavor', async () => {
    const servers = await quotaOf('servers')
    // The quota is used up by other instances of the organization.
    const freed = await usedUpBy(harness.cloud, 'instances', servers.quantity - servers.used)
    try {
      await harness.workIn('sandbox', 'eu-west-1')
      const { user } = renderRoute('/instances/new')
      await choose(user, /^Network/, /^sandbox/)
      await user.click(await screen.findByLabelText('c1.small'))
      await choose(user, /^Image/, /ubuntu-24\.04-server/)
      await fill(user, screen.getByRole('textbox', { name: /^Name/ }), 'int-past-quota')
      expect(
        screen.getByText(
          `This instance would exceed the organization's quota: 0 of ${servers.quantity} servers left. The platform refuses it; free some first, or ask the platform provider for a larger quota.`,
        ),
      ).toBeTruthy()
      await user.click(screen.getByRole('button', { name: 'Create instance' }))

      // The platform's words at the flavor, which decides the use, and only there; every choice stays.
      const said = await screen.findByText(
        new RegExp(
          `^The requested allocation of ${servers.quantity + 1} for servers exceeds the allowed limit of ${servers.quantity}\\.`,
        ),
      )
      expect(screen.getByRole('radiogroup', { name: 'Flavor' }).getAttribute('aria-describedby')).toBe(said.id)
      expect(screen.getAllByRole('alert')).toEqual([said])
      expect((screen.getByLabelText('c1.small') as HTMLInputElement).checked).toBe(true)
      expect(valueOf(screen.getByRole('textbox', { name: /^Name/ }))).toBe('int-past-quota')
    } finally {
      freed()
    }
  })
})

describe('instance edit', () => {
  it('shows the name fixed and why, and saves the rest with the name as it was', async () => {
    const driver = await harness.idOf(INSTANCES, 'spark-driver')
    const { user } = renderRoute(`/instances/${driver}/edit`)
    expect(await screen.findByRole('heading', { name: 'Edit spark-driver', level: 1 })).toBeTruthy()
    const name = await screen.findByRole('textbox', { name: 'Name' })
    expect(valueOf(name)).toBe('spark-driver')
    // The platform refuses a rename (422): the field cannot be edited, and says so.
    expect((name as HTMLInputElement).readOnly).toBe(true)
    expect(screen.getByText(/^Fixed once created: the platform does not rename an instance/)).toBeTruthy()
    await user.type(name, '-x')
    expect(valueOf(name)).toBe('spark-driver')
    await fill(user, screen.getByRole('textbox', { name: 'Description' }), 'Spark driver, edited')
    expect(within(screen.getByRole('region', { name: 'Changes' })).getByText('New description.')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByRole('heading', { name: 'spark-driver', level: 1 })).toBeTruthy()
    const saved = await harness.platform<{ metadata: { name: string; description?: string } }>(`${INSTANCES}/${driver}`)
    expect(saved.metadata).toMatchObject({ name: 'spark-driver', description: 'Spark driver, edited' })
  })

  it('puts a refusal at its field, not in a banner, and the input stays', async () => {
    const { user, router } = renderRoute(`/instances/${smokeTest}/edit`)
    const sources = await screen.findByRole('textbox', { name: /^Allowed source addresses/ })
    // More prefixes than the platform takes: its refusal names the field.
    const many = Array.from({ length: 33 }, (_, i) => `10.99.${i}.0/24`).join('\n')
    await fill(user, sources, many)
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText(/at most 32 items/)).toBeTruthy()
    expect(sources.getAttribute('aria-invalid')).toBe('true')
    expect(valueOf(sources)).toBe(many)
    expect(screen.queryByRole('alert')).toBeNull()
    expect(router.state.location.pathname).toBe(`/instances/${smokeTest}/edit`)
  })
})

describe('an edit saved after another admin’s change', () => {
  it('keeps the flavor and the source address another admin gave the instance while the form was open, beside the description and address given here, without asking to resize', async () => {
    const org = harness.cloud.demo.organizationId
    const networkId = await harness.idOf('/api/region/api/v2/networks', 'sandbox')
    const network = await harness.platform<{ metadata: { projectId: string } }>(
      `/api/region/api/v2/networks/${networkId}`,
    )
    const catalog = `/api/region/api/v1/organizations/${org}/regions/${euWest1}`
    const [small, medium, image] = await Promise.all([
      harness.idOf(`${catalog}/flavors`, 'c1.small'),
      harness.idOf(`${catalog}/flavors`, 'c1.medium'),
      harness.idOf(`${catalog}/images`, 'ubuntu-24.04-server-20250602'),
    ])
    const { metadata } = await harness.platform<{ metadata: { id: string } }>(INSTANCES, {
      method: 'POST',
      body: {
        metadata: { name: 'int-edit-both' },
        spec: {
          organizationId: org,
          projectId: network.metadata.projectId,
          networkId,
          flavorId: small,
          imageId: image,
        },
      },
    })
    const item = `${INSTANCES}/${metadata.id}`
    const { user } = renderRoute(`/instances/${metadata.id}/edit`)
    const description = await screen.findByRole('textbox', { name: 'Description' })
    // Another admin resizes it to c1.medium and lets in one address, while this form is open on the instance as it was.
    await harness.platform(item, {
      method: 'PUT',
      body: {
        metadata: { name: 'int-edit-both' },
        spec: {
          flavorId: medium,
          imageId: image,
          networking: { securityGroups: [], publicIP: false, allowedSourceAddresses: ['172.16.0.0/12'] },
        },
      },
    })

    await fill(user, description, 'Described here')
    await fill(user, screen.getByRole('textbox', { name: /^Allowed source addresses/ }), '192.168.1.0/24')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByRole('heading', { name: 'int-edit-both', level: 1 })).toBeTruthy()
    // This admin resized nothing: nothing was asked.
    expect(screen.queryByRole('dialog', { name: /Resize/ })).toBeNull()
    const saved = await harness.platform<{
      metadata: { description?: string }
      spec: { flavorId: string; networking?: { allowedSourceAddresses?: string[] } }
    }>(item)
    expect(saved.metadata.description).toBe('Described here')
    expect(saved.spec.flavorId).toBe(medium)
    expect(saved.spec.networking?.allowedSourceAddresses?.toSorted()).toEqual(['172.16.0.0/12', '192.168.1.0/24'])
  })

  it('says, where the platform refuses the merged addresses, that what was sent holds another admin’s, and shows them', async () => {
    const item = `${INSTANCES}/${smokeTest}`
    const instance = await harness.platform<{
      metadata: { name: string; description?: string; tags?: unknown[] }
      spec: Record<string, unknown>
    }>(item)
    // The demo instance as it was, for the tests after this one.
    const { name, description, tags } = instance.metadata
    onTestFinished(() =>
      harness.platform(item, { method: 'PUT', body: { metadata: { name, description, tags }, spec: instance.spec } }),
    )
    const { user } = renderRoute(`/instances/${smokeTest}/edit`)
    const field = await screen.findByRole('textbox', { name: /^Allowed source addresses/ })
    // Another admin lets in as many addresses as the platform takes, while this form is open.
    const theirs = Array.from({ length: 32 }, (_, i) => `10.${i}.0.0/16`)
    await harness.platform(item, {
      method: 'PUT',
      body: {
        metadata: { name },
        spec: {
          ...instance.spec,
          networking: { securityGroups: [], publicIP: false, allowedSourceAddresses: theirs },
        },
      },
    })

    await fill(user, field, '192.168.1.0/24')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    // The field shows one address; the platform was sent 33 and refused them. Said as it is, the number would not
    // match what the user sees.
    const said = await screen.findByText(/holds another admin’s change/)
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(said.id)
    expect(valueOf(field)).toBe('192.168.1.0/24')
    // Beside it, the request that was refused, with the other admin's addresses in it; once the user changes the
    // field, the one the form would send from it.
    const preview = screen.getByRole('tabpanel', { name: 'JSON body' })
    expect(preview.textContent).toContain('10.31.0.0/16')
    await fill(user, field, '192.168.2.0/24')
    expect(preview.textContent).not.toContain('10.31.0.0/16')
    expect(preview.textContent).toContain('192.168.2.0/24')
  })
})

describe('an instance that trusts an SSH certificate authority', () => {
  it('shows the authority, offers no SSH key and says why, and an edit keeps the authority', async () => {
    const org = harness.cloud.demo.organizationId
    const networkId = await harness.idOf('/api/region/api/v2/networks', 'sandbox')
    const network = await harness.platform<{ metadata: { projectId: string } }>(
      `/api/region/api/v2/networks/${networkId}`,
    )
    const catalog = `/api/region/api/v1/organizations/${org}/regions/${euWest1}`
    const ca = (
      await harness.platform<{ metadata: { id: string } }>('/api/region/api/v2/sshcertificateauthorities', {
        method: 'POST',
        body: {
          metadata: { name: 'int-ca-for-trust' },
          spec: {
            organizationId: org,
            projectId: network.metadata.projectId,
            publicKey: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIAkx6/FWt6WmloJ/msOatPmTSdDXgGnAFBny+42eHrs2 test-ca',
          },
        },
      })
    ).metadata.id
    const { metadata } = await harness.platform<{ metadata: { id: string } }>(INSTANCES, {
      method: 'POST',
      body: {
        metadata: { name: 'int-ca-trust' },
        spec: {
          organizationId: org,
          projectId: network.metadata.projectId,
          networkId,
          flavorId: await harness.idOf(`${catalog}/flavors`, 'c1.small'),
          imageId: await harness.idOf(`${catalog}/images`, 'ubuntu-24.04-server-20250602'),
          sshCertificateAuthorityId: ca,
        },
      },
    })
    const { user } = renderRoute(`/instances/${metadata.id}`)
    expect(await screen.findByRole('heading', { name: 'int-ca-trust', level: 1 })).toBeTruthy()
    expect(screen.getByText('Certificates signed by the SSH certificate authority')).toBeTruthy()
    expect(screen.getByText(ca)).toBeTruthy()
    const key = screen.getByRole('button', { name: 'Get SSH key' })
    expect(key.getAttribute('aria-disabled')).toBe('true')
    expect(document.getElementById(key.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /^The instance trusts an SSH certificate authority: log in with a certificate it signed/,
    )

    // The update replaces the whole spec and the platform refuses one without the authority: the form sends it back.
    await user.click(screen.getByRole('link', { name: 'Edit' }))
    await fill(user, await screen.findByRole('textbox', { name: 'Description' }), 'trusts the CA')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByRole('heading', { name: 'int-ca-trust', level: 1 })).toBeTruthy()
    const saved = await harness.platform<{ metadata: { description?: string }; spec: Record<string, unknown> }>(
      `${INSTANCES}/${metadata.id}`,
    )
    expect(saved.metadata.description).toBe('trusts the CA')
    expect(saved.spec.sshCertificateAuthorityId).toBe(ca)
  })
})

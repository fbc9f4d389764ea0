import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { fill, renderRoute, consoleForFile, valueOf, warmRoutes } from '../../test/console-harness'

// One local cloud for this file; tests read the demo data or create groups under names of their own.
const NETWORKS = '/api/region/api/v2/networks'
const GROUPS = '/api/region/api/v2/securitygroups'
const harness = consoleForFile()
let trainingFabric: string
let monitoring: string
beforeAll(async () => {
  trainingFabric = await harness.idOf(NETWORKS, 'training-fabric')
  monitoring = await harness.idOf(GROUPS, 'monitoring')
  await warmRoutes(
    '/security-groups',
    '/security-groups/new',
    `/security-groups/${monitoring}`,
    `/security-groups/${monitoring}/edit`,
  )
})

const rule = (n: number) => screen.getByRole('group', { name: `Rule ${n}` })

/** Creates a group on training-fabric through the platform, for a test that edits it. */
async function createGroup(name: string, rules: object[]): Promise<string> {
  const created = await harness.platform<{ metadata: { id: string } }>(GROUPS, {
    method: 'POST',
    body: { metadata: { name }, spec: { networkId: trainingFabric, rules } },
  })
  return created.metadata.id
}

describe('security group list', () => {
  it('lists the groups, and a network filter in the URL keeps only that network’s', async () => {
    renderRoute(`/security-groups?network=${trainingFabric}`)
    const table = await screen.findByRole('table', { name: 'Security groups' })
    for (const name of ['ssh-bastion', 'nccl-cluster', 'jupyter'])
      expect(await within(table).findByRole('link', { name })).toBeTruthy()
    expect(within(table).queryByRole('link', { name: 'allow-ssh' })).toBeNull()
  })

  it('says when no group matches the search', async () => {
    renderRoute('/security-groups?q=no-such-group-anywhere')
    expect(await screen.findByText('No security groups match')).toBeTruthy()
  })
})

describe('security group detail', () => {
  it('reads the rules as sentences and names the instances that use the group', async () => {
    renderRoute(`/security-groups/${monitoring}`)
    expect(await screen.findByRole('heading', { name: 'monitoring', level: 1 })).toBeTruthy()
    const rules = screen.getByRole('table', { name: 'Rules' })
    // The rows render a moment after the page around them.
    expect(await within(rules).findByText(/Allow inbound UDP 8125 from 10\.40\.0\.0\/22/)).toBeTruthy()
    expect(within(rules).getByText(/Allow outbound any protocol to anywhere/)).toBeTruthy()
    expect(await screen.findByRole('link', { name: 'gateway-0' })).toBeTruthy()
  })
})

describe('security group create', () => {
  it('builds rules from a preset and a port range, catches a duplicate, and creates the group', async () => {
    const { user } = renderRoute(`/security-groups/new?network=${trainingFabric}`)
    await fill(user, await screen.findByRole('textbox', { name: /^Name/ }), 'int-sg-created')
    await user.click(screen.getByRole('button', { name: 'SSH' }))
    await user.click(screen.getByRole('button', { name: 'Add rule' }))
    await fill(user, within(rule(2)).getByRole('textbox', { name: 'Ports' }), '8000-8080')
    await fill(user, within(rule(2)).getByRole('textbox', { name: 'CIDR' }), '10.0.0.0/8')
    expect(within(rule(1)).getByText(/Allow inbound TCP 22 from anywhere/)).toBeTruthy()
    expect(within(rule(1)).getByRole('note').textContent).toContain('Open to the whole internet')
    expect(within(rule(2)).getByText(/Allow inbound TCP 8000–8080 from 10\.0\.0\.0\/8/)).toBeTruthy()

    // The same preset twice is caught before anything is sent.
    await user.click(screen.getByRole('button', { name: 'SSH' }))
    expect(await within(rule(3)).findByText(/Duplicate of rule 1/)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Remove rule 3' }))

    await user.click(screen.getByRole('button', { name: 'Create security group' }))
    expect(await screen.findByRole('heading', { name: 'int-sg-created', level: 1 })).toBeTruthy()
    const rules = screen.getByRole('table', { name: 'Rules' })
    expect(await within(rules).findByText(/Allow inbound TCP 8000–8080 from 10\.0\.0\.0\/8/)).toBeTruthy()
    expect(within(rules).getAllByRole('row')).toHaveLength(3)
  })

  it('says a taken name at Name, not above the form', async () => {
    await createGroup('int-sg-taken', [])
    const { user } = renderRoute(`/security-groups/new?network=${trainingFabric}`)
    const name = await screen.findByRole('textbox', { name: /^Name/ })
    await fill(user, name, 'int-sg-taken')
    await user.click(screen.getByRole('button', { name: 'Create security group' }))
    expect(await screen.findByText('A security group with this name already exists in this project.')).toBeTruthy()
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('says the platform’s 409 at Name, not above the form, when the name was free in the list it read', async () => {
    harness.answerNext('POST', /\/api\/v2\/securitygroups$/, {
      status: 409,
      body: { error: 'conflict', error_description: 'resource already exists' },
    })
    const { user } = renderRoute(`/security-groups/new?network=${trainingFabric}`)
    const name = await screen.findByRole('textbox', { name: /^Name/ })
    await fill(user, name, 'int-sg-raced')
    await user.click(screen.getByRole('button', { name: 'Create security group' }))
    expect(await screen.findByText(/^Resource already exists \(trace id [0-9a-f]{32}\)$/)).toBeTruthy()
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(valueOf(name)).toBe('int-sg-raced')
    expect(screen.queryByRole('alert')).toBeNull()
  })
})

describe('security group rules', () => {
  it('a new rule is not marked wrong before it is typed in, only once a field is left or the form sent', async () => {
    const { user } = renderRoute(`/security-groups/new?network=${trainingFabric}`)
    await fill(user, await screen.findByRole('textbox', { name: /^Name/ }), 'int-sg-new-rule')
    await user.click(screen.getByRole('button', { name: 'Add rule' }))
    await user.click(screen.getByRole('button', { name: 'Add rule' }))
    const cidr = (n: number) => within(rule(n)).getByRole('textbox', { name: 'CIDR' })
    expect(cidr(2).getAttribute('aria-invalid')).not.toBe('true')
    expect(cidr(1).getAttribute('aria-invalid')).not.toBe('true')

    await user.click(cidr(1))
    await user.tab()
    expect(cidr(1).getAttribute('aria-invalid')).toBe('true')
    expect(cidr(2).getAttribute('aria-invalid')).not.toBe('true')

    await user.click(screen.getByRole('button', { name: 'Create security group' }))
    await waitFor(() => expect(cidr(2).getAttribute('aria-invalid')).toBe('true'))
  })
})

describe('security group edit', () => {
  it('refuses a port range written high to low at its rule, keeps the input, and saves once fixed', async () => {
    const id = await createGroup('int-sg-edit', [
      { direction: 'ingress', protocol: 'tcp', port: 8000, portMax: 8080, prefix: '10.0.0.0/8' },
    ])
    const { user } = renderRoute(`/security-groups/${id}/edit`)
    expect(await screen.findByRole('heading', { name: 'Edit int-sg-edit', level: 1 })).toBeTruthy()
    const ports = within(await screen.findByRole('group', { name: 'Rule 1' })).getByRole('textbox', { name: 'Ports' })
    expect(valueOf(ports)).toBe('8000-8080')
    await fill(user, ports, '8080-8000')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await within(rule(1)).findByText('A range goes from low to high: write 8000-8080.')).toBeTruthy()
    expect(valueOf(ports)).toBe('8080-8000')

    await fill(user, ports, '9000-9100')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByRole('heading', { name: 'int-sg-edit', level: 1 })).toBeTruthy()
    expect(await screen.findByText(/Allow inbound TCP 9000–9100 from 10\.0\.0\.0\/8/)).toBeTruthy()
  })
  it('says a rename to a name the project already has at Name without sending, and keeps the input', async () => {
    await createGroup('int-sg-held', [])
    const id = await createGroup('int-sg-renamed', [])
    const { user, router } = renderRoute(`/security-groups/${id}/edit`)
    const name = await screen.findByRole('textbox', { name: /^Name/ })
    await fill(user, name, 'int-sg-held')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('A security group with this name already exists in this project.')).toBeTruthy()
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(valueOf(name)).toBe('int-sg-held')
    expect(router.state.location.pathname).toBe(`/security-groups/${id}/edit`)
  })
})

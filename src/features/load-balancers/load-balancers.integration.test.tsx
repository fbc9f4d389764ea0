import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { choose, consoleForFile, fill, renderRoute, valueOf, warmRoutes } from '../../test/console-harness'

// One local cloud for this file; each test reads the demo data or makes balancers under names of its own.
const NETWORKS = '/api/region/api/v2/networks'
const BALANCERS = '/api/region/api/v2/loadbalancers'
const harness = consoleForFile()
let sandbox: string
let gateway: string
beforeAll(async () => {
  sandbox = await harness.idOf(NETWORKS, 'sandbox')
  gateway = await harness.idOf(BALANCERS, 'llama-gateway')
  await warmRoutes(
    '/load-balancers',
    '/load-balancers/new',
    `/load-balancers/${gateway}`,
    `/load-balancers/${gateway}/edit`,
  )
})

const listener = (n: number) => within(screen.getByRole('group', { name: `Listener ${n}` }))
const field = (n: number, name: string | RegExp) => listener(n).getByRole('textbox', { name })

interface Saved {
  spec: {
    publicIP?: boolean
    listeners: { name: string; port: number; pool: { members: { address: string; port: number }[] } }[]
  }
  status: { networkId: string; vipAddress?: string }
}

describe('load balancer page', () => {
  it('shows each listener as asked beside where the platform says it answers', async () => {
    renderRoute(`/load-balancers/${gateway}`)
    expect(await screen.findByRole('heading', { name: 'llama-gateway', level: 1 })).toBeTruthy()
    const https = within(screen.getByRole('article', { name: 'Listener https' }))
    expect(https.getByText('TCP 443')).toBeTruthy()
    expect(https.getByText(/^10\.40\.0\.\d+:443$/)).toBeTruthy()
    expect(https.getByText(/every 10 s, timeout 5 s, healthy after 2, unhealthy after 3/)).toBeTruthy()
    expect(https.getAllByText(/^10\.40\.0\.1[01]:8000$/)).toHaveLength(2)
    const metrics = within(screen.getByRole('article', { name: 'Listener metrics' }))
    expect(metrics.getByText('10.40.0.0/22')).toBeTruthy()
    expect(await screen.findByRole('link', { name: 'inference-prod (10.40.0.0/22)' })).toBeTruthy()
  })
})

describe('load balancer create', () => {
  it('checks ports, names, CIDRs, ranges and the VIP at their fields, keeps the input, then creates on the network', async () => {
    const { user, router } = renderRoute(`/load-balancers/new?network=${sandbox}`)
    await fill(user, await screen.findByRole('textbox', { name: /^Name/ }), 'int-lb-created')
    const submit = () => user.click(screen.getByRole('button', { name: 'Create load balancer' }))
    // What the region document refuses, each said at its own field before anything is sent.
    await fill(user, screen.getByRole('textbox', { name: /^Virtual IP/ }), '10.9.9.9')
    await fill(user, field(1, /^Port/), '70000')
    await fill(user, field(1, 'Listener 1 member 1 address'), '192.168.10.10')
    await fill(user, field(1, 'Listener 1 member 1 port'), '0')
    await user.click(listener(1).getByRole('button', { name: 'Add source' }))
    await fill(user, field(1, 'Listener 1 allowed source 1'), '10.0.0.5/33')
    await user.click(listener(1).getByRole('switch', { name: /^Health check/ }))
    await fill(user, field(1, /^Interval/), '301')
    await user.click(screen.getByRole('button', { name: 'Add listener' }))
    await fill(user, field(2, /^Listener name/), 'http')
    await fill(user, field(2, /^Port/), '443')
    await submit()
    expect(await screen.findByText("The VIP must be inside the network's 192.168.10.0/24.")).toBeTruthy()
    // The listener's port and its member's.
    expect(listener(1).getAllByText('A port is from 1 to 65535.')).toHaveLength(2)
    expect(listener(1).getByText(/The prefix length must be a number from 0 to 32/)).toBeTruthy()
    expect(listener(1).getByText('This setting is from 1 to 300.')).toBeTruthy()
    expect(listener(2).getByText('Listener 1 has this name.')).toBeTruthy()
    // Nothing was lost.
    expect(valueOf(field(1, /^Port/))).toBe('70000')
    expect(valueOf(field(2, /^Listener name/))).toBe('http')

    await fill(user, screen.getByRole('textbox', { name: /^Virtual IP/ }), '192.168.10.200')
    await fill(user, field(1, /^Port/), '80')
    await fill(user, field(1, 'Listener 1 member 1 port'), '8080')
    await fill(user, field(1, 'Listener 1 allowed source 1'), '10.0.0.0/8')
    await fill(user, field(1, /^Interval/), '15')
    await fill(user, field(2, /^Listener name/), 'https')
    await user.click(listener(2).getByRole('button', { name: 'Remove member 1' }))
    await submit()
    expect(await screen.findByRole('heading', { name: 'int-lb-created', level: 1 })).toBeTruthy()
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/load-balancers\/[^/]+$/))
    const saved = await harness.platform<Saved>(`${BALANCERS}/${router.state.location.pathname.split('/').pop()}`)
    expect(saved.status).toMatchObject({ networkId: sandbox, vipAddress: '192.168.10.200' })
    expect(saved.spec.listeners.map((l) => [l.name, l.port, l.pool.members])).toEqual([
      ['http', 80, [{ address: '192.168.10.10', port: 8080 }]],
      ['https', 443, []],
    ])
  })

  it('checks a VIP again when another network is chosen, at its field, before any submit', async () => {
    const networks =
      await harness.platform<{ metadata: { name: string }; status: { prefix: string } }[]>(
        '/api/region/api/v2/networks',
      )
    const dataLake = networks.find((network) => network.metadata.name === 'data-lake')!
    const { user } = renderRoute(`/load-balancers/new?network=${sandbox}`)
    await fill(user, await screen.findByRole('textbox', { name: /^Virtual IP/ }), '192.168.10.77')
    await choose(user, /^Network/, /^data-lake/)
    expect(await screen.findByText(`The VIP must be inside the network's ${dataLake.status.prefix}.`)).toBeTruthy()
    expect(valueOf(screen.getByRole('textbox', { name: /^Virtual IP/ }))).toBe('192.168.10.77')
  })

  it('says the platform’s refusal at its field and keeps the input', async () => {
    harness.answerNext('POST', /\/api\/v2\/loadbalancers$/, {
      status: 422,
      body: {
        error: 'unprocessable_content',
        error_description: '/spec/listeners/0/pool/members/0/port: the member port is not open',
      },
    })
    const { user } = renderRoute(`/load-balancers/new?network=${sandbox}`)
    await fill(user, await screen.findByRole('textbox', { name: /^Name/ }), 'int-lb-refused')
    await fill(user, field(1, 'Listener 1 member 1 address'), '192.168.10.11')
    await fill(user, field(1, 'Listener 1 member 1 port'), '8443')
    await user.click(screen.getByRole('button', { name: 'Create load balancer' }))
    expect(await listener(1).findByText(/the member port is not open/i)).toBeTruthy()
    expect(field(1, 'Listener 1 member 1 port').getAttribute('aria-invalid')).toBe('true')
    expect(valueOf(field(1, 'Listener 1 member 1 address'))).toBe('192.168.10.11')
  })
})

describe('load balancer edit', () => {
  it('changes a listener’s members and sends only the public IP and the listeners', async () => {
    const created = await harness.platform<{ metadata: { id: string } }>(BALANCERS, {
      method: 'POST',
      body: {
        metadata: { name: 'int-lb-edit' },
        spec: {
          networkId: sandbox,
          listeners: [
            { name: 'http', protocol: 'tcp', port: 80, pool: { members: [{ address: '192.168.10.10', port: 80 }] } },
          ],
        },
      },
    })
    const id = created.metadata.id
    const { user } = renderRoute(`/load-balancers/${id}/edit`)
    expect(await screen.findByRole('heading', { name: 'Edit int-lb-edit', level: 1 })).toBeTruthy()
    await screen.findByRole('group', { name: 'Listener 1' })
    expect(valueOf(field(1, 'Listener 1 member 1 address'))).toBe('192.168.10.10')
    await user.click(listener(1).getByRole('button', { name: 'Add member' }))
    await fill(user, field(1, 'Listener 1 member 2 address'), '192.168.10.12')
    await fill(user, field(1, 'Listener 1 member 2 port'), '80')
    const preview = within(screen.getByRole('region', { name: 'Request preview' }))
    expect(preview.queryByText(/networkId|vipAddress/)).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByRole('heading', { name: 'int-lb-edit', level: 1 })).toBeTruthy()
    const saved = await harness.platform<Saved>(`${BALANCERS}/${id}`)
    expect(saved.spec.listeners[0]!.pool.members).toEqual([
      { address: '192.168.10.10', port: 80 },
      { address: '192.168.10.12', port: 80 },
    ])
  })
})

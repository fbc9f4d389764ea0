import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { choose, fill, renderRoute, consoleForFile, valueOf, warmRoutes } from '../../test/console-harness'
import { usedUpBy } from '../../test/quota-used-up'

// One local cloud for this file; tests read the demo data or create instances under names of their own.
const INSTANCES = '/api/region/api/v2/instances'
const harness = consoleForFile()
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
    // By label: a role query computes the name of every radio in the flavor table, a second per poll in jsdom.
    await user.click(await screen.findByLabelText('c1.small'))
    expect(await within(screen.getByRole('region', { name: 'Summary' })).findByText(/c1\.small/)).toBeTruthy()
    expect(screen.getByLabelText('g1.h100.1x')).toBeTruthy()
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
          `This instance would pass the organization's quota: 0 of ${servers.quantity} servers left. The platform refuses it; free some first, or ask the platform provider for a larger quota.`,
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
  it('starts from the instance, renames it and lands on its page', async () => {
    const driver = await harness.idOf(INSTANCES, 'spark-driver')
    const { user } = renderRoute(`/instances/${driver}/edit`)
    expect(await screen.findByRole('heading', { name: 'Edit spark-driver', level: 1 })).toBeTruthy()
    const name = await screen.findByRole('textbox', { name: /^Name/ })
    expect(valueOf(name)).toBe('spark-driver')
    await fill(user, name, 'spark-driver-int')
    expect(within(screen.getByRole('region', { name: 'Changes' })).getByText(/Renamed from spark-driver/)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByRole('heading', { name: 'spark-driver-int', level: 1 })).toBeTruthy()
  })

  it('puts each refusal at its field, not in a banner: too many source addresses, then a taken name; the input stays', async () => {
    const { user, router } = renderRoute(`/instances/${smokeTest}/edit`)
    const name = await screen.findByRole('textbox', { name: /^Name/ })
    const sources = screen.getByRole('textbox', { name: /^Allowed source addresses/ })
    // More prefixes than the platform takes: its refusal names the field.
    await fill(user, sources, Array.from({ length: 33 }, (_, i) => `10.99.${i}.0/24`).join('\n'))
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText(/at most 32 items/)).toBeTruthy()
    expect(sources.getAttribute('aria-invalid')).toBe('true')

    await fill(user, sources, '10.99.0.0/24\n10.98.0.0/24')
    await fill(user, name, 'cpu-playground')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('An instance with this name already exists in this project.')).toBeTruthy()
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(valueOf(sources)).toBe('10.99.0.0/24\n10.98.0.0/24')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(router.state.location.pathname).toBe(`/instances/${smokeTest}/edit`)
  })
})

import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { choose, fill, renderRoute, consoleForFile, valueOf, warmRoutes } from '../../test/console-harness'
import { formatNumber } from '../../lib/format'

// One local cloud for this file; tests read the demo data or create storage under names of their own.
const STORAGE = '/api/region/api/v2/filestorage'
const harness = consoleForFile()
let datasets: string
let scratch: string
beforeAll(async () => {
  datasets = await harness.idOf(STORAGE, 'datasets')
  scratch = await harness.idOf(STORAGE, 'scratch')
  await warmRoutes('/file-storage', '/file-storage/new', `/file-storage/${datasets}`, `/file-storage/${datasets}/edit`)
})
beforeEach(() => harness.workIn(undefined))

describe('file storage list', () => {
  it('shows each file system’s usage and narrows by search', async () => {
    renderRoute('/file-storage?project=all&region=all&q=weights-us')
    const table = await screen.findByRole('table', { name: 'File storage' })
    expect(await within(table).findByRole('link', { name: 'model-weights-us' })).toBeTruthy()
    expect(within(table).queryByRole('link', { name: 'model-weights' })).toBeNull()
  })

  it('shows how full a file system is', async () => {
    renderRoute('/file-storage?project=all&region=all&q=feature-store')
    const usage = await screen.findByRole('progressbar', { name: 'feature-store usage' })
    expect(usage.getAttribute('aria-valuenow')).toBe('97')
  })
})

describe('file storage detail', () => {
  it('shows the attachments with the command that mounts the file system', async () => {
    renderRoute(`/file-storage/${datasets}`)
    expect(await screen.findByRole('heading', { name: 'datasets', level: 1 })).toBeTruthy()
    const attachments = screen.getByRole('table', { name: 'Attachments' })
    expect(await within(attachments).findByRole('link', { name: 'training-fabric' })).toBeTruthy()
    expect(within(attachments).getByText(/^sudo mkdir -p \/mnt\/datasets && sudo mount -t nfs /)).toBeTruthy()
  })
})

describe('file storage create', () => {
  it('creates file storage with root squash on by default and opens its page', async () => {
    await harness.workIn('sandbox', 'eu-west-1')
    const { user } = renderRoute('/file-storage/new')
    await fill(user, await screen.findByRole('textbox', { name: /^Name/ }), 'int-fs-created')
    await choose(user, /^Storage class/, /standard-nfs/)
    await fill(user, screen.getByRole('textbox', { name: /^Size \(GiB\)/ }), '50')
    expect((screen.getByRole('switch', { name: /NFS root squash/ }) as HTMLInputElement).checked).toBe(true)
    const preview = screen.getByRole('region', { name: 'Request preview' })
    expect(within(preview).getByText(/"sizeGiB": 50/)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Create file storage' }))

    expect(await screen.findByRole('heading', { name: 'int-fs-created', level: 1 })).toBeTruthy()
    expect(screen.getByText('Not attached to any network yet.')).toBeTruthy()
  })

  it('attaches networks of the chosen project and region at create, not only through Edit', async () => {
    await harness.workIn('sandbox', 'eu-west-1')
    const { user } = renderRoute('/file-storage/new')
    await fill(user, await screen.findByRole('textbox', { name: /^Name/ }), 'int-fs-attached')
    await choose(user, /^Storage class/, /standard-nfs/)
    await choose(user, /^Attached networks/, /^sandbox \(192\.168\.10\.0\/24\)/)
    // Only the sandbox project's networks in eu-west-1 are offered.
    await user.click(screen.getByRole('combobox', { name: /^Attached networks/ }))
    expect(screen.queryByRole('option', { name: /^training-fabric/ })).toBeNull()
    const preview = screen.getByRole('region', { name: 'Request preview' })
    expect(within(preview).getByText(/"attachments"/)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Create file storage' }))

    expect(await screen.findByRole('heading', { name: 'int-fs-attached', level: 1 })).toBeTruthy()
    const attachments = screen.getByRole('table', { name: 'Attachments' })
    expect(await within(attachments).findByRole('link', { name: 'sandbox' })).toBeTruthy()
  })

  it('refuses a size it cannot take with the reason, keeps what was typed, and creates nothing', async () => {
    await harness.workIn('sandbox', 'eu-west-1')
    const { user, router } = renderRoute('/file-storage/new')
    await fill(user, await screen.findByRole('textbox', { name: /^Name/ }), 'int-fs-zero')
    await choose(user, /^Storage class/, /standard-nfs/)
    const size = screen.getByRole('textbox', { name: /^Size \(GiB\)/ })
    const tooLarge = 'The size is at most 1,048,576 GiB (1 PiB).'
    const tooSmall = 'The size is at least 1 GiB.'
    for (const [typed, reason] of [
      ['1e9', tooLarge],
      ['-5', tooSmall],
      ['10.5', 'The size is a whole number of GiB.'],
      ['999999999999', tooLarge],
      ['0', tooSmall],
    ] as const) {
      await fill(user, size, typed)
      await user.tab()
      expect(await screen.findByText(reason)).toBeTruthy()
      expect(valueOf(size)).toBe(typed)
    }
    await user.click(screen.getByRole('button', { name: 'Create file storage' }))
    expect(await screen.findByText(tooSmall)).toBeTruthy()
    expect(valueOf(size)).toBe('0')
    expect(router.state.location.pathname).toBe('/file-storage/new')
  })

  it('says a taken name at the Name field, in the console’s words, and keeps the input', async () => {
    await harness.workIn('sandbox', 'eu-west-1')
    const { user, router } = renderRoute('/file-storage/new')
    const name = await screen.findByRole('textbox', { name: /^Name/ })
    await fill(user, name, 'scratch')
    await choose(user, /^Storage class/, /standard-nfs/)
    await fill(user, screen.getByRole('textbox', { name: /^Size \(GiB\)/ }), '20')
    await user.click(screen.getByRole('button', { name: 'Create file storage' }))

    expect(await screen.findByText('A file storage with this name already exists in this project.')).toBeTruthy()
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(valueOf(screen.getByRole('textbox', { name: /^Size \(GiB\)/ }))).toBe('20')
    expect(router.state.location.pathname).toBe('/file-storage/new')
  })
})

describe('file storage snapshots', () => {
  it('says protection is on unless turned off, takes a policy at create, and shows it with its state on the page', async () => {
    await harness.workIn('sandbox', 'eu-west-1')
    const { user } = renderRoute('/file-storage/new')
    await fill(user, await screen.findByRole('textbox', { name: /^Name/ }), 'int-fs-snapshots')
    await choose(user, /^Storage class/, /standard-nfs/)
    const protection = screen.getByRole('switch', { name: /^Default snapshot protection/ })
    expect((protection as HTMLInputElement).checked).toBe(true)
    expect(descriptionOf(protection)).toMatch(/^On unless you turn it off/)
    await user.click(protection)
    await user.click(screen.getByRole('button', { name: 'Add snapshot policy' }))
    await fill(user, screen.getByRole('textbox', { name: 'Policy 1 name' }), 'nightly')
    await fill(user, screen.getByRole('textbox', { name: 'Policy 1 schedule' }), 'daily 02:00')
    await fill(user, screen.getByRole('textbox', { name: 'Policy 1 snapshots kept' }), '7')
    await user.click(screen.getByRole('button', { name: 'Create file storage' }))

    expect(await screen.findByRole('heading', { name: 'int-fs-snapshots', level: 1 })).toBeTruthy()
    expect(screen.getByText('Off: only the policies below take snapshots')).toBeTruthy()
    const policies = screen.getByRole('table', { name: 'Snapshot policies' })
    const row = within(policies).getByRole('row', { name: /nightly/ })
    expect(row.textContent).toContain('Daily at 02:00 UTC')
    expect(row.textContent).toContain('Keeps 7 snapshots')
    expect(row.textContent).toContain('Provisioned')
  })
})

/** What a field's description says, as a screen reader reads it with the field. */
const descriptionOf = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')

describe('file storage create at the organization’s quota', () => {
  it('says at Size what is left of the quota and when a size would pass it; sent anyway, the refusal lands there', async () => {
    const { quotas } = await harness.platform<{ quotas: { kind: string; quantity: number; used: number }[] }>(
      harness.identity('/quotas'),
    )
    const { quantity, used } = quotas.find((q) => q.kind === 'filestorage')!
    const left = `${formatNumber(quantity - used)} of ${formatNumber(quantity)} GiB`
    await harness.workIn('sandbox', 'eu-west-1')
    const { user, router } = renderRoute('/file-storage/new')
    await fill(user, await screen.findByRole('textbox', { name: /^Name/ }), 'int-fs-past-quota')
    await choose(user, /^Storage class/, /standard-nfs/)
    const size = screen.getByRole('textbox', { name: /^Size \(GiB\)/ })
    await waitFor(() => expect(descriptionOf(size)).toContain(`Left in the organization's quota: ${left}.`))

    await fill(user, size, String(quantity - used + 1))
    expect(descriptionOf(size)).toContain(`This size would exceed the organization's quota: ${left} left.`)
    await user.click(screen.getByRole('button', { name: 'Create file storage' }))

    // The platform's words at the size, which decides the use; nothing above the form, and the input stays.
    expect(
      await screen.findByText(
        new RegExp(
          `^The requested allocation of ${quantity + 1} for filestorage exceeds the allowed limit of ${quantity}\\.`,
        ),
      ),
    ).toBeTruthy()
    expect(size.getAttribute('aria-invalid')).toBe('true')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(valueOf(size)).toBe(String(quantity - used + 1))
    expect(router.state.location.pathname).toBe('/file-storage/new')
  })
})

describe('file storage edit', () => {
  it('refuses to shrink below the data stored, with the reason at the size, and keeps the input', async () => {
    const { user, router } = renderRoute(`/file-storage/${scratch}/edit`)
    expect(await screen.findByRole('heading', { name: 'Edit scratch', level: 1 })).toBeTruthy()
    const size = await screen.findByRole('textbox', { name: /^Size \(GiB\)/ })
    await fill(user, size, '5')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(
      await screen.findByText(
        /^At least \d+ GiB: the file system holds \d+ GiB of data, and shrinking below it would destroy files\.$/,
      ),
    ).toBeTruthy()
    expect(valueOf(size)).toBe('5')
    expect(router.state.location.pathname).toBe(`/file-storage/${scratch}/edit`)
  })

  it('resizes and lands on the page with the new size', async () => {
    const { user } = renderRoute(`/file-storage/${scratch}/edit`)
    await fill(user, await screen.findByRole('textbox', { name: /^Size \(GiB\)/ }), '120')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByRole('heading', { name: 'scratch', level: 1 })).toBeTruthy()
    expect(screen.getByText('120 GiB')).toBeTruthy()
  })
})

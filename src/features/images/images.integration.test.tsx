import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { fieldOfError } from '../../api/business-rules'
import { imageApi } from '../../api/catalogs'
import { isApiError } from '../../api/errors'
import { importDefaults, toImportWire } from './image-import-form'
import { choose, fill, renderRoute, consoleForFile, valueOf, warmRoutes } from '../../test/console-harness'

// The region's images: the platform's and the snapshots the organization took, against the local cloud.
const harness = consoleForFile()
let euWest1 = ''
let usEast1 = ''
beforeAll(async () => {
  euWest1 = await harness.regionId('eu-west-1')
  usEast1 = await harness.regionId('us-east-1')
})
let images: string
let platformImage: string
let snapshot: string
beforeAll(async () => {
  const org = harness.cloud.demo.organizationId
  images = `/api/region/api/v1/organizations/${org}/regions/${euWest1}/images`
  platformImage = await harness.idOf(images, 'rocky-9.5-20250301')
  const instance = await harness.idOf('/api/region/api/v2/instances', 'notebook-priya')
  snapshot = (
    await harness.platform<{ metadata: { id: string } }>(`/api/compute/api/v2/instances/${instance}/snapshot`, {
      method: 'POST',
      body: { metadata: { name: 'priya-golden' } },
    })
  ).metadata.id
  await warmRoutes('/images', `/images/${snapshot}`, '/images/new', '/instances/new')
})

describe('image list', () => {
  it('lists the region’s images with the organization’s snapshots, narrowed by who provides them and by search', async () => {
    await harness.workIn(undefined, 'eu-west-1')
    const { user } = renderRoute(`/images?region=${euWest1}`)
    const table = await screen.findByRole('table', { name: 'Images' })
    expect(within(table).getByRole('link', { name: 'priya-golden' })).toBeTruthy()
    expect(within(table).getByRole('link', { name: 'rocky-9.5-20250301' })).toBeTruthy()
    await choose(user, 'Provided by', 'Your organization')
    expect(await screen.findByText(/^1 of \d+ images$/)).toBeTruthy()
    expect(within(table).queryByRole('link', { name: 'rocky-9.5-20250301' })).toBeNull()
    await fill(user, screen.getByRole('textbox', { name: /Search/ }), 'no-such-image')
    expect(await screen.findByText('No image matches')).toBeTruthy()
  })
})

describe('image detail', () => {
  it('names the image in its breadcrumb', async () => {
    const rocm = await harness.idOf(images, 'ubuntu-24.04-rocm-6.4')
    renderRoute(`/images/${rocm}?region=${euWest1}`)
    expect(await screen.findByRole('heading', { name: 'ubuntu-24.04-rocm-6.4', level: 1 })).toBeTruthy()
    await waitFor(() =>
      expect(screen.getByLabelText('Breadcrumb').textContent).toMatch(/Images.*ubuntu-24\.04-rocm-6\.4$/),
    )
  })

  it('says an image the region does not list is not there, without guessing why', async () => {
    renderRoute(`/images/no-such-image?region=${euWest1}`)
    const said = await screen.findByText(/has no image no-such-image/)
    expect(said.textContent).not.toMatch(/may have/)
  })

  it('offers the delete of an image whose answer names no creator, and shows the platform’s refusal', async () => {
    const { user } = renderRoute(`/images/${platformImage}?region=${euWest1}`)
    expect(await screen.findByRole('heading', { name: 'rocky-9.5-20250301', level: 1 })).toBeTruthy()
    expect(screen.getByText('Not said')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('dialog')
    await fill(user, within(dialog).getByRole('textbox'), 'rocky-9.5-20250301')
    await user.click(within(dialog).getByRole('button', { name: /Delete/ }))
    expect(await within(dialog).findByText('the image is provided by the platform and cannot be deleted')).toBeTruthy()
  })

  it('deletes a snapshot once its name is typed, and the list no longer has it', async () => {
    const { user, router } = renderRoute(`/images/${snapshot}?region=${euWest1}`)
    expect(await screen.findByRole('heading', { name: 'priya-golden', level: 1 })).toBeTruthy()
    expect(screen.getByText('Your organization')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('dialog')
    await fill(user, within(dialog).getByRole('textbox'), 'priya-golden')
    await user.click(within(dialog).getByRole('button', { name: /Delete/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/images'))
    const listed = await harness.platform<{ metadata: { id: string } }[]>(images)
    expect(listed.some((i) => i.metadata.id === snapshot)).toBe(false)
  })
})

describe('image import', () => {
  it('imports an image from a disk image URL into the list’s region, and opens its page', async () => {
    await harness.workIn(undefined, 'eu-west-1')
    const { user, router } = renderRoute(`/images?region=${euWest1}`)
    await screen.findByRole('table', { name: 'Images' })
    await user.click(screen.getByRole('link', { name: 'Import image' }))
    expect(await screen.findByRole('heading', { name: 'Import image', level: 1 })).toBeTruthy()
    // The crumb says what the form does, as its button does.
    const crumbs = screen.getByLabelText('Breadcrumb')
    expect(within(crumbs).getByRole('link', { name: 'Images' })).toBeTruthy()
    expect(within(crumbs).getByText('Import').getAttribute('aria-current')).toBe('page')
    const main = screen.getByRole('main')
    expect(valueOf(await within(main).findByRole('combobox', { name: /^Region/ }))).toBe('eu-west-1')
    await fill(user, within(main).getByRole('textbox', { name: /^Disk image URL/ }), 'https://example.com/noble.qcow2')
    await user.tab()
    expect(await within(main).findByText(/Only raw disk images can be imported, not qcow2/)).toBeTruthy()
    await fill(user, within(main).getByRole('textbox', { name: /^Disk image URL/ }), 'https://example.com/noble.raw')
    await fill(user, within(main).getByRole('textbox', { name: /^Version/ }), '24.04')
    await user.click(within(main).getByRole('button', { name: 'Add software version' }))
    await fill(user, within(main).getByRole('textbox', { name: 'Software 1' }), 'kubernetes')
    await fill(user, within(main).getByRole('textbox', { name: 'Software 1 version' }), 'v1.31.2')
    await fill(user, within(main).getByRole('textbox', { name: /^Name/ }), 'noble-imported')
    await user.click(within(main).getByRole('button', { name: 'Import image' }))
    expect(await screen.findByRole('heading', { name: 'noble-imported', level: 1 })).toBeTruthy()
    expect(router.state.location.search).toBe(`?region=${euWest1}`)
    expect(screen.getByText('kubernetes v1.31.2')).toBeTruthy()
    const listed = await harness.platform<{ metadata: { name: string }; spec: { softwareVersions?: object } }[]>(images)
    expect(listed.find((i) => i.metadata.name === 'noble-imported')?.spec.softwareVersions).toEqual({
      kubernetes: 'v1.31.2',
    })
  })
})

describe('the import form’s body against the platform', () => {
  it('is refused where the document refuses it, and the refusal lands on the row the user typed', async () => {
    // What the form would hold, its own checks skipped: a real platform may refuse what the console let through.
    const values = {
      ...importDefaults(harness.cloud.demo.organizationId, euWest1),
      name: 'refused-version',
      uri: 'https://example.com/noble.raw',
      version: '24.04',
      software: [
        { name: 'cuda', version: 'v12.8.0' },
        { name: '', version: '' },
        { name: 'kubernetes', version: '1.31' },
      ],
    }
    const wire = toImportWire(values)
    const error = await imageApi.create
      .call({ organizationID: values.organizationId, regionID: euWest1, body: wire.body })
      .then(
        () => undefined,
        (e: unknown) => e,
      )
    if (!isApiError(error)) throw new Error('the platform accepted a version that is not v1.2.3')
    expect(error.status).toBe(400)
    const placed = fieldOfError(error)
    expect(placed?.path).toEqual(['spec', 'softwareVersions', 'kubernetes'])
    expect(placed && wire.pathOf(placed.path)).toBe('software.2.version')
  })
})

describe('from an image to an instance', () => {
  it('opens the instance form with the image and its region chosen', async () => {
    await harness.workIn(undefined, 'eu-west-1')
    const { user, router } = renderRoute(`/images/${platformImage}?region=${usEast1}`)
    expect(await screen.findByRole('heading', { name: 'rocky-9.5-20250301', level: 1 })).toBeTruthy()
    await user.click(screen.getByRole('link', { name: 'Create instance from this image' }))
    expect(await screen.findByRole('heading', { name: 'Create instance', level: 1 })).toBeTruthy()
    expect(router.state.location.search).toBe(`?region=${usEast1}&image=${platformImage}`)
    const main = screen.getByRole('main')
    expect(valueOf(await within(main).findByRole('combobox', { name: /^Region/ }))).toMatch(/us-east-1|US East/i)
    await waitFor(() =>
      expect(valueOf(within(main).getByRole('combobox', { name: /^Image/ }))).toMatch(/^rocky-9.5-20250301/),
    )
  })
})

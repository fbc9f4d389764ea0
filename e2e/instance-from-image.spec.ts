import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { signInAsDemo } from './helpers'
import { ACME_ORG_ID, EU_WEST_1 } from '../server/local-cloud/catalog/ids'

const ORGANIZATION = ACME_ORG_ID
const REGION = EU_WEST_1

interface Flavor {
  metadata: { id: string; name: string }
  spec: {
    cpus: number
    memory: number
    disk: number
    gpu?: { vendor: string; model: string; memory: number; physicalCount: number }
  }
}
interface Image {
  metadata: { id: string; name: string }
  spec: { sizeGiB: number; gpu?: { vendor: string; models?: string[] } }
}

async function platform<T>(page: Page, path: string): Promise<T> {
  const answer = await page.request.get(path)
  expect(answer.ok(), path).toBe(true)
  return (await answer.json()) as T
}

/**
 * The smallest flavor of the region's list that boots the image, as a person would pick it from the table: for a GPU
 * image, the least GPU memory among those with its drivers' GPUs; otherwise the least memory among those without a
 * GPU; either with a disk (GB) that holds the image (GiB).
 */
function smallestFor(image: Image, flavors: Flavor[]): Flavor {
  const drivers = image.spec.gpu
  const gpuMemory = (f: Flavor) => (f.spec.gpu ? f.spec.gpu.memory * f.spec.gpu.physicalCount : 0)
  const fitting = flavors.filter(
    (f) =>
      f.spec.disk >= (image.spec.sizeGiB * 2 ** 30) / 1e9 &&
      (drivers
        ? f.spec.gpu?.vendor === drivers.vendor && (drivers.models ?? [f.spec.gpu.model]).includes(f.spec.gpu.model)
        : !f.spec.gpu),
  )
  fitting.sort((a, b) => gpuMemory(a) - gpuMemory(b) || a.spec.memory - b.spec.memory || a.spec.cpus - b.spec.cpus)
  return fitting[0]!
}

/** Opens the image's page from the region's image list and follows its one link to the create form. */
async function createFromImage(page: Page, image: Image) {
  await page.goto(`/images?region=${REGION}`)
  await page.getByRole('main').getByRole('link', { name: image.metadata.name, exact: true }).click()
  await expect(page.getByRole('heading', { name: image.metadata.name, level: 1 })).toBeVisible()
  await page.getByRole('link', { name: 'Create instance from this image' }).click()
  await expect(page.getByRole('heading', { name: 'Create instance', level: 1 })).toBeVisible()
}

test('one click from an image opens the form with project, network, the smallest fitting flavor and a name chosen, and Create makes it', async ({
  page,
}) => {
  await signInAsDemo(page, '/networks')
  // The working project, as the header's scope picker sets it.
  await page.getByRole('banner').getByRole('combobox', { name: 'Project', exact: true }).click()
  await page.getByRole('option', { name: 'ml-research', exact: true }).click()

  const projects = await platform<{ metadata: { id: string; name: string } }[]>(
    page,
    `/api/identity/api/v1/organizations/${ORGANIZATION}/projects`,
  )
  const project = projects.find((p) => p.metadata.name === 'ml-research')!
  const regionPath = `/api/region/api/v1/organizations/${ORGANIZATION}/regions/${REGION}`
  const flavors = await platform<Flavor[]>(page, `${regionPath}/flavors`)
  const images = await platform<Image[]>(page, `${regionPath}/images`)
  const networks = await platform<{ metadata: { name: string } }[]>(
    page,
    `/api/region/api/v2/networks?organizationID=${ORGANIZATION}&projectID=${project.metadata.id}&regionID=${REGION}`,
  )
  expect(networks.length).toBeGreaterThan(0)

  const plain = images.find((i) => i.metadata.name.startsWith('ubuntu-24.04-server'))!
  const flavor = smallestFor(plain, flavors)
  await createFromImage(page, plain)
  const main = page.getByRole('main')
  await expect(main.getByRole('combobox', { name: 'Project', exact: true })).toHaveValue('ml-research')
  await expect(main.getByRole('combobox', { name: 'Network', exact: true })).toHaveValue(
    new RegExp(`^${networks[0]!.metadata.name}`),
  )
  await expect(main.getByRole('radio', { name: flavor.metadata.name, exact: true })).toBeChecked()
  await expect(main.getByRole('combobox', { name: 'Image', exact: true })).toHaveValue(
    new RegExp(`^${plain.metadata.name}`),
  )
  const nameField = main.getByRole('textbox', { name: 'Name', exact: true })
  await expect(nameField).toHaveValue(new RegExp(`^${plain.metadata.name.replaceAll('.', '\\.')}-\\d+$`))
  const name = await nameField.inputValue()
  // Each choice is said, so none is made behind the user's back.
  await expect(main.getByRole('note', { name: 'Proposed from the image' })).toContainText(flavor.metadata.name)

  await main.getByRole('button', { name: 'Create instance' }).click()
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  await expect(main).toContainText(flavor.metadata.name)
  await expect(main).toContainText(networks[0]!.metadata.name)
  await expect(main).toContainText('ml-research')

  // A GPU image gets the smallest flavor with its drivers' GPUs.
  const cuda = images.find((i) => i.spec.gpu?.vendor === 'NVIDIA')!
  const gpuFlavor = smallestFor(cuda, flavors)
  expect(gpuFlavor.spec.gpu).toBeDefined()
  await createFromImage(page, cuda)
  await expect(main.getByRole('radio', { name: gpuFlavor.metadata.name, exact: true })).toBeChecked()
})

test('under All projects, one click from an image proposes a project with a network in its region, so the rest is proposed too', async ({
  page,
}) => {
  // The demo's default scope: every project.
  await signInAsDemo(page, '/networks')
  await expect(page.getByRole('banner').getByRole('combobox', { name: 'Project', exact: true })).toHaveValue(
    'All projects',
  )
  const everywhere = `organizationID=${ORGANIZATION}`
  type Placed = {
    metadata: { id: string; name: string; projectId: string }
    status: { regionId: string; powerState?: string }
  }
  const networks = await platform<Placed[]>(page, `/api/region/api/v2/networks?${everywhere}`)
  const instances = await platform<Placed[]>(page, `/api/compute/api/v2/instances?${everywhere}`)
  const projects = await platform<{ metadata: { id: string; name: string } }[]>(
    page,
    `/api/identity/api/v1/organizations/${ORGANIZATION}/projects`,
  )
  // Of the projects with a network in the region, the one with the most running instances there.
  const candidates = projects.filter((p) =>
    networks.some((n) => n.metadata.projectId === p.metadata.id && n.status.regionId === REGION),
  )
  const here = (p: { metadata: { id: string } }) =>
    instances.filter(
      (i) =>
        i.metadata.projectId === p.metadata.id && i.status.regionId === REGION && i.status.powerState === 'Running',
    ).length
  candidates.sort((a, b) => here(b) - here(a) || a.metadata.name.localeCompare(b.metadata.name))
  const project = candidates[0]!
  const projectNetworks = networks.filter(
    (n) => n.metadata.projectId === project.metadata.id && n.status.regionId === REGION,
  )

  const regionPath = `/api/region/api/v1/organizations/${ORGANIZATION}/regions/${REGION}`
  const images = await platform<Image[]>(page, `${regionPath}/images`)
  const plain = images.find((i) => i.metadata.name.startsWith('ubuntu-24.04-server'))!
  await createFromImage(page, plain)
  const main = page.getByRole('main')
  await expect(main.getByRole('combobox', { name: 'Project', exact: true })).toHaveValue(project.metadata.name)
  await expect(main.getByRole('combobox', { name: 'Network', exact: true })).toHaveValue(
    new RegExp(`^(${projectNetworks.map((n) => n.metadata.name).join('|')})`),
  )
  await expect(main.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(
    new RegExp(`^${plain.metadata.name.replaceAll('.', '\\.')}-\\d+$`),
  )
  await expect(main.getByRole('note', { name: 'Proposed from the image' })).toContainText(project.metadata.name)

  // The proposal is a choice like any other: another project can be picked, and what depends on it (its network, a
  // name free in it) is proposed again, the note saying so (it kept naming the first project, Network left empty).
  const other = candidates.find((p) => p.metadata.id !== project.metadata.id)!
  const otherNetworks = networks.filter(
    (n) => n.metadata.projectId === other.metadata.id && n.status.regionId === REGION,
  )
  await main.getByRole('combobox', { name: 'Project', exact: true }).click()
  await page.getByRole('option', { name: other.metadata.name, exact: true }).click()
  await expect(main.getByRole('combobox', { name: 'Project', exact: true })).toHaveValue(other.metadata.name)
  await expect(main.getByRole('combobox', { name: 'Network', exact: true })).toHaveValue(
    new RegExp(`^${otherNetworks[0]!.metadata.name}`),
  )
  const note = main.getByRole('note', { name: 'Proposed from the image' })
  await expect(note).toContainText(`${other.metadata.name}, your choice: what depends on the project is proposed again`)
  await expect(note).toContainText(`(proposed again for ${other.metadata.name})`)
  await expect(note).not.toContainText(project.metadata.name)
})

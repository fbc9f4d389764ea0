import { readFile } from 'node:fs/promises'
import { expect, test } from './fixtures'
import { choose, signInAsDemo, unique } from './helpers'

test('create a cluster, add a node pool and scale it, and download a kubeconfig that reaches the cluster', async ({
  page,
}) => {
  const name = unique('k8s')
  await signInAsDemo(page, '/clusters')
  await page.getByRole('link', { name: 'Create cluster' }).first().click()
  await page.getByLabel('Name').fill(name)
  await choose(page, 'Project', 'sandbox')
  await choose(page, 'Region', 'eu-west-1')
  await choose(page, 'Network', /^sandbox/)
  await expect(page.getByRole('main').getByRole('combobox', { name: 'Platform release', exact: true })).toHaveValue(
    /^NKS 1\.33\.1/,
  )
  await page.getByRole('button', { name: 'Create cluster' }).click()
  await expect(page.getByRole('heading', { name, exact: true, level: 1 })).toBeVisible()

  // A pool of two workers, from a flavor, with a GPU taint as a row.
  await page.getByRole('button', { name: 'Add node pool' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add node pool' })
  await dialog.getByLabel('Name').fill('workers')
  await dialog.getByRole('combobox', { name: 'Flavor' }).click()
  await page.getByRole('option', { name: 'c1.small' }).click()
  await dialog.getByRole('button', { name: 'Add taint' }).click()
  await dialog.getByLabel('Taint key 1').fill('nvidia.com/gpu')
  await dialog.getByRole('button', { name: 'Add node pool' }).click()
  await expect(dialog).toBeHidden()
  const pools = page.getByRole('table', { name: 'Node pools' })
  await expect(pools.getByRole('cell', { name: 'Desired workers of workers' })).toHaveText('2', { timeout: 15_000 })
  await expect(pools.getByText('nvidia.com/gpu:NoSchedule')).toBeVisible()

  // Scaled to three, the pool converges: all three ready, then provisioned.
  await pools.getByRole('button', { name: 'Scale workers' }).click()
  const scale = page.getByRole('dialog', { name: 'Scale node pool' })
  await scale.getByLabel('Workers').fill('3')
  await scale.getByRole('button', { name: 'Scale' }).click()
  await expect(pools.getByRole('cell', { name: 'Desired workers of workers' })).toHaveText('3', { timeout: 15_000 })
  await expect(pools.getByRole('cell', { name: 'Ready workers of workers' })).toHaveText('3', { timeout: 15_000 })

  // The kubeconfig is built in the browser from the status: the cluster's private endpoint and CA, no credential.
  const cluster = await page.evaluate(
    async (path) => (await fetch(path)).json(),
    `/api/nks/api/v1/clusters?name=${name}`,
  )
  const { certificateAuthorityData, endpoints } = cluster[0].status.apiServer
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download kubeconfig' }).click(),
  ])
  expect(download.suggestedFilename()).toBe(`${name}.kubeconfig.yaml`)
  const kubeconfig = await readFile(await download.path(), 'utf8')
  expect(kubeconfig).toContain(`server: "https://${endpoints.private.address}:${endpoints.private.port}"`)
  expect(kubeconfig).toContain(`certificate-authority-data: "${certificateAuthorityData}"`)
  expect(kubeconfig).toMatch(/- "--oidc-issuer-url=http[^"]+\/local\/identity"/)
  expect(kubeconfig).not.toMatch(/token:|client-key|client-secret/)
})

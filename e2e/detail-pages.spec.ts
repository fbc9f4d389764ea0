import { expect, test } from './fixtures'
import { expectAccessible, openInApp, signInAsDemo } from './helpers'
import { ACME_ORG_ID } from '../server/local-cloud/catalog/ids'

/** A property's value in a detail page's list, by its label. */
const property = (page: import('@playwright/test').Page, label: string) =>
  page
    .getByRole('main')
    .locator('dl > div')
    .filter({ has: page.getByRole('term').filter({ hasText: label }) })
    .getByRole('definition')

/**
 * The demo organization's name as the platform lists it. The demo names it as the platform's name rule wants, which
 * happens to spell its id; the same names map shows a security group's network by name (below), where they differ.
 */
async function organizationName(page: import('@playwright/test').Page): Promise<string> {
  const listed = (await (await page.request.get('/api/identity/api/v1/organizations')).json()) as {
    metadata: { id: string; name: string }
  }[]
  return listed.find((organization) => organization.metadata.id === ACME_ORG_ID)!.metadata.name
}

// The detail pages, reached from their lists through the router after one page load.
test('a network, a security group and a project name what they belong to and list what they hold, with their state', async ({
  page,
}) => {
  await signInAsDemo(page, '/networks?project=all&region=all')

  await test.step('a network names its organization, shows its state as badges, and lists what runs in it with their state', async () => {
    await page.getByRole('table', { name: 'Networks' }).getByRole('link', { name: 'training-fabric' }).click()
    await expect(page.getByRole('heading', { name: 'training-fabric', level: 1 })).toBeVisible()

    await expect(property(page, 'Organization')).toHaveText(await organizationName(page))
    await expect(property(page, 'Provisioning')).toHaveText('Provisioned')
    await expect(property(page, 'Health')).toHaveText('Healthy')

    const related = page.getByRole('region', { name: 'In this network' })
    const instances = related.getByRole('list', { name: /^Instances/ })
    // Each by name, a link to it, with its state's badge.
    const priya = instances.getByRole('listitem').filter({ hasText: 'notebook-priya' })
    await expect(priya).toHaveText(/^notebook-priya(Running|Stopped)$/)
    await expect(priya.getByRole('link', { name: 'notebook-priya' })).toBeVisible()
    await expect(
      related
        .getByRole('list', { name: /^Security groups/ })
        .getByRole('listitem')
        .first(),
    ).toContainText(/Provisioned|Provisioning/)
    await expectAccessible(page)
  })

  await test.step('a security group names its organization and network, and every rule says what it exposes', async () => {
    await openInApp(page, '/security-groups?project=all&region=all')
    await page
      .getByRole('table', { name: 'Security groups' })
      .getByRole('link', { name: 'ssh-bastion', exact: true })
      .click()
    await expect(page.getByRole('heading', { name: 'ssh-bastion', level: 1 })).toBeVisible()
    await expect(property(page, 'Organization')).toHaveText(await organizationName(page))
    await expect(property(page, 'Network')).toHaveText('training-fabric')
    await expect(property(page, 'Provisioning')).toHaveText('Provisioned')

    const rules = page.getByRole('table', { name: 'Rules', exact: true })
    const rows = rules.locator('tbody tr')
    await expect(rows.first()).toBeVisible()
    const exposures = await rows.evaluateAll((trs) => trs.map((tr) => tr.lastElementChild?.textContent?.trim() ?? ''))
    expect(exposures.length).toBeGreaterThan(0)
    for (const exposure of exposures)
      expect(exposure).toMatch(/^(Internet|Internet, web|Private|Listed range|None inbound)$/)
  })

  await test.step('a project lists what it holds by name with their state, each kind linking to its filtered list', async () => {
    await openInApp(page, '/projects')
    await page.getByRole('table', { name: 'Projects' }).getByRole('link', { name: 'ml-research', exact: true }).click()
    const held = page.getByRole('region', { name: 'In this project' })
    const networks = held.getByRole('list', { name: /^Networks/ })
    await expect(networks.getByRole('listitem').filter({ hasText: 'training-fabric' })).toHaveText(
      /^training-fabricProvisioned$/,
    )
    await expect(held.getByRole('link', { name: 'Instances', exact: true })).toHaveAttribute(
      'href',
      /\/instances\?project=/,
    )
  })
})

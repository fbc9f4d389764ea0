import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { openInApp, signInAsDemo } from './helpers'
import { EU_WEST_1 } from '../server/local-cloud/catalog/ids'

/**
 * Every list's search, typed as a fast typist types (a key every 30 ms) and as a paste-like burst (no pause): every
 * key lands in the box, and the rows are those the whole text finds. The box's text used to follow the page address,
 * so a key pressed before the address had caught up was dropped ("trainer" became "tainer", or "r").
 */
interface ListCase {
  path: string
  text: string
  /** Items the whole text finds, and items a text missing a key would find too (or the unfiltered list shows). */
  finds: string[]
  hides: string[]
  /** The search box: the lists' own is named Search. */
  box?: (page: Page) => Locator
  /** Where an item shows: by default a link in the list's table. */
  item?: (page: Page, name: string) => Locator
  table?: string
}

const inTable = (table: string) => (page: Page, name: string) =>
  page.getByRole('table', { name: table }).getByRole('link', { name, exact: true })
const row = (table: string) => (page: Page, name: string) =>
  page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: name })

const LISTS: ListCase[] = [
  { path: '/networks', text: 'training', finds: ['training-fabric'], hides: ['inference-prod'], table: 'Networks' },
  {
    path: '/security-groups',
    text: 'ssh-bastion',
    finds: ['ssh-bastion', 'ssh-bastion-us'],
    hides: ['jupyter', 'nccl-cluster'],
    table: 'Security groups',
  },
  { path: '/file-storage', text: 'checkpoints', finds: ['checkpoints'], hides: ['datasets'], table: 'File storage' },
  {
    path: '/instances',
    text: 'trainer',
    finds: ['trainer-h100-0', 'trainer-h100-1', 'trainer-h200-0'],
    hides: ['notebook-priya', 'airflow'],
    table: 'Instances',
  },
  { path: '/projects', text: 'data-platform', finds: ['data-platform'], hides: ['sandbox'], table: 'Projects' },
  {
    path: '/users',
    text: 'priya',
    finds: ['priya.shah@acme.example'],
    hides: ['mei.lin@acme.example'],
    item: row('Users'),
  },
  { path: '/groups', text: 'release', finds: ['release-managers'], hides: ['readers'], table: 'Groups' },
  {
    path: '/service-accounts',
    text: 'nightly',
    finds: ['nightly-eval'],
    hides: ['ci-deployer'],
    table: 'Service accounts',
  },
  {
    path: '/identity-providers',
    text: 'staging',
    finds: ['staging-auth0'],
    hides: ['acme-okta'],
    table: 'Identity providers',
  },
  {
    path: `/images?region=${EU_WEST_1}`,
    text: 'rocm-6.4',
    finds: ['ubuntu-24.04-rocm-6.4'],
    hides: ['ubuntu-22.04-rocm-6.2'],
    table: 'Images',
  },
  {
    path: '/models',
    text: 'bge-m3',
    finds: ['BGE M3'],
    hides: ['BGE Large EN v1.5'],
    item: (page, name) => page.getByRole('article', { name, exact: true }),
  },
  {
    path: '/flavors',
    text: 'h100.8x',
    finds: ['g1.h100.8x'],
    hides: ['g1.h100.1x', 'g1.h200.8x'],
    item: row('Flavors'),
  },
]

// One page per speed, walking every list through the router: each list is typed into as it first opens, its rows
// drawn, as a user reaching it from the navigation does.
for (const delay of [0, 30])
  test(`every list's search typed ${delay ? `at ${delay} ms a key` : 'at once'} keeps every key`, async ({ page }) => {
    await signInAsDemo(page, '/')
    for (const list of LISTS)
      await test.step(`${list.path}: "${list.text}"`, async () => {
        await openInApp(page, list.path)
        const item = list.item ?? inTable(list.table!)
        const box = list.box?.(page) ?? listSearch(page)
        // The list is in: typing starts on the page a user sees, its rows drawn.
        await expect(item(page, list.hides[0]!)).toBeVisible()
        await box.pressSequentially(list.text, { delay })
        await expect(box).toHaveValue(list.text)
        await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(list.text).replace(/\./g, '\\.')}(&|$)`))
        for (const name of list.finds) await expect(item(page, name)).toBeVisible()
        for (const name of list.hides) await expect(item(page, name)).toHaveCount(0)
        // Still the box's own text once the address has caught up with it.
        await expect(box).toHaveValue(list.text)
      })
  })

test('back and forward bring the search box the text of the address they return to', async ({ page }) => {
  await signInAsDemo(page, '/networks')
  const box = page.getByRole('combobox', { name: 'Search', exact: true })
  const table = page.getByRole('table', { name: 'Networks' })
  await expect(table.getByRole('link', { name: 'inference-prod', exact: true })).toBeVisible()
  await box.pressSequentially('train')
  await expect(page).toHaveURL(/q=train(&|$)/)
  // A filter is a step in the history; the search's keys are not: they replace the step they are typed in.
  await page.getByPlaceholder('All regions').click()
  await page.getByRole('option', { name: 'eu-west-1' }).click()
  await expect(page).toHaveURL(/region=/)
  await page.keyboard.press('Escape')
  await box.press('End')
  await box.pressSequentially('ing')
  await expect(page).toHaveURL(/q=training/)
  await page.goBack()
  await expect(page).not.toHaveURL(/region=/)
  await expect(box).toHaveValue('train')
  await page.goForward()
  await expect(box).toHaveValue('training')
  // Clearing the box clears the address, and a step back from there still brings that step's text.
  await box.fill('')
  await expect(page).not.toHaveURL(/q=/)
  await expect(table.getByRole('link', { name: 'training-fabric', exact: true })).toBeVisible()
  await page.goBack()
  await expect(box).toHaveValue('train')
})

/** A list's search box: a combobox where it completes typed filters (the resource lists), else a plain text box. */
function listSearch(page: Page) {
  return page
    .getByRole('combobox', { name: 'Search', exact: true })
    .or(page.getByRole('textbox', { name: 'Search', exact: true }))
}

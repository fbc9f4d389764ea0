import type { Locator } from '@playwright/test'
import { expect, test } from './fixtures'
import { expectAccessible, lineCount, signInAsDemo } from './helpers'

test('filter and sort the catalog, keep the view in the URL, open a model, price a plan', async ({ page }) => {
  await signInAsDemo(page, '/models')
  await expect(page.getByRole('heading', { name: 'Model catalog', level: 1 })).toBeVisible()
  await expect(page.getByText(/^17 models/)).toBeVisible()
  // The embedded local cloud serves every embedding model with one stand-in, an English sentence encoder: the catalog
  // says so in one line, and each card of a model what stands in for it; none is served by word overlap under its
  // name (the playground offers that as a baseline of its own).
  const standIn = page.getByRole('note').filter({ hasText: 'Stand-in' })
  await expect(standIn).toContainText(
    'Stand-in · On the embedded local cloud, Universal Sentence Encoder lite stands in for every embedding model.',
  )
  // At 1440 px a line (it took two).
  expect(await lineCount(standIn)).toBe(1)
  await expect(page.getByRole('article', { name: 'BGE M3' })).toContainText(
    'Stand-in · served here by Universal Sentence Encoder lite; not multilingual here',
  )
  for (const name of ['BGE Large EN v1.5', 'Nomic Embed Text v1.5'])
    await expect(
      page.getByRole('article', { name }).getByText('Stand-in · served here by', { exact: false }),
    ).toHaveText('Stand-in · served here by Universal Sentence Encoder lite')

  await page.getByRole('radiogroup', { name: 'Model type' }).getByText('Embedding', { exact: true }).click()
  await expect(page.getByText(/^5 of 17 models/)).toBeVisible()
  await expect(page).toHaveURL(/type=Embedding/)

  // The table sorts by its headers: cheapest input first, then most expensive.
  await page.getByRole('radiogroup', { name: 'View' }).getByText('Table', { exact: true }).click()
  const table = page.getByRole('table', { name: 'Models' })
  const firstRow = table.getByRole('row').nth(1)
  await table.getByRole('button', { name: /Input \/ 1M/ }).click()
  await expect(firstRow).toContainText('all-MiniLM-L6-v2')
  await expect(firstRow).toContainText('$0.005')
  await table.getByRole('button', { name: /Input \/ 1M/ }).click()
  await expect(firstRow).toContainText('Multilingual E5 Large Instruct')
  await expect(firstRow).toContainText('$0.02')

  await page.getByLabel('Maximum price per million tokens').fill('0.01')
  await expect(page.getByText(/^3 of 17 models/)).toBeVisible()
  // The whole view is in the URL: a reload (or a shared link) shows the same.
  await page.reload()
  await expect(page.getByText(/^3 of 17 models/)).toBeVisible()
  await expect(table.getByRole('row').nth(1)).toContainText('BGE M3')

  await table.getByRole('link', { name: 'BGE M3' }).click()
  const drawer = page.getByRole('dialog', { name: 'BGE M3' })
  await expect(drawer).toBeVisible()
  await expect(drawer.getByRole('link', { name: 'MIT License' })).toHaveAttribute('href', /FlagEmbedding/)
  await expect(drawer.getByRole('link', { name: 'BAAI/bge-m3' })).toHaveAttribute(
    'href',
    'https://huggingface.co/BAAI/bge-m3',
  )
  await expect(drawer.getByText('$0.01 / 1M tokens')).toBeVisible()
  await expect(drawer.getByText(/\/local\/inference\/v1\/embeddings/)).toBeVisible()
  // "Multilingual (100+ languages)" is the catalog's claim for the real model; here it cannot be met. The note names
  // the stand-in in a line (it took two), and its marker opens the rest.
  const note = drawer.getByRole('note')
  await expect(note).toHaveText('Stand-in · Universal Sentence Encoder lite serves this model here.')
  expect(await lineCount(note)).toBe(1)
  const marker = note.getByRole('button', { name: 'Stand-in: what serves this model here' })
  await marker.click()
  const details = page.getByRole('dialog', { name: 'Stand-in: what serves this model here' })
  await expect(details).toContainText(
    'Served here by Universal Sentence Encoder lite (English, 512 dimensions, mapped to 1,024), not by this model.',
  )
  await expect(details).toContainText(
    /Multilingual ability is not available on the embedded local cloud: Universal Sentence Encoder lite reads English only/,
  )
  // The drawer, its note's details open over it.
  await expectAccessible(page)
  await marker.click()
  await expect(details).toBeHidden()
  await expect(drawer).toContainText(
    '# On the embedded local cloud, bge-m3 is served by Universal Sentence Encoder lite (English, 512 dimensions, mapped to bge-m3’s own), not by bge-m3 itself.',
  )
  await expect(drawer.getByRole('link', { name: 'Try in playground' })).toHaveAttribute(
    'href',
    '/playground?model=bge-m3',
  )
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  await expect(page).not.toHaveURL(/model=/)
})

/** Headings that run past their cell into the next one, and values cut short, among the rows laid out. */
async function crowding(table: Locator) {
  return table.evaluate((table) => {
    const shown = (element: Element) => element.getClientRects().length > 0
    const collide = [...table.querySelectorAll('thead th')].filter(shown).filter((heading) => {
      const end = heading.getBoundingClientRect().right - parseFloat(getComputedStyle(heading).paddingRight)
      return [...heading.querySelectorAll('*')].some((part) => part.getBoundingClientRect().right > end + 0.5)
    })
    const cut = [...table.querySelectorAll('tbody td *')].filter(
      (value) => shown(value) && value.scrollWidth > value.clientWidth + 1,
    )
    return { collide: collide.map((e) => e.textContent), cut: cut.map((e) => e.textContent) }
  })
}

test('compute a monthly cost and compare models', async ({ page }) => {
  await signInAsDemo(page, '/models?view=table&type=TextGeneration')
  // Every heading stays in its column and every value reads whole, with the longest names, at both widths.
  const table = page.getByRole('table', { name: 'Models' })
  await expect(table.getByRole('link', { name: 'DeepSeek R1 Distill Llama 70B' })).toBeVisible()
  for (const [width, height] of [
    [1440, 900],
    [1024, 768],
  ] as const) {
    await page.setViewportSize({ width, height })
    // Polled: the column widths follow the window through a media query, a render after the resize.
    await expect.poll(() => crowding(table), { message: `at ${width} px` }).toEqual({ collide: [], cut: [] })
  }
  await page.setViewportSize({ width: 1440, height: 900 })

  await page.getByLabel('Input tokens').fill('2000')
  await page.getByLabel('Output tokens').fill('1000')
  await page.getByLabel('Requests', { exact: true }).fill('1000')
  await page.getByRole('radiogroup', { name: 'Requests per' }).getByText('per month').click()
  // (2,000 + 1,000) tokens × $0.88 / 1M × 1,000 requests = $2.64 a month, exactly.
  const llama = page.getByRole('row', { name: /Llama 3.3 70B Instruct/ })
  await expect(llama).toContainText('$2.64')
  await expect(page.getByRole('row', { name: /Mistral 7B Instruct/ })).toContainText('$0.60')

  // The selection lives in the URL, so the box turns checked once the navigation lands: click, then expect.
  for (const name of ['Compare Llama 3.3 70B Instruct', 'Compare Mistral 7B Instruct v0.3']) {
    await page.getByRole('checkbox', { name }).click()
    await expect(page.getByRole('checkbox', { name })).toBeChecked()
  }
  const comparison = page.getByRole('region', { name: 'Comparing 2 models' })
  await expect(comparison).toBeVisible()
  await expect(comparison).toContainText('Cheapest for your plan: Mistral 7B Instruct v0.3 at $0.60 a month.')
  await expect(comparison.getByRole('img', { name: /Prices per million tokens/ })).toBeVisible()
  await expectAccessible(page)
})

import { expect, test } from './fixtures'
import { expectAccessible, signInAsDemo } from './helpers'

test('embed five sentences: heatmap, semantic search, float and base64 agree, inputs survive a reload', async ({
  page,
}) => {
  await signInAsDemo(page, '/playground')
  await page.getByRole('region', { name: 'Inputs' }).getByRole('button', { name: 'Load example' }).click()
  // base64 is the default; the first run asks for floats so the two encodings can be compared below.
  await page.getByRole('radiogroup', { name: 'Encoding' }).getByText('float', { exact: true }).click()
  await page.getByRole('button', { name: 'Create embeddings' }).click()

  const results = page.getByRole('region', { name: /Run \d+ · bge-m3/ })
  const heatmap = results.getByRole('img', { name: /Cosine similarity heatmap of 5 inputs/ })
  await expect(heatmap).toBeVisible()
  // The cells are drawn (scaled in the worker): the diagonal's share the scale's top colour, unlike an unrelated pair.
  const colours = await heatmap.evaluate((canvas: HTMLCanvasElement) => {
    // One read of the whole canvas: Chromium warns about repeated readbacks.
    const { data, width } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height)
    const cell = Math.floor(width / 5)
    const at = (i: number, j: number) => [...data.subarray(4 * ((i * cell + 4) * width + j * cell + 4)).slice(0, 4)]
    return { first: at(0, 0), second: at(1, 1), apart: at(0, 2) }
  })
  expect(colours.first[3]).toBe(255)
  expect(colours.second).toEqual(colours.first)
  expect(colours.apart).not.toEqual(colours.first)
  await expect(results).toContainText('Tokens')
  // The console's CSP must let the worker compile its kernel, or every analysis silently takes the slow path.
  await expect(results.getByText(/Similarities and PCA computed in [\d,]+ ms by WebAssembly SIMD/)).toBeVisible()

  await results.getByRole('tab', { name: 'Search' }).click()
  await results.getByLabel('Search the inputs by meaning').fill('a kitten sleeping on the windowsill')
  await results.getByRole('button', { name: 'Search' }).click()
  const ranked = results.getByRole('list', { name: /Inputs ranked by similarity/ })
  await expect(ranked.getByRole('listitem').first()).toContainText('A kitten was sleeping on the sunny windowsill.')
  await expect(ranked.getByRole('listitem').last()).not.toContainText('kitten')

  await results.getByRole('tab', { name: '2-D map' }).click()
  await expect(results.getByRole('img', { name: /PCA projection: 5 inputs in 3 labels/ })).toBeVisible()

  // The same inputs as base64: decoded in the browser, the vectors match the float run value for value.
  await page.getByRole('radiogroup', { name: 'Encoding' }).getByText('base64', { exact: true }).click()
  await page.getByRole('button', { name: 'Create embeddings' }).click()
  const history = page.getByRole('region', { name: 'Runs this session' })
  await expect(history.getByText(/base64/)).toBeVisible()
  await history.getByRole('checkbox', { name: 'Compare run 2' }).check()
  await history.getByRole('checkbox', { name: 'Compare run 1' }).check()
  await expect(history.getByRole('status', { name: 'Run 2 and run 1' })).toContainText(
    'Identical vectors: every value of every input matches.',
  )
  await expectAccessible(page)

  await page.reload()
  await expect(page.getByLabel('Input 2', { exact: true })).toHaveValue(
    'A kitten was sleeping on the sunny windowsill.',
  )
  await expect(page.getByRole('radiogroup', { name: 'Encoding' }).getByRole('radio', { name: 'base64' })).toBeChecked()
})

test('related sentences are close: a search for "kitten" finds the cat sentence first', async ({ page }) => {
  // The local cloud's default vectors are a sentence encoder's: "kitten" shares no word with the cat sentence.
  const rows = [
    ['The cat sat on the mat', 'pets'],
    ['My dog loves chasing the ball in the park', 'pets'],
    ['Shares fell sharply on Wall Street', 'finance'],
    ['The central bank raised interest rates again', 'finance'],
    ['How do I reset my password?', 'passwords'],
    ['I forgot my login credentials', 'passwords'],
  ]
  await signInAsDemo(page, '/playground')
  await page.locator('input[type=file]').setInputFiles({
    name: 'topics.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['text,label', ...rows.map(([text, label]) => `"${text}",${label}`)].join('\n')),
  })
  await page.getByRole('button', { name: 'Create embeddings' }).click()
  const results = page.getByRole('region', { name: /Run \d+ · / })
  await expect(results.getByRole('img', { name: /Cosine similarity heatmap of 6 inputs/ })).toBeVisible()
  await results.getByRole('tab', { name: 'Search' }).click()
  await results.getByLabel('Search the inputs by meaning').fill('kitten')
  await results.getByRole('button', { name: 'Search' }).click()
  const ranked = results.getByRole('list', { name: /Inputs ranked by similarity/ }).getByRole('listitem')
  await expect(ranked.first()).toContainText('The cat sat on the mat')
  await expect(ranked.nth(1)).toContainText('My dog loves chasing the ball')
})

test('an unknown model is explained in place', async ({ page, allowConsole }) => {
  // Allowed: the unknown model.
  allowConsole(/Failed to load resource: the server responded with a status of 40[04] /)
  await signInAsDemo(page, '/playground')
  await page.getByRole('button', { name: 'Add input' }).click()
  const input = page.getByLabel('Input 1', { exact: true })
  await input.fill(
    'A long input about private networks, security groups, file storage and billing, longer than the narrow column is wide',
  )
  // Issue 14: in the inputs column a long input shows whole (it wraps), with its remove button inside the panel.
  for (const width of [1440, 1024]) {
    await page.setViewportSize({ width, height: 900 })
    await expect
      .poll(() => input.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight))
      .toBe(true)
    const panel = (await page.getByRole('region', { name: 'Inputs' }).boundingBox())!
    for (const part of [input, page.getByRole('button', { name: 'Remove input 1' })]) {
      const box = (await part.boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(panel.x)
      expect(box.x + box.width).toBeLessThanOrEqual(panel.x + panel.width)
    }
  }

  await page.getByRole('combobox', { name: 'Model', exact: true }).fill('no-such-model')
  await page.getByRole('button', { name: 'Create embeddings' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Model no-such-model is not available' })).toContainText(
    'Pick an embedding model from the list',
  )
  await expectAccessible(page)
})

test('a large run goes in batches with progress and can be cancelled', async ({ page }) => {
  await signInAsDemo(page, '/playground')
  const lines = Array.from(
    { length: 20_000 },
    (_, i) =>
      `Sentence ${i} about topic ${i % 7}: embeddings map texts to vectors so that similar meanings end up close together.`,
  )
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'large.txt', mimeType: 'text/plain', buffer: Buffer.from(lines.join('\n')) })
  await expect(page.getByText('20,000 inputs → 10 request(s)')).toBeVisible()

  await page.getByRole('button', { name: 'Create embeddings' }).click()
  await expect(page.getByText(/Request \d+ of 10 · /)).toBeVisible()
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByText(/Cancelled after \d+ of 10 requests; nothing was kept\./)).toBeVisible()
  await expect(page.getByRole('region', { name: 'Runs this session' })).toHaveCount(0)
})

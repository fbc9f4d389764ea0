import { readFile } from 'node:fs/promises'
import type { Locator, Page } from '@playwright/test'
import Big from 'big.js'
import { expect, test } from './fixtures'
import { answerNext, expectAccessible, lineCount, openWithCallsHung, signInAsDemo, signInAsOwnCaller } from './helpers'
import { ACME_ORG_ID } from '../server/local-cloud/catalog/ids'

test('embed the example: heatmap, semantic search, float and base64 agree, inputs survive a reload', async ({
  page,
}) => {
  // Two runs of the 24-sentence example (the first loads the sentence encoder), each checked by axe: on a busy
  // machine this took most of the default minute.
  test.setTimeout(120_000)
  await signInAsDemo(page, '/playground')
  await page.getByRole('region', { name: 'Inputs' }).getByRole('button', { name: 'Load example' }).click()
  // base64 is the default; the first run asks for floats so the two encodings can be compared below.
  await page.getByRole('radiogroup', { name: 'Encoding' }).getByText('float', { exact: true }).click()
  await page.getByRole('button', { name: 'Create embeddings' }).click()

  const results = page.getByRole('region', { name: /Run \d+ · bge-m3/ })
  const heatmap = results.getByRole('img', { name: /Cosine similarity heatmap of 24 inputs/ })
  // The file's first request loads the sentence encoder (some seconds on a busy machine).
  await expect(heatmap).toBeVisible({ timeout: 30_000 })
  // The cells are drawn (scaled in the worker): the diagonal's share the scale's top colour, unlike an unrelated pair.
  const colours = await heatmap.evaluate((canvas: HTMLCanvasElement) => {
    // One read of the whole canvas: Chromium warns about repeated readbacks.
    const { data, width } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height)
    const cell = Math.floor(width / 24)
    const at = (i: number, j: number) => [...data.subarray(4 * ((i * cell + 2) * width + j * cell + 2)).slice(0, 4)]
    return { first: at(0, 0), second: at(1, 1), apart: at(0, 8) }
  })
  expect(colours.first[3]).toBe(255)
  expect(colours.second).toEqual(colours.first)
  expect(colours.apart).not.toEqual(colours.first)
  await expect(results).toContainText('Tokens')
  // A row's label reads as a sentence, not its first 18 characters: a 40-character input shows whole at 1440 px.
  const label = results
    .getByRole('list', { name: 'Rows' })
    .getByRole('listitem')
    .filter({ hasText: 'Our flight was delayed' })
  await expect(label).toHaveText(/^#\d+ Our flight was delayed by the storm\.$/)
  expect(await label.evaluate((row) => row.scrollWidth <= row.clientWidth)).toBe(true)
  // On a phone 24 rows are too thin for a line of text each: no labels running down past the cells (hover names them).
  await page.setViewportSize({ width: 390, height: 900 })
  await expect(results.getByRole('list', { name: 'Rows' })).toHaveCount(0)
  await expect(heatmap).toBeVisible()
  await page.setViewportSize({ width: 1440, height: 900 })
  await expect(label).toBeVisible()
  // The console's CSP must let the worker compile its kernel, or every analysis silently takes the slow path.
  await expect(results.getByText(/Similarities and PCA computed in [\d,]+ ms by WebAssembly SIMD/)).toBeVisible()

  await results.getByRole('tab', { name: 'Search' }).click()
  await results.getByLabel('Search the inputs by meaning').fill('a kitten dozing on the sofa')
  await results.getByRole('button', { name: 'Search' }).click()
  const ranked = results.getByRole('list', { name: /Inputs ranked by similarity/ })
  await expect(ranked.getByRole('listitem').first()).toContainText('A kitten dozed on the sofa all afternoon.')
  await expect(ranked.getByRole('listitem').last()).not.toContainText('kitten')

  await results.getByRole('tab', { name: '2-D map' }).click()
  await expect(results.getByRole('img', { name: /PCA projection: 24 inputs in 6 labels/ })).toBeVisible()

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
  await expect(page.getByLabel('Input 2', { exact: true })).toHaveValue('A kitten dozed on the sofa all afternoon.')
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

test('the model lab: a model beside the word-overlap baseline, their agreement, topic grouping and exact cost', async ({
  page,
}) => {
  // The 24-sentence example through both, searched, judged, exported, shared and checked by axe twice.
  test.setTimeout(120_000)
  await signInAsDemo(page, '/playground')
  await page.getByRole('region', { name: 'Inputs' }).getByRole('button', { name: 'Load example' }).click()
  // The options say in a line what serves the model picked (it took two, and the comparison's field three), and the
  // note's marker says the rest: the vectors' size, and that the model's multilingual claim cannot be met here.
  const options = page.getByRole('region', { name: 'Options' })
  const note = options.getByRole('note')
  await expect(note).toHaveText('Stand-in · Universal Sentence Encoder lite serves this model here.')
  expect(await lineCount(note)).toBe(1)
  expect(await lineCount(options.getByText(/^Optional: a second model/))).toBe(1)
  await note.getByRole('button', { name: 'Stand-in: what serves this model here' }).click()
  const details = page.getByRole('dialog', { name: 'Stand-in: what serves this model here' })
  await expect(details).toContainText(
    'Served here by Universal Sentence Encoder lite (English, 512 dimensions, mapped to 1,024), not by this model.',
  )
  await expect(details).toContainText(/^.*Multilingual ability is not available on the embedded local cloud/)
  await page.keyboard.press('Escape')
  await expect(details).toBeHidden()
  await expect(page.getByRole('region', { name: 'Request as code' })).toContainText(
    '# On the embedded local cloud, bge-m3 is served by Universal Sentence Encoder lite (English, 512 dimensions, mapped to bge-m3’s own), not by bge-m3 itself.',
  )
  // The baseline is chosen beside the catalog's models, by its own name: no model wears it.
  await page.getByRole('combobox', { name: 'Compare with', exact: true }).click()
  await page.getByRole('option', { name: 'Word overlap (no model)' }).click()
  // Every state the run's progress line takes, as a screen reader hears them: a step may last one frame.
  await page.getByRole('region', { name: 'Run' }).evaluate((run) => {
    const heard: string[] = ((window as unknown as { heard: string[] }).heard = [])
    new MutationObserver(() => {
      const line = run.querySelector('[aria-live]')?.textContent
      if (line && line !== heard.at(-1)) heard.push(line)
    }).observe(run, { subtree: true, childList: true, characterData: true })
  })
  await page.getByRole('button', { name: 'Create embeddings' }).click()

  const lab = page.getByRole('region', { name: 'bge-m3 vs Word overlap (no model)' })
  await expect(lab.getByRole('img', { name: /Cosine similarity heatmap of 24 inputs/ })).toHaveCount(2)
  // The model's requests are told; the baseline makes none, and no line says it does.
  const heard = await page.evaluate(() => (window as unknown as { heard: string[] }).heard)
  expect(heard).toContain('Model 1 of 2 (bge-m3) · Request 1 of 1 · 0 of 24 inputs embedded')
  expect(heard.filter((line) => line.includes('Word overlap'))).toEqual([])
  await expect(lab.getByRole('note')).toHaveText(
    'Stand-in · On the embedded local cloud bge-m3 is served by Universal Sentence Encoder lite: what follows sets its meaning against shared words.',
  )
  const table = lab.getByRole('table', { name: 'Models side by side' })
  await expect(table.getByRole('row', { name: /Latency per request/ })).toContainText(/\d+ ms median/)
  // The sentence says the figures the lab shows: the ρ of its badge and each one's topic grouping of its table.
  const agreement = lab.getByRole('status', { name: 'Agreement' })
  await expect(agreement).toContainText('Rank agreement over 276 pairs (Spearman)')
  const rho = (await agreement.getByText(/^ρ /).textContent())!.replace('ρ ', '')
  const grouping = (
    await table
      .getByRole('row', { name: /^Topic grouping/ })
      .getByRole('cell')
      .allTextContents()
  ).map((cell) => Number(cell.split(' of ')[0]))
  expect(grouping[0]).toBeGreaterThan(grouping[1]!)
  await expect(agreement).toContainText(
    `bge-m3 and Word overlap (no model) disagree on which inputs are alike (ρ ${rho}). bge-m3 puts ${grouping[0]} of 24 inputs beside one of their own topic, Word overlap (no model) ${grouping[1]} (chance: about 3). bge-m3 groups the topics better.`,
  )
  // The cost is exact decimal arithmetic on the catalog's price: tokens × price / 1M; the baseline costs nothing.
  const tokens = await table
    .getByRole('row', { name: /^Tokens/ })
    .getByRole('cell')
    .allTextContents()
  expect(tokens[1]).toBe('None')
  const exact = new Big(tokens[0]!.replace(/,/g, '')).times('0.0100').div(1_000_000)
  await expect(lab).toContainText(`exactly $${exact.toFixed()} from the catalog’s prices`)

  await lab.getByRole('tab', { name: 'Search both' }).click()
  await lab.getByLabel('Search with both models').fill('a kitten dozing on the sofa')
  await lab.getByRole('button', { name: 'Search' }).click()
  await expect(lab.getByRole('status').filter({ hasText: /of the top 5 hits/ })).toContainText(
    /[0-5] of the top 5 hits for “a kitten dozing on the sofa” are the same for both models\./,
  )
  for (const model of ['bge-m3', 'Word overlap (no model)'])
    await expect(lab.getByRole('list', { name: `Top 5 by ${model}` }).getByRole('listitem')).toHaveCount(5)
  // Retrieval judged against the user's marks: a query that shares no word with the cat sentences finds them by
  // meaning only; the baseline's first hits share "cold", a false friend.
  await evaluateAtOne(page, lab, 'a sleepy feline resting out of the cold')
  await expect(lab.getByRole('region', { name: 'Retrieval by bge-m3' })).toContainText('MRR1.00')
  const words = lab.getByRole('region', { name: 'Retrieval by Word overlap (no model)' })
  await expect(words).toContainText(/MRR0\.\d\d/)

  // The shown run's own panel stays below, and both runs are in the session's history.
  const results = page.getByRole('region', { name: /Run \d+ · bge-m3/ })
  // Each 2-D picture says how far it keeps the vectors' neighbours (24 inputs: 10 neighbours each).
  await results.getByRole('tab', { name: '2-D map' }).click()
  await expect(results.getByRole('region', { name: 'How far the PCA map can be trusted' })).toContainText(
    /^(Faithful|Roughly faithful|Misleading)Trustworthiness [01]\.\d\d · \d+% of 10-nearest neighbours kept/,
  )
  await expect(
    page.getByRole('region', { name: 'Runs this session' }).getByText(/Word overlap \(no model\)/),
  ).toBeVisible()

  // Exports: the Embedding Projector's two TSV files, row for row, and JSONL.
  const vectors = (await exported(page, results, 'vectors.tsv')).trimEnd().split('\n')
  expect(vectors).toHaveLength(24)
  const cells = vectors.map((row) => row.split('\t'))
  expect(new Set(cells.map((row) => row.length))).toEqual(new Set([1024]))
  expect(cells.flat().every((cell) => cell !== '' && Number.isFinite(Number(cell)))).toBe(true)
  const metadata = (await exported(page, results, 'metadata.tsv (texts and labels)')).trimEnd().split('\n')
  expect(metadata.slice(0, 3)).toEqual([
    'text\tlabel',
    'The cat slept in the warm sun on the windowsill.\tanimals',
    'A kitten dozed on the sofa all afternoon.\tanimals',
  ])
  expect(metadata).toHaveLength(25)
  const lines = (await exported(page, results, 'JSONL (one input per line)')).trimEnd().split('\n')
  const records = lines.map((line) => JSON.parse(line) as { index: number; label: string; embedding: number[] })
  expect(records.slice(3, 5).map((r) => [r.index, r.label, r.embedding.length])).toEqual([
    [3, 'animals', 1024],
    [4, 'finance', 1024],
  ])
  expect(records[2]!.embedding.map(String)).toEqual(vectors[2]!.split('\t'))

  // Sharing warns first that the inputs go into the link, then builds it in the browser.
  await page.getByRole('button', { name: 'Share as link' }).click()
  const dialog = page.getByRole('dialog', { name: 'Share this run as a link' })
  await expect(dialog).toContainText('All 24 inputs and 1 retrieval query go into the link')
  await expect(dialog.getByRole('textbox', { name: 'Link to this run' })).toHaveCount(0)
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Create the link' }).click()
  const link = await dialog.getByRole('textbox', { name: 'Link to this run' }).inputValue()
  expect(link).toMatch(/\/playground#run=[\w-]+$/)
  await dialog.getByRole('button', { name: 'Done' }).click()

  // The recipient (here the same session, with inputs of its own by then) is asked before anything is replaced.
  await page.getByRole('button', { name: 'Clear all' }).click()
  await page.getByRole('button', { name: 'Add input' }).click()
  await page.getByLabel('Input 1', { exact: true }).fill('My own input')
  const recipient = await page.context().newPage()
  const requested: string[] = []
  recipient.on('request', (request) => requested.push(request.url()))
  await recipient.goto(link)
  const shared = recipient.getByRole('region', { name: 'Shared run' })
  await expect(shared).toContainText('24 inputs · bge-m3 compared with Word overlap (no model) · 1 retrieval query')
  await expect(recipient.getByLabel('Input 1', { exact: true })).toHaveValue('My own input')
  await expectAccessible(recipient)
  await shared.getByRole('button', { name: 'Open the shared run' }).click()
  await expect(recipient.getByLabel('Input 2', { exact: true })).toHaveValue(
    'A kitten dozed on the sofa all afternoon.',
  )
  await expect(recipient.getByRole('combobox', { name: 'Compare with', exact: true })).toHaveValue(
    'Word overlap (no model)',
  )
  await expect(recipient).toHaveURL(/\/playground$/)
  // The fragment never left the browser: no request carried it.
  const payload = link.split('#run=')[1]!
  expect(requested.filter((url) => url.includes(payload.slice(0, 32)))).toEqual([])
})

/** Retrieval in the lab for one query whose marked inputs are the example's two cat sentences, judged at k = 1. */
async function evaluateAtOne(page: Page, lab: Locator, query: string) {
  await lab.getByRole('tab', { name: 'Retrieval' }).click()
  await lab.getByRole('textbox', { name: 'Query 1', exact: true }).fill(query)
  await lab.getByLabel('Should match (query 1)').click()
  await page.getByRole('option', { name: /^#1 The cat slept/ }).click()
  await page.getByRole('option', { name: /^#2 A kitten/ }).click()
  await page.keyboard.press('Escape')
  await lab.getByRole('radiogroup', { name: 'k' }).getByText('1', { exact: true }).click()
  await lab.getByRole('button', { name: 'Evaluate retrieval' }).click()
}

/** The text of the file an item of the run's Export menu downloads. */
async function exported(page: Page, results: Locator, item: string): Promise<string> {
  await results.getByRole('button', { name: 'Export' }).click()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: item, exact: true }).click(),
  ])
  return readFile((await download.path())!, 'utf8')
}

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
  // The stripes stand still for a user who asked for less motion, as the tier runs (playwright.config.ts); they are
  // what this test watches move.
  await page.emulateMedia({ reducedMotion: 'no-preference' })
  await signInAsDemo(page, '/playground')
  const lines = Array.from(
    { length: 20_000 },
    (_, i) =>
      `Sentence ${i} about topic ${i % 7}: embeddings map texts to vectors so that similar meanings end up close together.`,
  )
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'large.txt', mimeType: 'text/plain', buffer: Buffer.from(lines.join('\n')) })
  await expect(page.getByText('20,000 inputs → 10 requests')).toBeVisible()

  await page.getByRole('button', { name: 'Create embeddings' }).click()
  await expect(page.getByText(/Request \d+ of 10 · /)).toBeVisible()
  // The bar's stripes move, by transform alone: the compositor moves them without the page. Mantine's own moved by
  // background-position, and the page repainted its whole document every frame of a run (bench/playground-trace).
  const animated = () =>
    page.getByRole('progressbar', { name: 'Run progress' }).evaluate((bar) =>
      [bar, bar.parentElement!].flatMap((element) =>
        element
          .getAnimations({ subtree: true })
          .flatMap((animation) => (animation.effect as KeyframeEffect).getKeyframes())
          .flatMap((keyframe) => Object.keys(keyframe))
          .filter((key) => !['offset', 'computedOffset', 'easing', 'composite'].includes(key)),
      ),
    )
  await expect.poll(async () => [...new Set(await animated())]).toEqual(['transform'])
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByText(/Cancelled after \d+ of 10 requests; nothing was kept\./)).toBeVisible()
  await expect(page.getByRole('region', { name: 'Runs this session' })).toHaveCount(0)
})

test('a model catalog that never answers does not blank the playground: the inputs and options show, and say why no model is picked', async ({
  page,
  request,
}) => {
  // A caller whose model-endpoint listing never answers.
  await openWithCallsHung(page, request, '/playground', [
    { method: 'GET', path: `/local/aiproxy/organizations/${ACME_ORG_ID}/endpoints` },
  ])
  await expect(page.getByRole('heading', { name: 'Embeddings playground' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Inputs' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Options' })).toContainText(
    'The model catalog has not answered yet: type a model id, or wait for its list.',
  )
})

test('a failed search says the platform’s words and its trace id beside the console’s, and keeps the query', async ({
  page,
  allowConsole,
}) => {
  allowConsole(/status of 503 \(Service Unavailable\)/)
  await signInAsOwnCaller(page, '/playground')
  await page.getByRole('region', { name: 'Inputs' }).getByRole('button', { name: 'Load example' }).click()
  await page.getByRole('button', { name: 'Create embeddings' }).click()
  const results = page.getByRole('region', { name: /Run \d+ · / })
  await expect(results.getByRole('img', { name: /Cosine similarity heatmap/ })).toBeVisible()
  await results.getByRole('tab', { name: 'Search' }).click()
  const query = results.getByLabel('Search the inputs by meaning')
  await query.fill('a kitten asleep')
  // The gateway in front of the inference service fails, in the platform's body, as the test hook injects it.
  await answerNext(page, {
    method: 'POST',
    path: '/local/inference/v1/embeddings',
    status: 503,
    body: {
      error: 'server_error',
      error_description: 'the inference gateway is overloaded',
      trace_id: '4bf92f3577b34da6a3ce929d0e0e4736',
    },
  })
  await results.getByRole('button', { name: 'Search' }).click()
  const alert = results.getByRole('alert')
  await expect(alert).toContainText('the inference gateway is overloaded')
  await expect(alert).toContainText(
    /Platform trace id 4bf92f3577b34da6a3ce929d0e0e4736 · console trace id [0-9a-f]{32}/,
  )
  await expect(query).toHaveValue('a kitten asleep')
})

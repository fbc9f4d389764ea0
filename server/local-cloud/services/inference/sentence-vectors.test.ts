import { describe, expect, it } from 'vitest'
import { catalogFor, EMBEDDING } from '../aiproxy/models.ts'
import { embeddingsThreadStats, embedOffThread } from './embeddings-thread.ts'
import { loadSentenceEncoder } from './sentence-encoder.ts'
import { spearman, upperTriangle } from '../../../../src/features/playground/agreement.ts'
import { comparisonVerdict } from '../../../../src/features/playground/comparison-verdict.ts'
import { EXAMPLE_INPUTS } from '../../../../src/features/playground/example-inputs.ts'
import { topicGrouping } from '../../../../src/features/playground/topic-grouping.ts'
import {
  WORD_OVERLAP,
  WORD_OVERLAP_DIMENSIONS,
  wordOverlapVectors,
} from '../../../../src/features/playground/word-overlap.ts'

// The default vectors, through the embeddings thread as the endpoint makes them: the sentence encoder's meaning, in
// each model's own dimensions.

const models = catalogFor('acme-demo')
// The encoder serves every embedding model (served-by.ts).
const embeddingModels = models.filter((m) => m.model_type === EMBEDDING)

async function embed(model: string, input: string[], extra: Record<string, unknown> = {}): Promise<number[][]> {
  const answer = await embedOffThread(Buffer.from(JSON.stringify({ model, input, ...extra })), models, 'model')
  if (!('status' in answer)) throw new Error('the embeddings thread was busy')
  const body = JSON.parse(Buffer.concat(answer.json).toString())
  expect(answer.status, JSON.stringify(body)).toBe(200)
  return (body.data as { embedding: number[] }[]).map((d) => d.embedding)
}

const cosine = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0)

const CAT = 'The cat sat on the mat'
const KITTEN = 'A kitten rested on the rug'
const STOCKS = 'Shares fell sharply on Wall Street'
const RESET = 'How do I reset my password?'
const FORGOT = 'I forgot my login credentials'
const RICE = 'How do I cook my rice?'

describe('sentence encoder vectors', () => {
  // Every embedding model of the catalog: none is left to score by shared words under its name. The file's first
  // request loads the encoder: some seconds, more on a busy machine.
  it('rank a paraphrase above an unrelated sentence, in every embedding model’s own dimensions', async () => {
    for (const model of embeddingModels) {
      const [cat, kitten, stocks, reset, forgot, rice] = await embed(model.id, [
        CAT,
        KITTEN,
        STOCKS,
        RESET,
        FORGOT,
        RICE,
      ])
      expect(cat, model.id).toHaveLength(model.embedding_dimensions!)
      // The forgotten login is closer to a password reset than a question that shares its words.
      expect(cosine(reset!, forgot!), model.id).toBeGreaterThan(cosine(reset!, rice!))
      expect(cosine(cat!, kitten!), model.id).toBeGreaterThan(cosine(cat!, stocks!))
      expect(cosine(reset!, forgot!), model.id).toBeGreaterThan(cosine(reset!, cat!))
      expect(cosine(reset!, forgot!), model.id).toBeGreaterThan(cosine(reset!, stocks!))
    }
  }, 60_000)

  it('keep the encoder’s cosines exactly in models of its size or larger, and differ from model to model', async () => {
    const wide = embeddingModels.filter((m) => m.embedding_dimensions! >= 512)
    expect(wide.length).toBeGreaterThan(1)
    const pairs = await Promise.all(wide.map((m) => embed(m.id, [CAT, KITTEN])))
    const cosines = pairs.map(([a, b]) => cosine(a!, b!))
    for (const c of cosines) expect(c).toBeCloseTo(cosines[0]!, 5)
    // The same text, two models: unrelated directions, as two real models' vectors would be.
    expect(Math.abs(cosine(pairs[0]![0]!.slice(0, 512), pairs[1]![0]!.slice(0, 512)))).toBeLessThan(0.5)
  })

  it('give a text the same vector whatever it is sent with', async () => {
    const model = embeddingModels[0]!.id
    const others = [KITTEN, STOCKS, RESET, FORGOT, KITTEN, STOCKS, RESET, FORGOT, KITTEN, STOCKS, RESET]
    const [alone] = await embed(model, [CAT])
    for (const n of [1, 3, 6, others.length]) {
      const among = await embed(model, [...others.slice(0, n), CAT])
      expect(among[n], `beside ${n} others`).toEqual(alone)
    }
  })

  it('run a playground’s few sentences on one encoder thread, without loading a second graph', async () => {
    // Earlier tests sent a few sentences of different lengths, a run each, for every model; one more such request.
    await embed(embeddingModels[0]!.id, [CAT, KITTEN, STOCKS, RESET, FORGOT, `${CAT} again and again`])
    expect(await embeddingsThreadStats()).toMatchObject({ encoderThreads: 1, secondEncoderStarted: false })
  })

  it('give a text the same vector whichever of the encoder’s two threads computes it', async () => {
    // The encoder itself, allowed a second thread whatever the machine's cores (the embeddings thread's allows one
    // on 2 cores).
    const encoder = await loadSentenceEncoder({ maxThreads: 2 })
    const sentences = [CAT, KITTEN, STOCKS, RESET, FORGOT]
    // Forty windows of forty lengths, a run each: a request of this many runs starts the encoder's second thread,
    // and once it has, its runs are shared between the two. (A run of many windows is the test above's.)
    const texts = Array.from({ length: 40 }, (_, i) => `${sentences[i % sentences.length]} ${'again '.repeat(i)}(${i})`)
    // The first such request starts the second thread as it is taken; its vectors are not needed, so it is called
    // off before its runs start, rather than computed on the first thread alone while the second loads.
    const first = new AbortController()
    const starting = encoder.embed(texts, first.signal)
    first.abort()
    await expect(starting).rejects.toMatchObject({ name: 'AbortError' })
    expect(encoder.secondStarted).toBe(true)
    await expect.poll(() => encoder.threads, { timeout: 30_000 }).toBe(2)
    const together = await encoder.embed(texts)
    for (let i = 0; i < texts.length; i += 3) {
      const [alone] = await encoder.embed([texts[i]!])
      expect(together[i], texts[i]).toEqual(alone)
    }
  }, 60_000)

  it('keep the meaning when truncated with `dimensions`', async () => {
    const [cat, kitten, stocks] = await embed('bge-m3', [CAT, KITTEN, STOCKS], { dimensions: 128 })
    expect(cat).toHaveLength(128)
    expect(cosine(cat!, kitten!)).toBeGreaterThan(cosine(cat!, stocks!))
  })

  it('embed an input longer than the encoder’s window in windows, each part counting', async () => {
    // About 250 tokens, two windows' worth: pets first, then markets. The encoder alone would keep the first 128
    // tokens, all pets; averaged over its windows, the input leans to markets too, and stays away from passwords.
    const pets = Array.from({ length: 12 }, () => 'My cat and the neighbour’s kitten nap in the sun.').join(' ')
    const markets = Array.from({ length: 12 }, () => 'Stock prices dropped as investors sold shares.').join(' ')
    const [long, petsOnly, cat, stocks, reset] = await embed('bge-m3', [`${pets} ${markets}`, pets, CAT, STOCKS, RESET])
    expect(cosine(long!, stocks!)).toBeGreaterThan(cosine(petsOnly!, stocks!) + 0.1)
    expect(cosine(long!, cat!)).toBeGreaterThan(cosine(long!, reset!))
    expect(cosine(long!, stocks!)).toBeGreaterThan(cosine(long!, reset!))
  })

  it('group the playground’s example by topic where the word-overlap baseline pairs false friends, as the lab says', async () => {
    const texts = EXAMPLE_INPUTS.map((input) => input.text)
    const labels = EXAMPLE_INPUTS.map((input) => input.label)
    expect(new Set(labels).size).toBe(6)
    const n = texts.length
    const rows = await embed('bge-m3', texts)
    const words = wordOverlapVectors(texts)
    const meaning = new Float32Array(n * n)
    const overlap = new Float32Array(n * n)
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) {
        meaning[i * n + j] = cosine(rows[i]!, rows[j]!)
        const at = (k: number) => words.subarray(k * WORD_OVERLAP_DIMENSIONS, (k + 1) * WORD_OVERLAP_DIMENSIONS)
        overlap[i * n + j] = cosine([...at(i)], [...at(j)])
      }
    const byMeaning = topicGrouping(meaning, n, labels)!
    const byWords = topicGrouping(overlap, n, labels)!
    const rho = spearman(upperTriangle(meaning, n), upperTriangle(overlap, n))
    // Meaning groups most inputs with their topic; shared words do worse than half as well, and rank pairs apart.
    expect(byMeaning.grouped).toBeGreaterThanOrEqual(18)
    expect(byWords.grouped).toBeLessThan(byMeaning.grouped / 2)
    expect(rho).toBeLessThan(0.5)
    // What the lab says of them is these figures.
    const verdict = comparisonVerdict({
      models: ['bge-m3', WORD_OVERLAP],
      agreement: { spearman: rho, largestDifference: 1 },
      pairs: (n * (n - 1)) / 2,
      grouping: [byMeaning, byWords],
    })
    expect(verdict.title).toBe('Rank agreement over 276 pairs (Spearman)')
    expect(verdict.words).toBe(
      `bge-m3 and ${WORD_OVERLAP} disagree on which inputs are alike (ρ ${rho.toFixed(2)}). bge-m3 puts ${byMeaning.grouped} of 24 inputs beside one of their own topic, ${WORD_OVERLAP} ${byWords.grouped} (chance: about 3). bge-m3 groups the topics better.`,
    )
  })
})

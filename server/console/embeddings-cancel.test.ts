// A large embeddings run that the browser cancels (the playground's Cancel) must stop encoding: before, the console
// handed the embedded cloud no signal, and a cancelled 2,048-input request kept the sentence encoder busy for some
// 15 s of CPU, slowing every request after it.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalCloud, type LocalCloud } from '../local-cloud/index.ts'
import { embeddingsThreadStats } from '../local-cloud/services/inference/embeddings-thread.ts'
import { CSRF, signIn, startConsoleServer, type RunningConsole } from './test-support.ts'

const INPUTS = 2048
let dataDir: string
let cloud: LocalCloud
let running: RunningConsole
let cookie: string

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'embeddings-cancel-'))
  cloud = await createLocalCloud({ dataDir, provisionMs: 0 })
  running = await startConsoleServer({}, { localCloud: cloud })
  cookie = await signIn(running.base, { demo: true })
})
afterAll(async () => {
  await running.close()
  await cloud.close()
  await rm(dataDir, { recursive: true, force: true })
})

const embed = (input: string[], signal?: AbortSignal) =>
  fetch(`${running.base}/api/inference/v1/embeddings`, {
    method: 'POST',
    headers: { ...CSRF, cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'bge-m3', input }),
    ...(signal ? { signal } : {}),
  })

describe('a cancelled embeddings run', () => {
  it('stops encoding once the browser cancels it, and the next request is served', async () => {
    const inputs = Array.from(
      { length: INPUTS },
      (_, i) => `Sentence ${i} about topic ${i % 7}: embeddings map texts to vectors so similar meanings end up close.`,
    )
    const before = (await embeddingsThreadStats()).encoded
    const browser = new AbortController()
    const call = embed(inputs, browser.signal).catch((error: unknown) => error)
    // Cancelled mid-run, as the playground's Cancel is: once the encoder has started on it.
    await expect
      .poll(async () => (await embeddingsThreadStats()).encoded - before, { timeout: 30_000 })
      .toBeGreaterThan(0)
    browser.abort()
    expect(await call).toMatchObject({ name: 'AbortError' })
    // The thread lets the request go after the run under way: it does not go on through the 2,048 inputs.
    await expect.poll(async () => (await embeddingsThreadStats()).running, { timeout: 10_000 }).toBe(0)
    expect((await embeddingsThreadStats()).encoded - before).toBeLessThan(INPUTS / 4)

    const next = await embed(['The cat sat on the mat'])
    expect(next.status).toBe(200)
    expect((await next.json()).data).toHaveLength(1)
  }, 60_000)
})

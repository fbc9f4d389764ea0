// The console's configuration says what really serves the embeddings only while the inference service is the
// embedded local cloud, whose models answer with stand-ins; against the platform's it says nothing.
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalCloud, type LocalCloud } from '../local-cloud/index.ts'
import { startConsoleServer, type RunningConsole } from './test-support.ts'

let cloud: LocalCloud
const consoles: RunningConsole[] = []

beforeAll(async () => {
  cloud = await createLocalCloud({
    dataDir: await mkdtemp(join(tmpdir(), 'console-served-by-')),
    embeddings: 'lexical',
  })
})
afterAll(async () => {
  await Promise.all(consoles.map((running) => running.close()))
  await cloud.close()
})

async function configOf(env: NodeJS.ProcessEnv) {
  const running = await startConsoleServer(env, { localCloud: cloud })
  consoles.push(running)
  return (await fetch(`${running.base}/console/config`)).json()
}

describe('what serves the embeddings', () => {
  it('is named on the embedded local cloud, as the vectors it really answers with', async () => {
    const config = await configOf({})
    expect(config.embeddings).toMatchObject([{ name: 'lexical feature hashing', dimensions: null, models: null }])
    expect(config.embeddings[0].multilingual).toMatch(
      /^Multilingual ability is not available on the embedded local cloud/,
    )
  })

  it('is not said when the inference service is the platform’s', async () => {
    const config = await configOf({ INFERENCE_URL: 'https://inference.example.com' })
    expect(config.embeddings).toBeNull()
  })
})

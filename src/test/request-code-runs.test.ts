import { execFile } from 'node:child_process'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalCloud, type StartedLocalCloud } from '../../server/local-cloud/testing'
import { requestCode } from '../features/playground/request-code'

// The TypeScript sample as a user copies it, run with the OpenAI SDK the project pins, against the local cloud: what
// it prints must be what the API answers. Written under node_modules so its `import 'openai'` resolves there.
const run = promisify(execFile)
const DIR = join(process.cwd(), 'node_modules', '.cache', 'request-code-runs')
let cloud: StartedLocalCloud
let model: string
beforeAll(async () => {
  cloud = await startLocalCloud({ embeddings: 'lexical' })
  await mkdir(DIR, { recursive: true })
  const listing = await fetch(`${cloud.url}/local/aiproxy/organizations/${cloud.cloud.demo.organizationId}/endpoints`, {
    headers: { authorization: `Bearer ${cloud.cloud.tokens.admin}` },
  })
  const { models } = (await listing.json()) as { models: { id: string; model_type: string }[] }
  model = models.find((m) => m.model_type === 'Embedding')!.id
})
afterAll(async () => {
  await cloud.stop()
  await rm(DIR, { recursive: true, force: true })
})

const inference = () => `${cloud.url}/local/inference`
const services = ['region', 'compute', 'identity', 'aiproxy', 'reservation', 'storage', 'nks'] as const

/** What the API itself answers for the inputs, as floats: how many vectors, their length, the tokens counted. */
async function answered(inputs: string[]): Promise<string> {
  const res = await fetch(`${inference()}/v1/embeddings`, {
    method: 'POST',
    headers: { authorization: `Bearer ${cloud.cloud.tokens.admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, input: inputs }),
  })
  const body = (await res.json()) as { data: { embedding: number[] }[]; usage: { prompt_tokens: number } }
  return `${body.data.length} ${body.data[0]!.embedding.length} ${body.usage.prompt_tokens}`
}

describe('the playground’s TypeScript sample, run with the OpenAI SDK', () => {
  it.each(['base64', 'float'] as const)(
    'prints the vectors’ count and length the API answers (%s)',
    async (encoding) => {
      const inputs = ['The cat sat on the mat', 'Shares fell sharply on Wall Street']
      const upstreams = { ...Object.fromEntries(services.map((s) => [s, 'unused'])), inference: inference() }
      const samples = requestCode(
        { model, inputs, encodingFormat: encoding, dimensions: null, user: '' },
        upstreams as Parameters<typeof requestCode>[1],
      )
      const file = join(DIR, `sample-${encoding}.mts`)
      await writeFile(file, samples.find((sample) => sample.language === 'typescript')!.code)
      const { stdout } = await run(process.execPath, ['--import', 'tsx', file], {
        env: { ...process.env, TOKEN: cloud.cloud.tokens.admin },
      })
      expect(stdout.trim()).toBe(await answered(inputs))
    },
  )
})

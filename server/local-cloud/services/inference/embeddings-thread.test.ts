import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { catalogFor } from '../aiproxy/models.ts'
import { embedOffThread, MAX_QUEUED } from './embeddings-thread.ts'

const models = catalogFor('acme-demo')
const body = (input: unknown) => Buffer.from(JSON.stringify({ model: 'bge-m3', input }))

describe('the embeddings thread', () => {
  it('answers like the handler, including for a body that is not JSON', async () => {
    const ok = await embedOffThread(body('hello world'), models, 'lexical')
    expect('status' in ok && ok.status).toBe(200)
    if ('status' in ok) expect(JSON.parse(Buffer.concat(ok.json).toString()).usage.prompt_tokens).toBe(2)
    const bad = await embedOffThread(Buffer.from('{"model":'), models, 'lexical')
    expect('status' in bad && bad.status).toBe(400)
    if ('status' in bad) expect(JSON.parse(Buffer.concat(bad.json).toString()).error.code).toBe('invalid_request')
  })

  it('turns requests away once MAX_QUEUED are waiting, instead of queueing without bound', async () => {
    const results = await Promise.all(
      Array.from({ length: MAX_QUEUED + 8 }, () => embedOffThread(body('x'), models, 'lexical')),
    )
    const busy = results.filter((r) => 'busy' in r).length
    expect(busy).toBe(7)
    expect(results.filter((r) => 'status' in r && r.status === 200)).toHaveLength(MAX_QUEUED + 1)
  })

  it('lets a process that has served embeddings exit, so a bench or a script that starts the cloud ends', () => {
    // A child process: the thread belongs to the module, and a hung exit is what is being tested.
    const script = `
      const { embedOffThread } = await import(${JSON.stringify(new URL('./embeddings-thread.ts', import.meta.url).href)})
      const { catalogFor } = await import(${JSON.stringify(new URL('../aiproxy/models.ts', import.meta.url).href)})
      const answer = await embedOffThread(Buffer.from('{"model":"bge-m3","input":"hello"}'), catalogFor('acme-demo'), 'model')
      console.log(answer.status)
    `
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 20_000,
    })
    expect(child.error).toBeUndefined()
    expect(child.stdout.trim()).toBe('200')
    expect(child.status).toBe(0)
  }, 30_000)
})

import { afterAll, describe, expect, it } from 'vitest'
import { startLocalCloud, type StartedLocalCloud } from './testing.ts'

const started: StartedLocalCloud[] = []
afterAll(() => Promise.all(started.map((cloud) => cloud.stop())))

const answerNext = (cloud: StartedLocalCloud) =>
  cloud.cloud.fetch(
    new Request('http://local/local/testing/answer-next', {
      method: 'POST',
      body: JSON.stringify({ method: 'GET', path: '/api/v2/networks$', status: 503, body: { error: 'server_error' } }),
    }),
  )
const networks = (cloud: StartedLocalCloud) =>
  cloud.cloud.fetch(
    new Request('http://local/local/region/api/v2/networks', {
      headers: { authorization: `Bearer ${cloud.cloud.tokens.admin}` },
    }),
  )

describe('the answer-next test hook', () => {
  it('answers the next matching request as told, once, then the local cloud answers again', async () => {
    const cloud = await startLocalCloud({ testHooks: true })
    started.push(cloud)
    expect((await answerNext(cloud)).status).toBe(204)
    expect((await networks(cloud)).status).toBe(503)
    expect((await networks(cloud)).status).toBe(200)
  })

  it('is not served unless LOCAL_CLOUD_TEST_HOOKS asks for it', async () => {
    const cloud = await startLocalCloud()
    started.push(cloud)
    expect((await answerNext(cloud)).status).toBe(404)
    expect((await networks(cloud)).status).toBe(200)
  })
})

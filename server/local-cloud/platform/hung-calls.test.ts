import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalCloud, type LocalCloud } from '../index.ts'

const URL_BASE = 'http://local.test/local'
let hooked: LocalCloud
let plain: LocalCloud

beforeAll(async () => {
  const dir = () => mkdtemp(join(tmpdir(), 'local-cloud-hang-'))
  hooked = await createLocalCloud({ dataDir: await dir(), embeddings: 'lexical', testHooks: true })
  plain = await createLocalCloud({ dataDir: await dir(), embeddings: 'lexical' })
})
afterAll(async () => {
  await hooked.close()
  await plain.close()
})

const get = (cloud: LocalCloud, path: string, token: string, signal?: AbortSignal) =>
  cloud.fetch(new Request(`${URL_BASE}${path}`, { headers: { authorization: `Bearer ${token}` }, signal }))

/** Asks for a hang as the admin, or with another token, or (null) with none. */
async function hangToken(cloud: LocalCloud, hang: object, token: string | null = cloud.tokens.admin) {
  return cloud.fetch(
    new Request(`${URL_BASE}/testing/hang`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
      body: JSON.stringify(hang),
    }),
  )
}

describe('the hang test hook', () => {
  it('holds one operation for its own token until the caller gives up, and answers the rest', async () => {
    const answer = await hangToken(hooked, { calls: [{ method: 'GET', path: '/local/region/api/v2/networks' }] })
    expect(answer.status).toBe(201)
    const { token } = (await answer.json()) as { token: string }

    const caller = new AbortController()
    let settled = false
    const held = get(hooked, '/region/api/v2/networks', token, caller.signal).finally(() => (settled = true))
    // Other operations answer for the same token, as the demo admin: it lists the demo organization's groups.
    const groups = await get(hooked, '/region/api/v2/securitygroups', token)
    expect(groups.status).toBe(200)
    expect(settled).toBe(false)
    // Everyone else's networks answer.
    expect((await get(hooked, '/region/api/v2/networks', hooked.tokens.admin)).status).toBe(200)
    caller.abort(new Error('the console stopped waiting'))
    await held
    expect(settled).toBe(true)
  })

  it('is not served unless the test hooks are on', async () => {
    expect((await hangToken(plain, { calls: [{ method: 'GET', path: '/local/region/api/v2/networks' }] })).status).toBe(
      404,
    )
  })

  // Issue 68: with no credential at all, the hook answered a token that spoke for the demo organization's admin.
  it('mints a token only for a caller with the admin token', async () => {
    const hang = { calls: [{ method: 'GET', path: '/local/region/api/v2/networks' }] }
    for (const token of [null, hooked.tokens.member, hooked.tokens.second]) {
      const refused = await hangToken(hooked, hang, token)
      expect(refused.status).toBe(401)
      expect(await refused.json()).toMatchObject({ error: 'access_denied' })
    }
  })

  it('takes full pathnames, and refuses a pattern', async () => {
    const refused = await hangToken(hooked, { calls: [{ method: 'GET', path: '/local/region/api/v2/.*' }] })
    expect(refused.status).toBe(400)
    expect((await refused.json()).error_description).toContain('“*”')
    expect((await hangToken(hooked, { calls: [{ method: 'GET', path: '/region/api/v2/networks' }] })).status).toBe(400)
  })
})

// Issue 50's lockout: one organization's admin minted service-account tokens and pasted each from rotating addresses
// until MAX_SESSIONS was full, and every sign-in after answered 503, the other organizations' included. Issue 68: the
// victim may be the largest holder rather than the flooder, and the Redis store had no limit.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalCloud, type LocalCloud } from '../local-cloud/index.ts'
import { startConsoleOnRedis } from './session-store-test-redis.ts'
import { CSRF, signIn, startConsoleServer, type RunningConsole } from './test-support.ts'

let addresses = 0
const rotating = () => `203.0.113.${++addresses % 250}`

const signInWith = (base: string, body: object) =>
  fetch(`${base}/console/session`, {
    method: 'POST',
    headers: { ...CSRF, 'x-forwarded-for': rotating() },
    body: JSON.stringify(body),
  })

describe('sign-in capacity between organizations', () => {
  let dataDir: string
  let cloud: LocalCloud
  let running: RunningConsole
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sign-in-fairness-'))
    cloud = await createLocalCloud({ dataDir, provisionMs: 0, memberToken: 'member-token-0123456789' })
    running = await startConsoleServer(
      { TRUST_PROXY: 'true', MAX_SESSIONS: '30', SIGNINS_PER_MINUTE_PER_ORGANIZATION: '45' },
      // The clock stands still, so no token bucket refills while the test runs.
      { localCloud: cloud, now: () => 1_000_000 },
    )
  })
  afterAll(async () => {
    await running.close()
    await cloud.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it("one organization's minted tokens, from rotating addresses, neither pass its limit nor shut the others out", async () => {
    const { base } = running
    const org = cloud.demo.secondOrganizationId
    const admin = await signIn(base, { token: cloud.tokens.second })
    const groups = await fetch(`${base}/api/identity/api/v1/organizations/${org}/groups`, {
      headers: { cookie: admin },
    })
    const groupIDs = [((await groups.json()) as { metadata: { id: string } }[])[0]!.metadata.id]
    const tokens: string[] = []
    for (let i = 0; i < 5; i++) {
      const made = await fetch(`${base}/api/identity/api/v1/organizations/${org}/serviceaccounts`, {
        method: 'POST',
        headers: { ...CSRF, cookie: admin },
        body: JSON.stringify({ metadata: { name: `minted-${i}` }, spec: { groupIDs } }),
      })
      expect(made.status).toBe(201)
      tokens.push(((await made.json()) as { status: { accessToken: string } }).status.accessToken)
    }

    const statuses: number[] = []
    const cookies: string[] = []
    for (let round = 0; round < 12; round++)
      for (const token of tokens) {
        const answer = await signInWith(base, { token })
        statuses.push(answer.status)
        if (answer.status === 201) cookies.push(answer.headers.get('set-cookie')!.split(';')[0]!)
      }
    // Past the organization's 45 a minute (its admin's sign-in took one), every address is slowed alike.
    expect(statuses.filter((status) => status === 429)).toHaveLength(60 - 44)
    // The store filled up with the organization's sessions; its own oldest made room for its newest.
    expect(statuses.filter((status) => status === 201)).toHaveLength(44)
    const live = async (cookie: string) =>
      (await (await fetch(`${base}/console/session`, { headers: { cookie } })).json()) !== null
    expect(await live(cookies[0]!)).toBe(false)
    expect(await live(cookies.at(-1)!)).toBe(true)

    // Another organization's admin and member still sign in, the demo admin too.
    for (const body of [{ demo: true }, { token: 'member-token-0123456789' }, { token: cloud.tokens.admin }])
      expect((await signInWith(base, body)).status).toBe(201)
  })
})

describe.each(['memory', 'Redis'])('a full store, sessions in %s', (store) => {
  let dataDir: string
  let cloud: LocalCloud
  let running: RunningConsole
  let stop: () => Promise<void>
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sign-in-share-'))
    cloud = await createLocalCloud({ dataDir, provisionMs: 0, memberToken: 'member-token-0123456789' })
    const env = { TRUST_PROXY: 'true', MAX_SESSIONS: '20' }
    if (store === 'memory') {
      running = await startConsoleServer(env, { localCloud: cloud })
      stop = () => running.close()
    } else ({ running, stop } = await startConsoleOnRedis(env, { localCloud: cloud }))
  })
  afterAll(async () => {
    await stop()
    await cloud.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  const signInAs = async (body: object) => {
    const answer = await signInWith(running.base, body)
    expect(answer.status).toBe(201)
    return answer.headers.get('set-cookie')!.split(';')[0]!
  }
  const live = (cookies: string[]) =>
    Promise.all(
      cookies.map(
        async (cookie) =>
          (await (await fetch(`${running.base}/console/session`, { headers: { cookie } })).json()) !== null,
      ),
    )

  it('takes room from the largest holder down to an equal share, then from the signing-in organization itself', async () => {
    // A (the demo organization) holds 12 of 20.
    const a: string[] = []
    for (let i = 0; i < 12; i++) a.push(await signInAs({ token: cloud.tokens.admin }))
    // B signs in 16 times: 8 fill the store, 2 end A's oldest (A is the largest, not the one signing in) until the two
    // hold 10 each, and the last 6 end B's own oldest.
    const b: string[] = []
    for (let i = 0; i < 16; i++) b.push(await signInAs({ token: cloud.tokens.second }))
    expect(await live(a)).toEqual([false, false, ...Array<boolean>(10).fill(true)])
    expect(await live(b)).toEqual([...Array<boolean>(6).fill(false), ...Array<boolean>(10).fill(true)])

    // At its share, A still signs in: its admin, its member and the demo button each end A's oldest, not B's.
    const more = [
      await signInAs({ token: cloud.tokens.admin }),
      await signInAs({ token: 'member-token-0123456789' }),
      await signInAs({ demo: true }),
    ]
    expect(await live([...a, ...more])).toEqual([...Array<boolean>(5).fill(false), ...Array<boolean>(10).fill(true)])
    expect((await live(b)).filter(Boolean)).toHaveLength(10)
  })
})

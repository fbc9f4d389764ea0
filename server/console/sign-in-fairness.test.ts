// Issue 50's lockout: one organization's admin minted service-account tokens and pasted each from rotating addresses
// until MAX_SESSIONS was full, and every sign-in after answered 503, the other organizations' included.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalCloud, type LocalCloud } from '../local-cloud/index.ts'
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
      { localCloud: cloud },
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
    for (let round = 0; round < 12; round++)
      for (const token of tokens) statuses.push((await signInWith(base, { token })).status)
    // Past the organization's 45 a minute, every address is slowed alike.
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(60 - 45)
    // The store filled up with the organization's sessions; its own newcomers were the ones refused.
    expect(statuses).toContain(503)

    // Another organization's admin and member still sign in, the demo admin too.
    for (const body of [{ demo: true }, { token: 'member-token-0123456789' }, { token: cloud.tokens.admin }])
      expect((await signInWith(base, body)).status).toBe(201)
  })
})

// Issue 77: past capacity the console queued without bound and refused no one; one session firing requests in
// parallel slowed every other. Reads past the process's limit are now refused at once (503, Retry-After), a session
// holding its share of a full process is refused before anyone else, and sign-ins and writes are never refused.
import { describe, expect, it } from 'vitest'
import { CSRF, signIn, startConsoleServer } from './test-support.ts'

const ORGANIZATION = '3f2a9c1e-0000-4000-8000-000000000001'
const LIMIT = 64

describe('admission control under load', () => {
  it("refuses a noisy session's reads past its share, and no quiet session's, nor any sign-in or write", async () => {
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    let waiting = 0
    let writes = 0
    // The platform answers sign-ins' checks at once, holds every list until released, and takes writes.
    const localCloud = {
      tokens: { admin: 'demo-admin-token-secret' },
      fetch: async (request: Request) => {
        if (request.method === 'POST') {
          writes++
          return Response.json({ metadata: { id: 'p-1', name: 'p', organizationId: ORGANIZATION } }, { status: 202 })
        }
        if (new URL(request.url).pathname.endsWith('/projects')) {
          waiting++
          await held
        }
        return Response.json([])
      },
    }
    const running = await startConsoleServer(
      { ADMISSION_MIN_LIMIT: String(LIMIT), ADMISSION_MAX_LIMIT: String(LIMIT), SIGNINS_PER_MINUTE: '100000' },
      { localCloud },
    )
    try {
      const quiet = await Promise.all(Array.from({ length: 60 }, (_, n) => signIn(running.base, { token: `q-${n}` })))
      const noisy = await signIn(running.base, { token: 'noisy' })
      const projects = `${running.base}/api/identity/api/v1/organizations/${ORGANIZATION}/projects`
      const list = (cookie: string) => fetch(projects, { headers: { cookie } })
      const quietReads = quiet.map(list)
      await expect.poll(() => waiting, { timeout: 10_000 }).toBe(quiet.length)

      // 61 sessions share a process that is more than half full: two places each.
      const refused: Response[] = []
      const flood = Array.from({ length: 32 }, () =>
        list(noisy).then((res) => {
          if (res.status === 503) refused.push(res)
          return res
        }),
      )
      await expect.poll(() => refused.length + (waiting - quiet.length), { timeout: 10_000 }).toBe(32)
      expect(refused).toHaveLength(30)
      expect(refused[0]!.headers.get('retry-after')).toBe('1')
      expect((await refused[0]!.json()).error).toBe('console_busy')
      // Refused at the door, still with every answer's security headers and a request id to quote.
      expect(refused[0]!.headers.get('x-content-type-options')).toBe('nosniff')
      expect(refused[0]!.headers.get('x-request-id')).toBeTruthy()
      // The connection stays open for the retry: a refusal that closed it cost the client a new one each time.
      expect(refused[0]!.headers.get('connection')).toBe('keep-alive')
      expect(waiting).toBe(quiet.length + 2)

      // At the limit itself, a read is refused; a sign-in and a write are not.
      const more = await Promise.all(
        Array.from({ length: LIMIT - waiting }, (_, n) => `more-${n}`).map((token) => signIn(running.base, { token })),
      )
      const moreReads = more.map(list)
      await expect.poll(() => waiting, { timeout: 10_000 }).toBe(LIMIT)
      expect((await list(quiet[0]!)).status).toBe(503)
      const latecomer = await signIn(running.base, { token: 'latecomer' })
      const write = await fetch(`${running.base}/api/identity/api/v1/organizations/${ORGANIZATION}/projects`, {
        method: 'POST',
        headers: { ...CSRF, cookie: latecomer },
        body: JSON.stringify({ metadata: { name: 'p' }, spec: {} }),
      })
      expect(write.status).toBe(202)
      expect(writes).toBe(1)
      expect((await fetch(`${running.base}/healthz`)).status).toBe(200)

      release()
      const answered = await Promise.all([...quietReads, ...moreReads])
      expect((await Promise.all(flood)).filter((res) => res.status === 200)).toHaveLength(2)
      expect(answered.map((res) => res.status)).toEqual(answered.map(() => 200))
    } finally {
      await running.close()
    }
  })
})

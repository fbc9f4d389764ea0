// Issue 68: one signed-in browser firing requests in parallel held as many answers and upstream calls in the server
// as it liked. Each session now has a bound of its own; another session is not held up by it.
import { describe, expect, it } from 'vitest'
import { IN_FLIGHT_PER_SESSION } from './in-flight.ts'
import { signIn, startConsoleServer } from './test-support.ts'

const ORGANIZATION = '3f2a9c1e-0000-4000-8000-000000000001'
// IN_FLIGHT_PER_PRINCIPAL's default.
const IN_FLIGHT_PER_PRINCIPAL = 64

describe('requests in flight per session', () => {
  it('answers 429 past the bound for that session alone, and takes its requests again once they answered', async () => {
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    let waiting = 0
    // The identity API answers sign-ins' checks at once and holds every list until released.
    const localCloud = {
      tokens: { admin: 'demo-admin-token-secret' },
      fetch: async (request: Request) => {
        if (new URL(request.url).pathname.endsWith('/projects')) {
          waiting++
          await held
        }
        return Response.json([])
      },
    }
    // Room in the process for all of them: admission control, whose share would refuse the flooder first, is
    // fair-share.test.ts's.
    const running = await startConsoleServer({ ADMISSION_MIN_LIMIT: '256' }, { localCloud })
    try {
      const flooder = await signIn(running.base, { demo: true })
      const other = await signIn(running.base, { demo: true })
      const projects = `${running.base}/api/identity/api/v1/organizations/${ORGANIZATION}/projects`
      const list = (cookie: string) => fetch(projects, { headers: { cookie } })
      const flood = Array.from({ length: IN_FLIGHT_PER_SESSION }, () => list(flooder))
      await expect.poll(() => waiting, { timeout: 10_000 }).toBe(IN_FLIGHT_PER_SESSION)

      const refused = await fetch(`${running.base}/console/bootstrap?page=%2Fnetworks`, {
        headers: { cookie: flooder },
      })
      expect(refused.status).toBe(429)
      expect(refused.headers.get('retry-after')).toBe('1')
      expect((await refused.json()).error_description).toContain('requests under way')
      // Another session's request goes on to the platform.
      const another = list(other)
      await expect.poll(() => waiting, { timeout: 10_000 }).toBe(IN_FLIGHT_PER_SESSION + 1)

      release()
      expect((await Promise.all(flood)).map((res) => res.status)).toEqual(flood.map(() => 200))
      expect((await another).status).toBe(200)
      expect((await list(flooder)).status).toBe(200)
    } finally {
      await running.close()
    }
  })

  it("bounds one principal's requests across all its sessions, and no other principal's", async () => {
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    let waiting = 0
    const localCloud = {
      tokens: { admin: 'demo-admin-token-secret' },
      fetch: async (request: Request) => {
        if (new URL(request.url).pathname.endsWith('/projects')) {
          waiting++
          await held
        }
        return Response.json([])
      },
    }
    // Room in the process for all of them: admission control is not what this test is about.
    const running = await startConsoleServer({ ADMISSION_MIN_LIMIT: '256' }, { localCloud })
    try {
      // Issue 77: a principal keeps up to 100 sessions, each with its own bound of 32.
      const sessions = await Promise.all([1, 2, 3].map(() => signIn(running.base, { token: 'one-principal' })))
      const other = await signIn(running.base, { token: 'another-principal' })
      const projects = `${running.base}/api/identity/api/v1/organizations/${ORGANIZATION}/projects`
      const list = (cookie: string) => fetch(projects, { headers: { cookie } })
      const flood = [0, 1].flatMap((n) => Array.from({ length: IN_FLIGHT_PER_SESSION }, () => list(sessions[n]!)))
      await expect.poll(() => waiting, { timeout: 10_000 }).toBe(IN_FLIGHT_PER_PRINCIPAL)

      const refused = await list(sessions[2]!)
      expect(refused.status).toBe(429)
      expect((await refused.json()).error_description).toContain(`${IN_FLIGHT_PER_PRINCIPAL} requests under way`)
      const another = list(other)
      await expect.poll(() => waiting, { timeout: 10_000 }).toBe(IN_FLIGHT_PER_PRINCIPAL + 1)

      release()
      expect((await Promise.all(flood)).every((res) => res.status === 200)).toBe(true)
      expect((await another).status).toBe(200)
      expect((await list(sessions[2]!)).status).toBe(200)
    } finally {
      await running.close()
    }
  })
})

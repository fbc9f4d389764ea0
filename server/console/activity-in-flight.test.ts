// A session's writes are each kept in the log before they are sent, their outcome unknown until the answer comes, but
// only so many at once (IN_FLIGHT in activity-record.ts): a burst from one browser of writes the platform will refuse
// cannot push that many of the organization's accepted entries out. Past the bound a write waits, unsent, for an
// earlier one's answer (issue 77: sent unrecorded, a console killed before its answer left a change with no entry);
// another session's writes are kept before they are sent as ever.
import { describe, expect, it } from 'vitest'
import type { ActivityEntry } from './activity.ts'
import { CSRF, projectsPlatform, signIn, startConsoleServer } from './test-support.ts'

const ORG = 'org-1'

describe("a session's writes waiting on the platform", () => {
  it('lists its first eight before their answers, outcome unknown, and sends a ninth only once one is answered', async () => {
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const arrived: string[] = []
    // The identity API: the caller a member, each project create held until released, then accepted.
    const localCloud = projectsPlatform(ORG, arrived, held, 202)
    const running = await startConsoleServer({}, { localCloud })
    try {
      const admin = await signIn(running.base, { demo: true })
      const other = await signIn(running.base, { token: 'another-admins-token' })
      const create = (cookie: string, name: string) =>
        fetch(`${running.base}/api/identity/api/v1/organizations/${ORG}/projects`, {
          method: 'POST',
          headers: { ...CSRF, cookie },
          body: JSON.stringify({ metadata: { name }, spec: { groupIDs: [] } }),
        })
      const log = async () => {
        const res = await fetch(`${running.base}/console/activity?organization=${ORG}`, { headers: { cookie: admin } })
        expect(res.status).toBe(200)
        return ((await res.json()) as { entries: ActivityEntry[] }).entries.map(({ resourceName, status }) => ({
          name: resourceName,
          status,
        }))
      }

      // One at a time to the platform, none answered yet; the ninth waits, unsent.
      const writes: Promise<Response>[] = []
      for (let n = 1; n <= 8; n++) {
        writes.push(create(admin, `write-${n}`))
        await expect.poll(() => arrived.length, { timeout: 10_000 }).toBe(n)
      }
      writes.push(create(admin, 'write-9'))
      writes.push(create(other, 'other-session'))
      await expect.poll(() => arrived.length, { timeout: 10_000 }).toBe(9)
      expect(arrived).toContain('other-session')
      expect(arrived).not.toContain('write-9')

      // Newest first, each with no outcome yet: the other session's write, and the first eight of this one's.
      const pending = (name: string) => ({ name, status: undefined })
      expect(await log()).toEqual([
        pending('other-session'),
        ...[8, 7, 6, 5, 4, 3, 2, 1].map((n) => pending(`write-${n}`)),
      ])

      release()
      // Once one of the eight is answered, the ninth is kept and sent.
      expect((await Promise.all(writes)).map((res) => res.status)).toEqual(writes.map(() => 202))
      expect(arrived).toContain('write-9')
      const listed = await log()
      expect(listed).toHaveLength(10)
      expect(listed.every(({ status }) => status === 202)).toBe(true)
      expect(listed.map(({ name }) => name).sort()).toEqual(
        ['other-session', ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `write-${n}`)].sort(),
      )
    } finally {
      await running.close()
    }
  })
})

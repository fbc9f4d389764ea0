// A write whose entry cannot be kept before it is sent (the activity log's Redis hung or gone) is refused, unsent:
// let through, it would be a change nobody could find in the log (issue 77). The user may send it again as it is once
// the log is back. A real Redis, stopped with SIGSTOP as a hung one would be.
import { describe, expect, it } from 'vitest'
import { RedisActivityLog } from './activity-redis.ts'
import { startTestRedis } from './session-store-test-redis.ts'
import { CSRF, projectsPlatform, signIn, startConsoleServer } from './test-support.ts'

const ORG = 'org-1'

describe('a write while the activity log cannot be written', () => {
  it('is refused unsent with a sentence and a Retry-After, and goes through once the log is back', async () => {
    const arrived: string[] = []
    // The identity API: the caller a member, each project create accepted.
    const localCloud = projectsPlatform(ORG, arrived)
    const redis = await startTestRedis()
    const activity = new RedisActivityLog(redis.url, { perOrganization: 100, total: 1000 })
    const running = await startConsoleServer({ UPSTREAM_TIMEOUT_MS: '1000' }, { localCloud, activity })
    try {
      const cookie = await signIn(running.base, { demo: true })
      const create = (name: string) =>
        fetch(`${running.base}/api/identity/api/v1/organizations/${ORG}/projects`, {
          method: 'POST',
          headers: { ...CSRF, cookie },
          body: JSON.stringify({ metadata: { name }, spec: { groupIDs: [] } }),
        })
      expect((await create('before')).status).toBe(200)

      redis.pause()
      const refused = await create('while-hung')
      expect(refused.status).toBe(503)
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
      const body = (await refused.json()) as { error: string; error_description: string }
      expect(body.error).toBe('activity_log_unavailable')
      expect(body.error_description).toMatch(/did not send it/)
      expect(arrived).toEqual(['before'])

      redis.resume()
      expect((await create('while-hung')).status).toBe(200)
      expect(arrived).toEqual(['before', 'while-hung'])
      const names = (await activity.list(ORG)).filter((entry) => entry.status === 200).map((e) => e.resourceName)
      expect(names.sort()).toEqual(['before', 'while-hung'])
    } finally {
      redis.resume()
      await running.close()
      await activity.close()
      await redis.stop()
    }
  })
})

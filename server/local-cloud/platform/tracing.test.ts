import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalCloud, type StartedLocalCloud } from '../testing.ts'
import type { RequestLine } from './tracing.ts'

describe("the local cloud's trace ids", () => {
  const lines: RequestLine[] = []
  let local: StartedLocalCloud
  beforeAll(async () => {
    local = await startLocalCloud({ log: (line) => lines.push(line) })
  })
  afterAll(() => local.stop())

  const call = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${local.url}/local/region${path}`, {
      headers: { authorization: `Bearer ${local.cloud.tokens.admin}`, ...headers },
    })

  it("takes any caller's traceparent, as the platform does: its trace id in the error body and the log line", async () => {
    const traceId = '0af7651916cd43dd8448eb211c80319c'
    const res = await call('/api/v1/organizations/nope/regions', { traceparent: `00-${traceId}-b7ad6b7169203331-01` })
    expect(res.status).toBe(403)
    expect((await res.json()).trace_id).toBe(traceId)
    expect(lines.find((line) => line.traceId === traceId)).toMatchObject({
      method: 'GET',
      route: '/local/region/api/v1/organizations/:organizationID/regions',
      status: 403,
    })
  })

  it('starts its own trace without one', async () => {
    const res = await call('/api/v1/organizations/nope/regions')
    const { trace_id: traceId } = await res.json()
    expect(traceId).toMatch(/^[\da-f]{32}$/)
    expect(lines.some((line) => line.traceId === traceId)).toBe(true)
  })
})

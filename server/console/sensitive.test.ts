import { Writable } from 'node:stream'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalCloud, type LocalCloud } from '../local-cloud/index.ts'
import { MemoryActivityLog } from './activity-memory.ts'
import { createLogger } from './log.ts'
import { CSRF, signIn, startConsoleServer, type RunningConsole } from './test-support.ts'
import { EU_WEST_1 } from '../local-cloud/catalog/ids.ts'

// A secret a write marks sensitive (an identity provider's client secret, `spec.clientSecret` on its endpoints)
// reaches the platform and nothing the console server keeps or writes: its activity log, its log lines.
describe('a secret an endpoint marks sensitive', () => {
  const SECRET = 'sensitive-client-secret-5d1e'
  const lines: string[] = []
  const activity = new MemoryActivityLog({ perOrganization: 100, total: 100 })
  const logger = createLogger(
    'info',
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean))
        done()
      },
    }),
  )
  let dataDir: string
  let cloud: LocalCloud
  let running: RunningConsole
  let admin: string
  let providers: string

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sensitive-'))
    cloud = await createLocalCloud({ dataDir, provisionMs: 0, log: (line) => logger.info(line, 'local cloud request') })
    running = await startConsoleServer({}, { localCloud: cloud, activity, logger })
    admin = await signIn(running.base, { demo: true })
    providers = `${running.base}/api/identity/api/v1/organizations/${cloud.demo.organizationId}/oauth2providers`
  })
  afterAll(async () => {
    await running.close()
    await cloud.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  const body = (name: string) =>
    JSON.stringify({
      metadata: { name },
      spec: { issuer: 'https://sensitive.okta.example', clientID: 'client-1', clientSecret: SECRET },
    })

  it('is in no activity entry and no log line, though every write of it is recorded', async () => {
    const created = await fetch(providers, { method: 'POST', headers: { ...CSRF, cookie: admin }, body: body('s-1') })
    expect(created.status).toBe(201)
    const id = ((await created.json()) as { metadata: { id: string } }).metadata.id
    const changed = await fetch(`${providers}/${id}`, {
      method: 'PUT',
      headers: { ...CSRF, cookie: admin },
      body: body('s-1'),
    })
    expect(changed.status).toBe(200)
    // A refused write too: its answer's words are the platform's, never the value sent.
    const refused = await fetch(`${providers}/${id}`, {
      method: 'PUT',
      headers: { ...CSRF, cookie: admin },
      body: JSON.stringify({ metadata: { name: 's-1' }, spec: { clientSecret: SECRET } }),
    })
    expect(refused.status).toBe(400)

    const entries = await activity.list(cloud.demo.organizationId)
    expect(entries.map((entry) => [entry.method, entry.kind, entry.status])).toEqual([
      ['PUT', 'identity:oauth2providers', 400],
      ['PUT', 'identity:oauth2providers', 200],
      ['POST', 'identity:oauth2providers', 201],
    ])
    expect(JSON.stringify(entries)).not.toContain(SECRET)
    expect(lines.length).toBeGreaterThan(3)
    expect(lines.filter((line) => line.includes(SECRET))).toEqual([])
  })

  it('an access key’s secret, in the create’s answer alone, is in no activity entry and no log line', async () => {
    const storage = `${running.base}/api/storage/api/v1`
    const headers = { ...CSRF, cookie: admin }
    const classes = (await (
      await fetch(`${storage}/objectstorageendpointclasses?regionID=${EU_WEST_1}`, { headers })
    ).json()) as { metadata: { id: string } }[]
    const projects = (await (
      await fetch(`${running.base}/api/identity/api/v1/organizations/${cloud.demo.organizationId}/projects`, {
        headers,
      })
    ).json()) as { metadata: { id: string } }[]
    const endpoint = await fetch(`${storage}/objectstorageendpoints`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        metadata: { name: 's3-secret' },
        spec: {
          organizationId: cloud.demo.organizationId,
          projectId: projects[0]!.metadata.id,
          regionId: EU_WEST_1,
          objectStorageEndpointClassId: classes[0]!.metadata.id,
          identityPolicies: [{ name: 'rw', document: { Version: '2012-10-17' } }],
        },
      }),
    })
    expect(endpoint.status).toBe(201)
    const endpointId = ((await endpoint.json()) as { metadata: { id: string } }).metadata.id
    const key = await fetch(`${storage}/objectstorageendpoints/${endpointId}/accesskeys`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ metadata: { name: 'ci-writer' }, spec: { identityPolicy: 'rw' } }),
    })
    expect(key.status).toBe(201)
    const { secret } = ((await key.json()) as { spec: { secret: string } }).spec
    expect(secret.length).toBeGreaterThan(20)

    const entries = await activity.list(cloud.demo.organizationId)
    // The key's create is an action on its endpoint, named as the endpoint is.
    const written = entries.filter((entry) => entry.kind === 'storage:objectstorageendpoints')
    expect(written.map((e) => [e.method, e.action, e.resourceName])).toEqual([
      ['POST', 'create access key', 's3-secret'],
      ['POST', undefined, 's3-secret'],
    ])
    expect(JSON.stringify(entries)).not.toContain(secret)
    expect(lines.filter((line) => line.includes(secret))).toEqual([])
  })

  it('is censored by name in a log line that would carry a body, once the endpoints are known', () => {
    logger.warn({ sent: JSON.parse(body('s-2')) as unknown }, 'a body logged by mistake')
    const line = JSON.parse(lines.at(-1)!) as { sent: { spec: Record<string, string> } }
    expect(line.sent.spec).toEqual({
      issuer: 'https://sensitive.okta.example',
      clientID: 'client-1',
      clientSecret: '[redacted]',
    })
  })
})

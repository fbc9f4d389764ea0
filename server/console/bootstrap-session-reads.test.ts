// Issue 68: a first screen's reads each looked the session up again, one store round trip apiece (with Redis, a
// script and a decryption each), for the one cookie the page was asked with.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readConfig } from '../config.ts'
import { createLocalCloud, type LocalCloud } from '../local-cloud/index.ts'
import { silentLogger } from './log.ts'
import { openSessionStore } from './session-store-config.ts'
import type { SessionStore } from './sessions.ts'
import { signIn, startConsoleServer, type RunningConsole } from './test-support.ts'

let dataDir: string
let cloud: LocalCloud
let server: RunningConsole
let lookups = 0

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'bootstrap-session-'))
  cloud = await createLocalCloud({ dataDir, provisionMs: 0, embeddings: 'lexical' })
  const store = openSessionStore(readConfig({ PORT: '0' }), silentLogger)
  const counted = new Proxy(store, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target)
      if (key === 'get')
        return (id: string | undefined) => {
          lookups++
          return target.get(id)
        }
      return typeof value === 'function' ? value.bind(target) : value
    },
  }) as SessionStore
  server = await startConsoleServer({}, { localCloud: cloud, sessions: counted })
})

afterAll(async () => {
  await server.close()
  await cloud.close()
  await rm(dataDir, { recursive: true, force: true })
})

describe('a first screen', () => {
  it('looks its session up once for all its reads, beside the session part’s own', async () => {
    const cookie = await signIn(server.base, { demo: true })
    lookups = 0
    const res = await fetch(`${server.base}/console/bootstrap?page=${encodeURIComponent('/networks')}`, {
      headers: { cookie },
    })
    const text = await res.text()
    // The networks list and the projects came with it, each through the proxy.
    expect(text).toContain('"url":"/api/region/api/v2/networks?organizationID=')
    expect(text).toContain('/projects","status":200')
    expect(lookups).toBe(2)
  })
})

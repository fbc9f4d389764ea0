import { afterAll, beforeAll } from 'vitest'
import { testClient, type TestClient } from './test-client.ts'
import { startLocalCloud, type StartedLocalCloud } from './testing.ts'

/** A test file's own local cloud; its fields are set before the first test runs. */
export interface TestCloud {
  started: StartedLocalCloud
  /** The demo organization's admin. */
  api: TestClient
  /** The second organization's admin, to see isolation. */
  second: TestClient
  organizationId: string
}

/** A fresh local cloud for the file (or describe block) that calls this: started before its tests, stopped after. */
export function useLocalCloud(): TestCloud {
  const local = {} as TestCloud
  beforeAll(async () => {
    local.started = await startLocalCloud()
    const { url, cloud } = local.started
    local.api = testClient(url, cloud.tokens.admin)
    local.second = testClient(url, cloud.tokens.second)
    local.organizationId = cloud.demo.organizationId
  })
  afterAll(() => local.started.stop())
  return local
}

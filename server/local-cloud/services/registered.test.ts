import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PLATFORM_SERVICES } from '../app.ts'
import type { Route } from '../platform/context.ts'
import { startLocalCloud } from '../testing.ts'
import { testClient } from '../test-client.ts'
import { EU_WEST_1 } from '../catalog/ids.ts'

const isRoute = (value: unknown): value is Route =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'handler' in value

// The inference service is an app of its own (`inference/routes.ts`), with workers that start on import.
const OWN_APPS = ['inference/']

/** Every route a service file exports, by the file and export that declare it. */
async function declaredRoutes(): Promise<{ where: string; route: Route }[]> {
  const found: { where: string; route: Route }[] = []
  for (const entry of await readdir(import.meta.dirname, { recursive: true })) {
    if (!entry.endsWith('.ts') || entry.endsWith('.test.ts') || OWN_APPS.some((dir) => entry.startsWith(dir))) continue
    const module = (await import(join(import.meta.dirname, entry))) as Record<string, unknown>
    for (const [name, value] of Object.entries(module)) {
      if (Array.isArray(value) && value.length > 0 && value.every(isRoute))
        for (const route of value) found.push({ where: `${entry} ${name}`, route })
    }
  }
  return found
}

describe("the local cloud's services", () => {
  it('serve every route a service file declares: a file left out of its routes.ts fails here', async () => {
    const registered = new Set<Route>(PLATFORM_SERVICES.flatMap(({ routes }) => [...routes]))
    const declared = await declaredRoutes()
    const missing = declared
      .filter(({ route }) => !registered.has(route))
      .map(({ where, route }) => `${where}: ${route.method} ${route.path}`)
    expect(declared.length).toBeGreaterThan(40)
    expect(missing).toEqual([])
  })
})

describe("the local cloud's lists", () => {
  it('answer on the demo data: a table whose service file left out registerTable fails here, not with a 500 in use', async () => {
    const cloud = await startLocalCloud()
    try {
      const admin = testClient(cloud.url, cloud.cloud.tokens.admin)
      const filled: Record<string, string> = { organizationID: cloud.cloud.demo.organizationId, regionID: EU_WEST_1 }
      const lists = PLATFORM_SERVICES.flatMap(({ base, routes }) =>
        routes
          .filter((route) => route.method === 'GET')
          .map((route) => ({
            route,
            path: `${base}${route.path.replace(/:(\w+)/g, (_, name: string) => filled[name] ?? ':')}`,
          }))
          // A route on one item (its id unknown here) is left out.
          .filter(({ path }) => !path.includes(':')),
      )
      const failed: string[] = []
      for (const { route, path } of lists) {
        const answer = await admin.get(path)
        if (answer.status >= 500) failed.push(`${route.method} ${route.path}: ${answer.status}`)
      }
      expect(lists.length).toBeGreaterThan(15)
      expect(failed).toEqual([])
    } finally {
      await cloud.stop()
    }
  })
})

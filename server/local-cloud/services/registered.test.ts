import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PLATFORM_SERVICES } from '../app.ts'
import type { Route } from '../platform/context.ts'

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

import { describe, expect, it } from 'vitest'
import { resources, type Resource } from '../../src/lib/resources.ts'
import { PLATFORM_SERVICES } from './app.ts'
import { ANY_MEMBER, OLDER_NAMES } from './platform/requirement.ts'

// What some route of the local cloud checks: a name no route asks for grants nothing there.
const enforced = new Set<string>(
  PLATFORM_SERVICES.flatMap(({ routes }) => routes.map(({ needs }) => (needs === ANY_MEMBER ? '' : needs.endpoint))),
)

describe("the console's permission names", () => {
  it('are each one the local cloud enforces, or its older name: a typo would hide the page from everyone', () => {
    const unknown = Object.entries(resources).flatMap(([key, row]) =>
      row.acl.filter((name) => !enforced.has(OLDER_NAMES[name] ?? name)).map((name) => `${key}: ${name}`),
    )
    expect(unknown).toEqual([])
  })

  it("include, for each resource, the name the local cloud's own roles grant", () => {
    const unchecked = Object.entries(resources)
      .filter(([, row]) => !row.acl.some((name) => enforced.has(name)))
      .map(([key]) => key)
    expect(unchecked).toEqual([])
  })
})

describe("a row's permission (`api.permission`)", () => {
  it('is one of its names, the one the local cloud checks on its routes', () => {
    const astray = Object.entries(resources as Record<string, Resource>).flatMap(([key, { api, acl }]) =>
      api && !(acl.includes(api.permission) && enforced.has(api.permission)) ? [`${key}: ${api.permission}`] : [],
    )
    expect(astray).toEqual([])
  })
})

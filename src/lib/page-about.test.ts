import { describe, expect, it } from 'vitest'
import { createAbout, listAbout } from './page-about'
import { navLabel, resources, type Resource } from './resources'

describe('what list pages and create forms say under their titles', () => {
  it.each(
    Object.values<Resource>(resources)
      .filter((resource) => resource.page)
      .map((r) => [navLabel(r), r] as const),
  )('%s: its list page says what it lists, and its create form what it makes', (_label, resource) => {
    expect(listAbout(resource)).toMatch(/\.$/)
    if (resource.create) expect(createAbout(resource)).toMatch(/\.$/)
  })
})

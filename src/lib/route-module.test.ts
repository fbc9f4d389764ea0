import type { ShouldRevalidateFunctionArgs } from 'react-router'
import { describe, expect, it } from 'vitest'
import { browserSideSearch } from './route-module'

const at = (path: string) => new URL(`http://x${path}`)
const args = (from: string, to: string) =>
  ({ currentUrl: at(from), nextUrl: at(to), defaultShouldRevalidate: true }) as ShouldRevalidateFunctionArgs

describe('browserSideSearch', () => {
  it("a regional list's search and sort do not run the loader again; its filters do", () => {
    const list = browserSideSearch(['q', 'sort'])
    expect(list(args('/networks?tag=a%3Db', '/networks?tag=a%3Db&q=net&sort=-name'))).toBe(false)
    expect(list(args('/networks?q=net', '/networks?q=net&region=eu'))).toBe(true)
  })

  it("a catalog's whole URL search is browser-side; another page loads as usual", () => {
    const catalog = browserSideSearch()
    expect(catalog(args('/flavors', '/flavors?region=eu&view=cards'))).toBe(false)
    expect(catalog(args('/flavors?region=eu', '/instances'))).toBe(true)
  })
})

import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { paths, pathsOf } from '../../src/lib/paths.ts'
import { pageModuleFile } from '../../src/lib/page-modules.ts'
import { resources, type Resource } from '../../src/lib/resources.ts'
import { moduleKey, pageLinks, pathKey } from './page-preloads.ts'

describe('page preload keys', () => {
  it("give a page module and the URLs the router serves it at the same key, so a page's links reach its HTML", () => {
    const served: [file: string, url: string][] = [
      ['/src/features/overview/routes/OverviewRoute.tsx', paths.home()],
      ['/src/features/activity/routes/ActivityRoute.tsx', paths.activity()],
      ['/src/features/models/routes/ModelCatalogRoute.tsx', paths.models({ region: 'r1' }).split('?')[0]!],
      ['/src/features/playground/routes/PlaygroundRoute.tsx', paths.playground()],
      ['/src/features/images/routes/ImageDetailRoute.tsx', paths.image('img-1')],
    ]
    for (const resource of Object.values(resources) as Resource[]) {
      const at = pathsOf(resource)
      served.push([pageModuleFile(resource, 'List'), at.list()])
      if (!resource.page) continue
      served.push([pageModuleFile(resource, 'Detail'), at.item('abc-123')])
      if (resource.create) served.push([pageModuleFile(resource, 'Create'), at.new()])
      if (resource.edit) served.push([pageModuleFile(resource, 'Edit'), at.edit('abc-123')])
    }
    for (const [file, url] of served) expect([file, pathKey(url)]).toEqual([file, moduleKey(file)])
    // Every page module the router can load has a key.
    for (const folder of readdirSync('src/features')) {
      const routes = readdirSync(`src/features/${folder}`).includes('routes')
        ? readdirSync(`src/features/${folder}/routes`).filter((name) => /Route\.tsx$/.test(name))
        : []
      for (const name of routes) expect(moduleKey(`/src/features/${folder}/routes/${name}`)).toBeDefined()
    }
  })

  it('give no key to what is no page module, nor to a path deeper than a page', () => {
    expect(moduleKey('/src/components/VirtualTable.tsx')).toBeUndefined()
    expect(pathKey('/networks/abc/rules/edit')).toBeUndefined()
    expect(pathKey('/networks/abc/rules')).toBeUndefined()
  })
})

describe('page links', () => {
  it('leave out what the head names already, and ask for the rest after what the head names', () => {
    const head = '<link rel="modulepreload" crossorigin href="/assets/shell-1.js">'
    const links = pageLinks(
      { scripts: ['/assets/Page-1.js', '/assets/shell-1.js'], styles: ['/assets/Page-1.css'] },
      head,
    )
    expect(links).toBe(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/Page-1.js">' +
        '<link rel="preload" as="style" fetchpriority="low" crossorigin href="/assets/Page-1.css">',
    )
    expect(pageLinks(undefined, head)).toBe('')
  })
})

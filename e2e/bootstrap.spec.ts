import type { Locator, Page, Request } from '@playwright/test'
import { expect, test } from './fixtures'
import { openInApp } from './helpers'
import { navLabel, resources, type Resource } from '../src/lib/resources'
import { ACME_ORG_ID } from '../server/local-cloud/catalog/ids'

// Sam Okafor, a reader in the demo organization (LOCAL_CLOUD_MEMBER_TOKEN in playwright.config.ts).
const MEMBER_TOKEN = 'e2e-member-token'

/** Every request the page sends to the console server's own routes and its proxy, as paths with their queries. */
function recordRequests(page: Page): string[] {
  const sent: string[] = []
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url())
    if (pathname.startsWith('/console/') || pathname.startsWith('/api/')) sent.push(pathname + search)
  })
  return sent
}

/**
 * Opens `path` as a new document and, once `shown` is visible and the network quiet, checks that the page sent its
 * bootstrap request once and asked the platform for nothing itself.
 */
async function opensOnItsBootstrap(page: Page, path: string, shown: () => Locator) {
  const sent = recordRequests(page)
  await page.goto(path)
  await expect(shown()).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(sent.filter((url) => url.startsWith('/console/bootstrap'))).toHaveLength(1)
  expect(
    sent.filter((url) => url.startsWith('/api/')),
    path,
  ).toEqual([])
}

async function signInBy(page: Page, data: object) {
  const answer = await page.request.post('/console/session', { data, headers: { 'X-Requested-With': 'cloud-console' } })
  expect(answer.ok(), await answer.text()).toBe(true)
}

// What the first screen reads: the bootstrap index.html preloads carries it, and the SPA does not ask again.
const FIRST_SCREEN = [
  /^\/console\/session$/,
  /^\/console\/config$/,
  /^\/api\/identity\/api\/v1\/organizations$/,
  /^\/api\/identity\/api\/v1\/organizations\/[^/]+\/(acl|projects)$/,
  /^\/api\/region\/api\/v1\/organizations\/[^/]+\/regions$/,
]

test('the networks list opens on one bootstrap request, the SPA asks for none of its reads again, and it paints before it asks for what its first screen does not show', async ({
  page,
}) => {
  await signInBy(page, { demo: true })
  const sent = recordRequests(page)
  await page.goto('/networks?project=all&region=all')
  await expect(page.getByRole('table', { name: 'Networks' }).getByRole('link').first()).toBeVisible({
    timeout: 30_000,
  })
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' })).toBeVisible()

  expect(sent.filter((url) => url.startsWith('/console/bootstrap'))).toEqual([
    `/console/bootstrap?page=${encodeURIComponent('/networks?project=all&region=all')}`,
  ])
  expect(sent.filter((url) => FIRST_SCREEN.some((read) => read.test(url)))).toEqual([])
  expect(sent.filter((url) => url.startsWith('/api/region/api/v2/networks'))).toEqual([])

  // What its first screen does not show is asked for after the first paint, and then arrives. The filters' inputs arrive: the Tags filter can be found by its role only once its real input is in.
  await expect(page.getByRole('combobox', { name: 'Tags' })).toBeVisible()
  const timing = await page.evaluate(() => {
    const start = (pattern: RegExp) =>
      performance.getEntriesByType('resource').find((entry) => pattern.test(entry.name))?.startTime
    return {
      firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      notificationsWatch: start(/\/assets\/first-notification-[\w-]+\.js$/),
      notificationsHost: start(/\/assets\/notifications-host-[\w-]+\.js$/),
      filterInputs: start(/\/assets\/FilterInputs-[\w-]+\.js$/),
      virtualRows: start(/\/assets\/VirtualRows-[\w-]+\.js$/),
      textFont: start(/\/assets\/inter-basic-400-700-[\w-]+\.woff2$/),
      restOfLatin: start(/\/assets\/inter-latin-rest-400-700-[\w-]+\.woff2$/),
    }
  })
  expect(timing.firstContentfulPaint).toBeDefined()
  // Asked for after the first paint, so on a slow network they do not hold it back.
  expect(timing.notificationsWatch).toBeGreaterThan(timing.firstContentfulPaint!)
  // Where notifications show is asked for only once there is one to show (e2e/networks.spec.ts shows one).
  expect(timing.notificationsHost).toBeUndefined()
  // A list of a few hundred rows renders whole: the virtualizer's code is for one of thousands.
  expect(timing.virtualRows).toBeUndefined()
  expect(timing.filterInputs).toBeGreaterThan(timing.firstContentfulPaint!)
  // The text font is asked for with the HTML (index.html preloads it), so the first paint has it sooner.
  expect(timing.textFont).toBeLessThan(timing.firstContentfulPaint!)
  // The rest of Latin-1 is not: no character of this page needs it.
  expect(timing.restOfLatin).toBeUndefined()
  // And it loads: the build's cut of Inter, with the weights the console sets (vite.config.ts, textFontInstance); the
  // rest of Latin-1, the second face in fonts.css, once a name with an accent shows.
  const interFaces = () =>
    page.evaluate(async () => {
      await document.fonts.ready
      return [...document.fonts]
        .filter((face) => face.family.replaceAll('"', '') === 'Inter Variable')
        .map(({ status, weight }) => ({ status, weight }))
    })
  expect(await interFaces()).toEqual([
    { status: 'loaded', weight: '400 700' },
    { status: 'unloaded', weight: '400 700' },
  ])
  await page.evaluate(() => document.querySelector('h1')!.append(' · Zoë'))
  await expect.poll(interFaces).toEqual([
    { status: 'loaded', weight: '400 700' },
    { status: 'loaded', weight: '400 700' },
  ])
})

test('the overview opens on one bootstrap request, and the SPA asks for none of its reads again', async ({ page }) => {
  await signInBy(page, { demo: true })
  const sent = recordRequests(page)
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible({ timeout: 30_000 })
  // The panels that answer last are in, so every read the page makes has had its answer.
  await expect(page.getByRole('table', { name: 'Instances by flavor' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Text' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Quota use' }).getByRole('progressbar').first()).toBeVisible()
  await expect(page.getByRole('link', { name: /^Users \d+/ })).toBeVisible()

  expect(sent.filter((url) => url.startsWith('/console/bootstrap'))).toEqual([`/console/bootstrap?page=%2F`])
  const overviewReads = [
    /^\/api\/(region|compute)\/api\/v2\//,
    /^\/api\/identity\/api\/v1\/organizations\/[^/]+\/(quotas|users|serviceaccounts|groups)$/,
    /^\/api\/aiproxy\//,
    /\/flavors$/,
  ]
  expect(sent.filter((url) => [...FIRST_SCREEN, ...overviewReads].some((read) => read.test(url)))).toEqual([])
})

test('a read-only member: the part refused with 403 is shown as refused, and the rest of the screen stands', async ({
  page,
  allowConsole,
}) => {
  // The page's loader asks again for a list whose first answer was an error, as it did before the bootstrap: the
  // browser logs that second refusal.
  allowConsole(/status of 403 .*\/users\)/)
  await signInBy(page, { token: MEMBER_TOKEN })
  const sent = recordRequests(page)
  await page.goto('/users')
  // The users list is not his to read: the page says so, in the platform's words, as when the SPA asked itself.
  await expect(page.getByRole('main')).toContainText('you do not have permission to read users', { timeout: 30_000 })
  // The other parts stood: his navigation (from the ACL) and the scope (the organization's projects).
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Networks' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0)
  expect(sent.filter((url) => FIRST_SCREEN.some((read) => read.test(url)))).toEqual([])
})

test('signed out, the bootstrap carries the signed-out session and the SPA shows the sign-in page', async ({
  page,
}) => {
  const sent = recordRequests(page)
  await page.goto('/networks')
  await expect(page.getByRole('button', { name: 'Sign in with token' })).toBeVisible({ timeout: 30_000 })
  expect(sent.filter((url) => url.startsWith('/api/') || url === '/console/session')).toEqual([])
})

interface Seen {
  violations: string[]
  scheme?: string | null
}

test("on a phone, a list's HTML names at most five files besides scripts, and a saved dark scheme applies before the entry runs", async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 823 })
  await signInBy(page, { demo: true })
  const asked: string[] = []
  page.on('request', (request) => asked.push(new URL(request.url()).pathname))
  await page.addInitScript(() => {
    localStorage.setItem('mantine-color-scheme-value', 'dark')
    const seen: Seen = { violations: [] }
    ;(window as unknown as { seen: Seen }).seen = seen
    document.addEventListener('securitypolicyviolation', (event) => seen.violations.push(event.violatedDirective))
    // 'interactive' comes once the HTML is parsed and before any module script has run.
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive')
        seen.scheme = document.documentElement.getAttribute('data-mantine-color-scheme')
    })
  })
  await page.goto('/networks?project=all&region=all')
  await expect(page.getByRole('table', { name: 'Networks' }).getByRole('link').first()).toBeVisible()

  const { seen, named } = await page.evaluate(() => {
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
    const path = (entry: PerformanceResourceTiming) => new URL(entry.name).pathname
    const entry = resources.find((resource) => /^\/assets\/index-[\w-]+\.js$/.test(path(resource)))!
    return {
      seen: (window as unknown as { seen: Seen }).seen,
      // What the HTML's own links ask for: they start before the entry has even arrived, where the links a script
      // appends (a page's lazy stylesheets) come once it has run, and a font a stylesheet asks for is not a link's.
      named: resources
        .filter((resource) => resource.initiatorType === 'link' && resource.startTime < entry.responseEnd)
        .map(path)
        .filter((name) => !name.endsWith('.js')),
    }
  })
  // index.html's inline script set it, allowed by the Content-Security-Policy's hash of it.
  expect(seen).toEqual({ violations: [], scheme: 'dark' })
  // Over HTTP/1.1 a browser opens six connections to the console; the entry's script, the largest file before the
  // first paint, needs one of them free when the HTML names it. The shell's styles are in the entry's stylesheet, and
  // the favicon and the colour-scheme script are in the HTML.
  expect(named.length, named.join('\n')).toBeLessThanOrEqual(5)
  expect(asked.filter((path) => /^\/(favicon\.svg|color-scheme\.js)$/.test(path))).toEqual([])
})

/** The URLs a bootstrap's answer carries: each part a line of JSON with its body's length, then the body. */
function carriedUrls(answer: string): string[] {
  const urls: string[] = []
  for (let at = 0; at < answer.length;) {
    const end = answer.indexOf('\n', at)
    const line = JSON.parse(answer.slice(at, end)) as { url?: string; length?: number }
    at = end + 1
    if (line.url) {
      urls.push(line.url)
      at += line.length! + 1
    }
  }
  return urls
}

// Demo items no other test changes (one that settles polls, and would ask the platform as the page opens), and what
// their pages show beside them, for the rows whose pages read more than their item.
const BESIDE: Record<string, { name: string; beside: RegExp[] }> = {
  networks: {
    name: 'training-fabric',
    beside: [/\/securitygroups\?.*networkID=/, /\/instances\?.*networkID=/, /\/loadbalancers\?.*networkID=/],
  },
  securityGroups: { name: 'ssh-bastion', beside: [/\/networks\/[^/?]+$/, /\/instances\?networkID=/] },
  loadBalancers: { name: 'spark-internal', beside: [/\/networks\/[^/?]+$/] },
  fileStorage: { name: 'datasets', beside: [/\/filestorageclasses\?regionID=/, /\/networks\?organizationID=/] },
  instances: {
    name: 'trainer-h100-0',
    beside: [
      /\/networks\/[^/?]+$/,
      /\/flavors$/,
      /\/images\?organizationID=[^&]+&scope=available$/,
      /\/securitygroups\?organizationID=[^&]+$/,
    ],
  },
}

// Every row of a project's resource with pages: its list across the organization, and its first item's pages.
const REGIONAL_PAGES = Object.entries(resources as Record<string, Resource>)
  .filter(([, row]) => row.page && row.api?.lives !== 'organization')
  .map(([key, row]) => ({
    list: `/${row.path}?project=all&region=all`,
    table: navLabel(row),
    edit: Boolean(row.edit),
    name: BESIDE[key]?.name,
    beside: BESIDE[key]?.beside ?? [],
  }))

// Demo people, a group, a project and an identity provider that no other test changes.
const IDENTITY_PAGES = [
  { list: '/users', table: 'Users', name: 'sam.okafor@acme.example' },
  { list: '/service-accounts', table: 'Service accounts', name: 'grafana-exporter' },
  { list: '/groups', table: 'Groups', name: 'auditors' },
  { list: '/projects', table: 'Projects', name: 'ml-research' },
  { list: '/identity-providers', table: 'Identity providers', name: 'staging-auth0' },
]

test('the two tests below open the pages of every row that has them', () => {
  const opened = [...REGIONAL_PAGES, ...IDENTITY_PAGES].map(({ list }) => list.split('?')[0])
  const paged = Object.values(resources as Record<string, Resource>).filter((row) => row.page)
  expect(opened.sort()).toEqual(paged.map((row) => `/${row.path}`).sort())
})

test('a detail or edit page opened by its URL gets with the bootstrap its item and all else it shows as it opens', async ({
  page,
}) => {
  await signInBy(page, { demo: true })
  await page.goto('/')
  // The requests on their way: a list opened through the router is not a new document, whose network goes quiet once.
  const underWay = new Set<Request>()
  page.on('request', (request) => underWay.add(request))
  page.on('requestfinished', (request) => underWay.delete(request))
  page.on('requestfailed', (request) => underWay.delete(request))
  for (const { list, table, edit, name: demoName, beside } of REGIONAL_PAGES) {
    // The list is reached through the router from the page last opened: only the item's pages are new documents here.
    await openInApp(page, list)
    const rows = page.getByRole('table', { name: table })
    const link = demoName ? rows.getByRole('link', { name: demoName, exact: true }) : rows.getByRole('link').first()
    const detail = (await link.getAttribute('href'))!
    const name = demoName ?? (await link.innerText()).trim()
    // Whatever the list was still asking for is in before the requests of the item's pages are counted.
    await expect.poll(() => underWay.size).toBe(0)
    for (const opened of [detail, ...(edit ? [`${detail}/edit`] : [])]) {
      const sent = recordRequests(page)
      await page.goto(opened)
      await expect(page.getByRole('heading', { level: 1 })).toContainText(opened.endsWith('/edit') ? 'Edit' : name)
      // What the page's bootstrap carried, asked again the same way (the browser keeps no body of a preload it used).
      const again = await page.request.get(`/console/bootstrap?page=${encodeURIComponent(opened)}`)
      const carried = carriedUrls(await again.text())
      await page.waitForLoadState('networkidle')
      const id = detail.split('/').at(-1)!
      expect(sent.filter((url) => url.startsWith('/console/bootstrap'))).toHaveLength(1)
      // The item's own read: by path, not the lists that name it (their query follows a `?`).
      expect(carried.filter((url) => url.split('?')[0]!.endsWith(`/${id}`))).toHaveLength(1)
      // What the detail page shows beside its item comes with it, and the edit form's choices with the form.
      if (!opened.endsWith('/edit'))
        expect(beside.filter((read) => carried.some((url) => read.test(url)))).toEqual(beside)
      // The SPA asks again for nothing carried, and as the page opens asks the platform for nothing more.
      expect(
        sent.filter((url) => carried.includes(url)),
        opened,
      ).toEqual([])
      expect(
        sent.filter((url) => url.startsWith('/api/')),
        opened,
      ).toEqual([])
    }
  }
})

test('an identity page opened by its URL asks the platform for nothing: what it reads in the organization comes with the bootstrap', async ({
  page,
}) => {
  await signInBy(page, { demo: true })
  for (const { list, table, name } of IDENTITY_PAGES) {
    const sentByList = recordRequests(page)
    await page.goto(list)
    await expect(page.getByRole('table', { name: table }).getByRole('link', { name, exact: true })).toBeVisible()
    await page.waitForLoadState('networkidle')
    // The list page too: the list, and the groups' names a people list's column shows.
    expect(
      sentByList.filter((url) => url.startsWith('/api/')),
      list,
    ).toEqual([])
    const detail = (await page
      .getByRole('table', { name: table })
      .getByRole('link', { name, exact: true })
      .getAttribute('href'))!
    for (const opened of [detail, `${detail}/edit`])
      await opensOnItsBootstrap(page, opened, () =>
        page.getByRole('heading', { level: 1, name: opened.endsWith('/edit') ? /Edit/ : name }),
      )
  }
  // The organization's own page and its edit form: the organization, and the providers it names or offers.
  await opensOnItsBootstrap(page, '/organization', () => page.getByRole('heading', { level: 1, name: 'acme-ai' }))
  await opensOnItsBootstrap(page, `/organization/${ACME_ORG_ID}/edit`, () =>
    page.getByRole('heading', { level: 1, name: 'Edit acme-ai' }),
  )
})

test('a catalog opened by its URL asks the platform for nothing: its list comes with the bootstrap', async ({
  page,
}) => {
  await signInBy(page, { demo: true })
  const opens = (path: string, shown: () => Locator) => opensOnItsBootstrap(page, path, shown)
  await opens('/models', () => page.getByRole('article').first())
  await opens('/playground', () => page.getByRole('heading', { level: 1 }))
  await opens('/flavors?view=table', () => page.getByRole('table', { name: 'Flavors', exact: true }))
  await opens('/images', () => page.getByRole('table', { name: 'Images' }))
  // An image's page reads its region's list too.
  const image = await page.getByRole('table', { name: 'Images' }).getByRole('link').first().getAttribute('href')
  await opens(image!, () => page.getByRole('heading', { level: 1 }))
})

test('a create form opened by its URL asks the platform for nothing as it opens: what it offers comes with the bootstrap', async ({
  page,
}) => {
  await signInBy(page, { demo: true })
  await page.goto('/flavors?view=table')
  // The catalog's link to a new instance of a flavor preselects its region: the form opens on its flavors and images.
  const withFlavor = await page.locator('a[href^="/instances/new?"]').first().getAttribute('href')
  expect(withFlavor).toMatch(/region=/)
  for (const path of ['/groups/new', '/instances/new', withFlavor!, '/security-groups/new', '/load-balancers/new'])
    await opensOnItsBootstrap(page, path, () => page.getByRole('heading', { level: 1 }))
})

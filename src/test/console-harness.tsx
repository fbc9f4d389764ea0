import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { render, screen, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { notifications } from '@mantine/notifications'
import { QueryClient } from '@tanstack/react-query'
import { createMemoryRouter, matchRoutes } from 'react-router'
import { afterAll, beforeAll } from 'vitest'
import { createConsoleApp } from '../../server/app'
import { readConfig } from '../../server/config'
import { createLocalCloud, type LocalCloud } from '../../server/local-cloud/index'
import { configureApi, resetApiConfig } from '../api/config'
import { AppProviders } from '../app/providers'
import { appRoutes } from '../app/router'
import { RouterWithAddress } from '../app/RouterWithAddress'
import { setScope } from '../lib/scope'

/**
 * The real console server with the embedded local cloud, on a free port, and the API module pointed at it with a
 * signed-in demo session. Integration tests render route modules against it: no stubbed network anywhere.
 */
export interface ConsoleHarness {
  url: string
  cloud: LocalCloud
  /**
   * Sends a request through the console's proxy as the signed-in demo admin (`/api/region/api/v2/networks`, say) and
   * returns the platform's JSON: tests set up their own data or look up an id the way any client of the API would.
   */
  platform<T = unknown>(path: string, init?: { method?: string; body?: unknown }): Promise<T>
  /** The id of the resource named `name` (or with that subject, for users) in a platform list. */
  idOf(listPath: string, name: string): Promise<string>
  /** The console's working scope, as the scope switcher sets it: a project and a region, each by name. */
  workIn(project: string | undefined, region?: string): Promise<void>
  /** The id of the demo organization's region of this name (`eu-west-1`): a UUID, as the platform's are. */
  regionId(name: string): Promise<string>
  /** Identity API paths of the demo organization: `identity('/users')`. */
  identity(path: string): string
  /**
   * The platform's next answer to a request of this method whose local cloud path matches: a behaviour of the real
   * platform the local cloud does not show (an outage, a conflict it never raises), answered once, then the local
   * cloud answers again. The console server, its proxy and the page handle it as they would the platform's.
   */
  answerNext(method: string, path: RegExp, answer: InjectedAnswer): void
}

interface InjectedAnswer {
  status: number
  /** Sent as JSON; a string is sent as it is, as text/plain. */
  body?: unknown
}

interface Listed {
  metadata: { id: string; name?: string }
  spec?: { subject?: string }
}

export interface ConsoleOptions {
  /**
   * GET paths (regular expressions over the local cloud URL) answered 404 with an HTML page, as a platform that does
   * not offer those extension operations would: the console must degrade, not crash.
   */
  notOffered?: RegExp[]
  /**
   * Signs in as the demo organization's read-only member (Sam Okafor, a reader in two projects) rather than its
   * admin; `platform` then speaks for him too.
   */
  asMember?: boolean
  /** How long a passing state (provisioning, Pending, Stopping) lasts; none by default, so tests meet settled resources. */
  provisionMs?: number
}

const MEMBER_TOKEN = 'int-member-token'

/**
 * The console and local cloud of one test file: started before the file's first test, ahead of the `beforeAll`s the
 * file registers after this call (which may look up ids with it), and stopped after its last test.
 */
export function consoleForFile(options: ConsoleOptions = {}): ConsoleHarness {
  let started: (ConsoleHarness & { stop(): Promise<void> }) | undefined
  beforeAll(async () => {
    started = await startConsole(options)
  })
  afterAll(() => started?.stop())
  const harness = () => {
    if (!started) throw new Error('the console starts in beforeAll: use it in a hook or a test')
    return started
  }
  return {
    get url() {
      return harness().url
    },
    get cloud() {
      return harness().cloud
    },
    platform: (path, init) => harness().platform(path, init),
    idOf: (listPath, name) => harness().idOf(listPath, name),
    workIn: (project, region) => harness().workIn(project, region),
    regionId: (name) => harness().regionId(name),
    identity: (path) => harness().identity(path),
    answerNext: (method, path, answer) => harness().answerNext(method, path, answer),
  }
}

function injectedResponse({ status, body }: InjectedAnswer): Response {
  if (typeof body === 'string') return new Response(body, { status, headers: { 'content-type': 'text/plain' } })
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  })
}

async function startConsole(options: ConsoleOptions): Promise<ConsoleHarness & { stop(): Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'console-int-'))
  // Lexical vectors: no integration test asserts the sentence encoder's meaning (sentence-vectors.test.ts and the
  // playground's e2e flow do), and it would cost every test file's process its load time and its memory.
  const cloud = await createLocalCloud({
    dataDir,
    provisionMs: options.provisionMs ?? 0,
    embeddings: 'lexical',
    ...(options.asMember ? { memberToken: MEMBER_TOKEN } : {}),
  })
  // The page renders in this process too: a render holds the loop as a backlog would, and is no reason to refuse.
  const config = { ...readConfig({ PORT: '0', ADMISSION_QUEUE_WAIT_MS: '60000' }), publicUrl: 'http://127.0.0.1' }
  const notOffered = options.notOffered ?? []
  const offered = (method: string | undefined, url: string) =>
    method !== 'GET' || !notOffered.some((pattern) => pattern.test(url))
  const notOfferedPage = '<html><body>404 page not found</body></html>'
  // The console calls the cloud in-process through its `fetch`, which refuses here what the platform does not offer.
  const refused = () => new Response(notOfferedPage, { status: 404, headers: { 'content-type': 'text/html' } })
  const injected: Array<{ method: string; path: RegExp; answer: InjectedAnswer }> = []
  const takeInjected = (method: string, url: string) => {
    const at = injected.findIndex((i) => i.method === method && i.path.test(url))
    return at < 0 ? undefined : injected.splice(at, 1)[0]!.answer
  }
  const localCloud = {
    ...cloud,
    fetch: async (request: Request) => {
      const url = new URL(request.url)
      const answer = takeInjected(request.method, url.pathname + url.search)
      if (answer) return injectedResponse(answer)
      return offered(request.method, url.pathname + url.search) ? cloud.fetch(request) : refused()
    },
  }
  const app = createConsoleApp({ config, localCloud, spa: (_req, res) => void res.writeHead(404).end() })
  const server: Server = createServer(app.handle)
  // Node closes an idle keep-alive socket after 5 s; a test whose worker is busy past that (transforming modules on a
  // loaded machine) can reuse a socket the server just closed, and its request fails with ECONNRESET.
  server.keepAliveTimeout = 120_000
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  app.setLoopbackPort(port)
  const url = `http://127.0.0.1:${port}`

  const signIn = await fetch(`${url}/console/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'cloud-console' },
    body: JSON.stringify(options.asMember ? { token: MEMBER_TOKEN } : { demo: true }),
  })
  const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!
  // Node's fetch keeps no cookie jar: the session cookie is added here, as a browser would.
  configureApi({
    baseUrl: url,
    fetch: (input, init) =>
      fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie } }),
  })
  setScope({ organizationId: cloud.demo.organizationId })

  async function platform<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
    const response = await fetch(`${url}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        cookie,
        'x-requested-with': 'cloud-console',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    })
    const text = await response.text()
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`)
    // Some writes are answered with no body (an organization's or a group's update, 200).
    return (text ? JSON.parse(text) : undefined) as T
  }

  async function idOf(listPath: string, name: string): Promise<string> {
    const items = await platform<Listed[]>(listPath)
    const found = items.find((item) => item.metadata.name === name || item.spec?.subject === name)
    if (!found) throw new Error(`no ${name} in ${listPath}`)
    return found.metadata.id
  }
  const identity = (path: string) => `/api/identity/api/v1/organizations/${cloud.demo.organizationId}${path}`
  const regionId = (name: string) => idOf(`/api/region/api/v1/organizations/${cloud.demo.organizationId}/regions`, name)

  return {
    url,
    cloud,
    platform,
    idOf,
    identity,
    regionId,
    answerNext: (method, path, answer) => void injected.push({ method, path, answer }),
    async workIn(project, region) {
      const projectId = project ? await idOf(identity('/projects'), project) : undefined
      setScope({ organizationId: cloud.demo.organizationId, projectId, regionId: region && (await regionId(region)) })
    },
    async stop() {
      resetApiConfig()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await cloud.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** Renders the app's real routes at a URL with a fresh query client, as the browser would after sign-in. */
export function renderRoute(path: string) {
  // Mantine keeps notifications in a module-level store: a toast from the previous test must not show in this one.
  notifications.clean()
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const router = createMemoryRouter(appRoutes(queryClient), { initialEntries: [path] })
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterWithAddress router={router} />
    </AppProviders>,
  )
  return { ...view, router, queryClient, user: userEvent.setup() }
}

/**
 * Loads the route modules (and the shell) that these URLs render, so the first test of a file does not pay for
 * transforming them: a cold route module took longer than a query's patience.
 */
export async function warmRoutes(...urls: string[]): Promise<void> {
  const routes = appRoutes(new QueryClient())
  const lazies = urls.flatMap((url) => (matchRoutes(routes, url) ?? []).map((match) => match.route.lazy))
  // The shell is not a lazy route but a React.lazy inside the root route's component (src/app/router.tsx).
  await Promise.all([
    import('../app/shell/AppLayout'),
    ...lazies.map((lazy) => (typeof lazy === 'function' ? lazy() : undefined)),
  ])
}

/**
 * Replaces a field's text the way a user selecting it all and pasting would. Typing key by key re-renders the whole
 * form per key in the test DOM, which made every form test slow; per-key behaviour is e2e's concern.
 *
 * One action, as Playwright's fill: user-event waits a timer turn after each action, and a clear followed by a paste
 * let other timers run between them. After a refused submit react-hook-form focuses the first invalid field again on
 * a timer; on a loaded machine that came after the clear had made the field valid, focus moved to the next invalid
 * field, and the paste went there.
 */
export async function fill(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  if (text === '') return user.clear(field)
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement))
    throw new Error(`fill: ${field.tagName} is not a text field`)
  field.focus()
  field.select()
  await user.paste(text)
}

/** Picks an option of a select in the page's main area, as a user clicking it open would. */
export async function choose(user: UserEvent, label: string | RegExp, option: string | RegExp): Promise<void> {
  await user.click(await within(await screen.findByRole('main')).findByRole('combobox', { name: label }))
  await user.click(await screen.findByRole('option', { name: option }))
}

/** What a text field holds now. */
export function valueOf(field: HTMLElement): string {
  return (field as HTMLInputElement).value
}

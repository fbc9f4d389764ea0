import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { render } from '@testing-library/react'
import { notifications } from '@mantine/notifications'
import { QueryClient } from '@tanstack/react-query'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { createConsoleApp } from '../../server/app'
import { readConfig } from '../../server/config'
import { createLocalCloud, type LocalCloud } from '../../server/local-cloud/index'
import { configureApi, resetApiConfig } from '../api/config'
import { AppProviders } from '../app/providers'
import { appRoutes } from '../app/router'
import { setScope } from '../lib/scope'

/**
 * The real console server with the embedded local cloud, on a free port, and the API module pointed at it with a
 * signed-in demo session. Integration tests render route modules against it: no stubbed network anywhere.
 */
export interface ConsoleHarness {
  url: string
  cloud: LocalCloud
  stop(): Promise<void>
}

export interface ConsoleOptions {
  /**
   * GET paths (regular expressions over the local cloud URL) answered 404 with an HTML page, as a platform that does
   * not offer those extension operations would: the console must degrade, not crash.
   */
  notOffered?: RegExp[]
}

export async function startConsole(options: ConsoleOptions = {}): Promise<ConsoleHarness> {
  const dataDir = await mkdtemp(join(tmpdir(), 'console-int-'))
  const cloud = await createLocalCloud({ dataDir, provisionMs: 0 })
  const config = { ...readConfig({ PORT: '0' }), publicUrl: 'http://127.0.0.1' }
  const notOffered = options.notOffered ?? []
  const offered = (method: string | undefined, url: string) =>
    method !== 'GET' || !notOffered.some((pattern) => pattern.test(url))
  const notOfferedPage = '<html><body>404 page not found</body></html>'
  // The console calls the cloud in-process through `fetch` when it has one, else through `handle`: both refuse alike.
  const cloudFetch = (cloud as { fetch?: (request: Request) => Promise<Response> }).fetch
  const localCloud = {
    ...cloud,
    handle: (req: IncomingMessage, res: ServerResponse) => {
      if (!offered(req.method, req.url ?? '')) {
        res.writeHead(404, { 'content-type': 'text/html' }).end(notOfferedPage)
        return
      }
      cloud.handle(req, res)
    },
    fetch:
      cloudFetch &&
      (async (request: Request) => {
        const url = new URL(request.url)
        if (offered(request.method, url.pathname + url.search)) return cloudFetch.call(cloud, request)
        return new Response(notOfferedPage, { status: 404, headers: { 'content-type': 'text/html' } })
      }),
  }
  const app = createConsoleApp({ config, localCloud, spa: (_req, res) => void res.writeHead(404).end() })
  const server: Server = createServer(app.handle)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  app.setLoopbackPort(port)
  const url = `http://127.0.0.1:${port}`

  const signIn = await fetch(`${url}/console/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'cloud-console' },
    body: JSON.stringify({ demo: true }),
  })
  const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!
  // Node's fetch keeps no cookie jar: the session cookie is added here, as a browser would.
  configureApi({
    baseUrl: url,
    fetch: (input, init) =>
      fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie } }),
  })
  setScope({ organizationId: cloud.demo.organizationId })

  return {
    url,
    cloud,
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
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  )
  return { ...view, router, queryClient }
}

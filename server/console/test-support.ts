// Shared by the console server's tests: a real console on a free port, and raw HTTP for what fetch will not send
// (a Host header, dot segments, one keep-alive connection).
import { request, type Agent, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createConsoleApp, type ConsoleAppOptions } from '../app.ts'
import { readConfig } from '../config.ts'
import { createConsoleHttpServer } from './connections.ts'

export async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

export interface RunningConsole {
  base: string
  port: number
  app: ReturnType<typeof createConsoleApp>
  close(): Promise<void>
}

/** A console server configured from `env` (PORT=0 and nothing embedded unless the env says so). */
export async function startConsoleServer(
  env: NodeJS.ProcessEnv,
  options: Omit<Partial<ConsoleAppOptions>, 'config'> = {},
): Promise<RunningConsole> {
  const config = readConfig({ PORT: '0', ...env })
  const app = createConsoleApp({ spa: (_req, res) => void res.writeHead(404).end(), ...options, config })
  const server = createConsoleHttpServer(app.handle, config)
  const base = await listen(server)
  const port = (server.address() as AddressInfo).port
  app.setLoopbackPort(port)
  return {
    base,
    port,
    app,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export interface RawAnswer {
  status: number
  headers: IncomingHttpHeaders
  body: string
  /** The body's bytes as they came over the wire (still compressed, if they were). */
  bytes: Buffer
  /** The client side's port: equal for two answers that came over one connection. */
  localPort: number | undefined
}

/** One HTTP request with exactly the target and headers given. */
export function rawRequest(
  base: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: Buffer | string; agent?: Agent },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const url = new URL(base)
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
        agent: options.agent ?? false,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
            bytes: Buffer.concat(chunks),
            localPort: req.socket?.localPort,
          }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(options.body)
  })
}

export const CSRF = { 'x-requested-with': 'cloud-console', 'content-type': 'application/json' }

/** Signs in with a token (or as the demo admin) and answers the cookie pair to send back. */
export async function signIn(base: string, body: object): Promise<string> {
  const res = await fetch(`${base}/console/session`, { method: 'POST', headers: CSRF, body: JSON.stringify(body) })
  if (res.status !== 201) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`)
  return res.headers.get('set-cookie')!.split(';')[0]!
}

/**
 * An identity API in which the caller is a member of `organizationId` (its ACL lets it read projects), as an embedded
 * local cloud: each project create is noted in `arrived` as it comes, and accepted with `status` once `held` settles.
 */
export function projectsPlatform(organizationId: string, arrived: string[], held = Promise.resolve(), status = 200) {
  return {
    tokens: { admin: 'demo-admin-token-secret' },
    fetch: async (request: Request) => {
      const { pathname } = new URL(request.url)
      if (pathname.endsWith('/acl'))
        return Response.json({ organization: { endpoints: [{ name: 'identity:projects', operations: ['read'] }] } })
      if (request.method !== 'POST') return Response.json([])
      const { metadata } = (await request.json()) as { metadata: { name: string } }
      arrived.push(metadata.name)
      await held
      return Response.json({ metadata: { id: `id-${metadata.name}`, name: metadata.name, organizationId } }, { status })
    },
  }
}

import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { createConsoleApp } from '../server/app.ts'

/**
 * A console app on a loopback port, once its session store is ready, with a demo admin signed in: what a bench of the
 * console's request path measures against.
 */
export async function signedInConsole(app: ReturnType<typeof createConsoleApp>) {
  const server = createServer(app.handle)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  const base = `http://127.0.0.1:${port}`
  app.setLoopbackPort(port)
  for (let i = 0; i < 200 && (await fetch(`${base}/readyz`)).status !== 200; i++)
    await new Promise((resolve) => setTimeout(resolve, 20))
  const signIn = await fetch(`${base}/console/session`, {
    method: 'POST',
    headers: { 'x-requested-with': 'cloud-console', 'content-type': 'application/json' },
    body: '{"demo":true}',
  })
  const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!
  return { server, base, cookie }
}
